/** MUST / NEVER / ALWAYS as whole words, case-sensitive: the directives both methodologies count. */
export declare const DIRECTIVE: RegExp;
