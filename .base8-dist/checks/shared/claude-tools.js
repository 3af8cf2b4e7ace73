/** Claude Code tool names, and how PluginEval spots a skill that assumes them (shared by both methodologies). */
/** The tool names as a regex alternation, in PluginEval's order (LS before LSP matters only for captures). */
export const CLAUDE_TOOL_ALTERNATION = 'Read|Edit|Write|Bash|Grep|Glob|Agent|Task|TodoWrite|WebFetch|WebSearch|LS|LSP';
const TOOLS = CLAUDE_TOOL_ALTERNATION;
const TOOL_NAMES_LOWER = TOOLS.toLowerCase().split('|');
const TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, 'gi');
const TOOL_PROSE = new RegExp(`\\b[Tt]he\\s+(?:${TOOLS})\\s+tool\\b`);
/** Backticked tool names used as tools ("use `Bash`", "`Read` tool"), case-insensitive, deduplicated. */
export function backtickedToolRefs(text) {
    const tools = new Set();
    // Cheap pre-check: the regex can only match where a tool name sits in backticks.
    if (!text.includes('`'))
        return tools;
    const lower = text.toLowerCase();
    if (!TOOL_NAMES_LOWER.some((t) => lower.includes(`\`${t}\``)))
        return tools;
    for (const m of text.matchAll(TOOL_REF))
        tools.add((m[1] ?? m[2]));
    return tools;
}
/** "The Read tool" style prose (default methodology; compat reproduces PluginEval's own pattern in compat/harness-portability). */
export function mentionsToolInProse(text) {
    return TOOL_PROSE.test(text);
}
//# sourceMappingURL=claude-tools.js.map