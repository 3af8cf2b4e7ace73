/** Claude Code tool names, and how PluginEval spots a skill that assumes them (shared by both methodologies). */
import { TOOL_NAMES } from '../../../data/claude-code.js';

/** The tool names as a regex alternation, in PluginEval's order (LS before LSP matters only for captures). */
export const CLAUDE_TOOL_ALTERNATION = TOOL_NAMES.join('|');
const TOOLS = CLAUDE_TOOL_ALTERNATION;
const TOOL_NAMES_LOWER = TOOLS.toLowerCase().split('|');
const TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, 'gi');
const TOOL_PROSE = new RegExp(`\\b[Tt]he\\s+(?:${TOOLS})\\s+tool\\b`);

/** Backticked tool names used as tools ("use `Bash`", "`Read` tool"), case-insensitive, deduplicated. */
export function backtickedToolRefs(text: string): Set<string> {
  const tools = new Set<string>();
  // Cheap pre-check: the regex can only match where a tool name sits in backticks.
  if (!text.includes('`')) return tools;
  const lower = text.toLowerCase();
  if (!TOOL_NAMES_LOWER.some((t) => lower.includes(`\`${t}\``))) return tools;
  for (const m of text.matchAll(TOOL_REF)) tools.add((m[1] ?? m[2])!);
  return tools;
}

/**
 * "The Read tool" style prose (default methodology; compat reproduces PluginEval's own pattern in
 * compat/harness-portability).
 */
export function mentionsToolInProse(text: string): boolean {
  return TOOL_PROSE.test(text);
}
