import { CLAUDE_TOOL_ALTERNATION, backtickedToolRefs } from '../shared/claude-tools.js';
import type { SkillEdit } from '../../../model/result.js';
import type { MarkdownComponent } from '../../../parse/plugin.js';

/** Improvement helpers for a plugin's agents and commands: built only from the component's own text. */

const CANONICAL_TOOLS = CLAUDE_TOOL_ALTERNATION.split('|');
const TOOL_IN_PROSE = new RegExp(`\\b[Tt]he\\s+\`?(${CLAUDE_TOOL_ALTERNATION})\`?\\s+tool\\b`, 'g');
const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'zsh', 'console']);
/** Inline code that is a shell command line ("`git clone ...`", "`scripts/run.sh`"): the component runs Bash. */
const SHELL_COMMAND =
  /^(?:git|curl|wget|npm|npx|pnpm|yarn|node|python3?|pip3?|uv|tar|make|cargo|go|docker|gh|bash|sh)\s|\.(?:sh|py)(?:\s|$)/;

/**
 * Claude Code tools the component's body names as tools ("use `Grep`", "the Read tool"), plus Bash when it runs
 * shell (a shell code block, inline code that is a command line, or a `!` command line in a slash command), in the
 * canonical order.
 */
export function toolsNamedIn(component: MarkdownComponent): string[] {
  const found = new Set<string>();
  for (const t of backtickedToolRefs(component.body)) found.add(t.toLowerCase());
  for (const m of component.body.matchAll(TOOL_IN_PROSE)) found.add(m[1]!.toLowerCase());
  const runsShell =
    component.markdown.codeBlocks.some((b) => SHELL_LANGS.has(b.lang.toLowerCase())) ||
    component.markdown.inlineCode.some((c) => SHELL_COMMAND.test(c.value)) ||
    (component.kind === 'command' && /^\s*!`[^`]+`/m.test(component.body));
  if (runsShell) found.add('bash');
  return CANONICAL_TOOLS.filter((t) => found.has(t.toLowerCase()));
}

const BULLET = /^([-*+])\s+(.*)$/;

/** The first run of two or more top-level bullets outside code, rewritten as a numbered list (file line numbers). */
export function numberedBullets(component: MarkdownComponent, file: string): SkillEdit[] | undefined {
  const lines = component.body.replace(/\r\n?/g, '\n').split('\n');
  const offset = component.frontmatter.bodyStartLine - 1;
  for (let i = 0; i < lines.length; i++) {
    if (component.markdown.codeLines.has(i + 1) || !BULLET.test(lines[i]!)) continue;
    let end = i;
    while (end + 1 < lines.length && !component.markdown.codeLines.has(end + 2) && BULLET.test(lines[end + 1]!)) end++;
    if (end === i) continue;
    const numbered = lines.slice(i, end + 1).map((l, k) => `${k + 1}. ${BULLET.exec(l)![2]}`);
    return [{ op: 'replace-lines', file, start: i + 1 + offset, end: end + 1 + offset, text: numbered.join('\n') }];
  }
  return undefined;
}
