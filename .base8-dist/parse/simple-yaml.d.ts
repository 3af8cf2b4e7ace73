/**
 * A fast path for the frontmatter almost every skill has: flat `key: value` lines with plain or quoted string
 * values. Anything else (nesting, lists, block scalars, escapes, numbers, booleans, comments after values,
 * duplicate keys) returns undefined and the caller uses the full YAML parser. Why: loading the `yaml` package
 * costs ~30 ms, a fifth of a one-skill CLI run. The result must equal what `yaml` returns for the same text
 * (a test checks this over the whole corpus).
 */
export interface SimpleYaml {
    data: Record<string, string>;
    /** 1-based line of each key within the YAML text. */
    keyLines: Record<string, number>;
}
export declare function parseSimpleYaml(text: string): SimpleYaml | undefined;
