/** MUST / NEVER / ALWAYS as whole words, case-sensitive: the directives both methodologies count. */
export const DIRECTIVE = /\b(?:MUST|NEVER|ALWAYS)\b/g;
