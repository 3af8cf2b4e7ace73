/** Names of the output formats, as the CLI's `--output` option spells them. */
export const REPORTER_NAMES = ['text', 'json', 'jsonl', 'markdown', 'html', 'junit', 'sarif'];
//# sourceMappingURL=types.js.map