/** Claude Code tool names, and how PluginEval spots a skill that assumes them (shared by both methodologies). */
/** The tool names as a regex alternation, in PluginEval's order (LS before LSP matters only for captures). */
export declare const CLAUDE_TOOL_ALTERNATION = "Read|Edit|Write|Bash|Grep|Glob|Agent|Task|TodoWrite|WebFetch|WebSearch|LS|LSP";
/** Backticked tool names used as tools ("use `Bash`", "`Read` tool"), case-insensitive, deduplicated. */
export declare function backtickedToolRefs(text: string): Set<string>;
/** "The Read tool" style prose (default methodology; compat reproduces PluginEval's own pattern in compat/harness-portability). */
export declare function mentionsToolInProse(text: string): boolean;
