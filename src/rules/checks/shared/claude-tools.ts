/** Claude Code tool names, and how PluginEval spots a skill that assumes them (shared by both methodologies). */
import { TOOL_NAMES } from '../../../data/claude-code.js';

/** The tool names as a regex alternation, in PluginEval's order (LS before LSP matters only for captures). */
export const CLAUDE_TOOL_ALTERNATION = TOOL_NAMES.join('|');
const TOOLS = CLAUDE_TOOL_ALTERNATION;
const TOOL_NAMES_LOWER: ReadonlySet<string> = new Set(TOOLS.toLowerCase().split('|'));
const LONGEST_TOOL_NAME = Math.max(...TOOL_NAMES.map((t) => t.length));
const TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, 'gi');
const TOOL_PROSE = new RegExp(`\\b[Tt]he\\s+(?:${TOOLS})\\s+tool\\b`);

/** Backticked tool names used as tools ("use `Bash`", "`Read` tool"), case-insensitive, deduplicated. */
export function backtickedToolRefs(text: string): Set<string> {
  const tools = new Set<string>();
  // Cheap pre-check: the regex can only match where a tool name sits in backticks.
  if (!hasBacktickedToolName(text)) return tools;
  for (const m of text.matchAll(TOOL_REF)) tools.add((m[1] ?? m[2])!);
  return tools;
}

/**
 * Whether some tool name, in any case, stands alone between two backticks: the text between two backticks with none
 * between them is lowercased on its own when it is short enough to be a name (no copy of the whole text; lowercasing
 * is per character here, as no tool name holds a sigma, the one letter whose lowercase depends on its neighbours).
 */
function hasBacktickedToolName(text: string): boolean {
  for (let open = text.indexOf('`'); open !== -1; ) {
    const close = text.indexOf('`', open + 1);
    if (close === -1) return false;
    if (close - open - 1 <= LONGEST_TOOL_NAME && TOOL_NAMES_LOWER.has(text.slice(open + 1, close).toLowerCase()))
      return true;
    open = close;
  }
  return false;
}

/**
 * "The Read tool" style prose (default methodology; compat reproduces PluginEval's own pattern in
 * compat/harness-portability).
 */
export function mentionsToolInProse(text: string): boolean {
  return TOOL_PROSE.test(text);
}
