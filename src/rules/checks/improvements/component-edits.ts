import { CLAUDE_TOOL_ALTERNATION, backtickedToolRefs } from '../shared/claude-tools.js';
import type { SkillEdit } from '../../../model/result.js';
import type { MarkdownComponent } from '../../../parse/plugin.js';
import { purposeAsUse } from './description.js';

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

/** The first prose sentence of the body (5 words or more), Markdown emphasis and code ticks removed. */
export function firstProseSentence(component: MarkdownComponent): string | undefined {
  for (const line of component.markdown.proseLines) {
    const t = line.trim();
    if (t === '' || /^[#|><]/.test(t) || /^[-*+]\s|^\d+[.)]\s/.test(t)) continue;
    const sentence = (/^(.+?[.!?])(?:\s|$)/.exec(t)?.[1] ?? t).replace(/[*_`]/g, '').trim();
    if (sentence.split(/\s+/).length >= 5)
      return sentence.length > 200 ? `${sentence.slice(0, 200).replace(/\s+\S*$/, '')}.` : sentence;
  }
  return undefined;
}

/**
 * "Expert code reviewer who ..." from "You are an expert code reviewer who ...": a system prompt's opening as a
 * description.
 */
function asDescription(sentence: string): string {
  const s = sentence.replace(/^you\s+are\s+(?:an?\s+|the\s+)?/i, '');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const words = (stem: string) => stem.replace(/[-_]+/g, ' ').trim();

/**
 * An agent description that says what it does (its current description, else its prompt's first sentence, else
 * its file name) and, when it does not yet, when to use it ("Use for reviewing ..." from "Reviews ...", else "Use
 * when a task needs the <name>"). Undefined when it would be no better than what is there.
 */
export function agentDescription(
  current: string,
  firstSentence: string | undefined,
  stem: string,
  saysWhen: boolean,
): string | undefined {
  const now = current.replace(/\s+/g, ' ').trim();
  let what =
    now.length >= 20
      ? now
      : firstSentence
        ? asDescription(firstSentence)
        : now !== ''
          ? now
          : `The ${words(stem)} agent`;
  if (!/[.!?]$/.test(what)) what = `${what}.`;
  if (saysWhen) return what.length >= 40 ? what : undefined;
  const use = purposeAsUse(what);
  const out = `${what} ${use ? `Use ${use.replace(/[.!?]+$/, '')}` : `Use when a task needs the ${words(stem)}`}.`;
  return out.length >= 40 ? out : undefined;
}

/**
 * A one-line command description: its first prose sentence, else "<name words>: <current>" when that reaches 20
 * characters.
 */
export function commandDescription(
  current: string,
  firstSentence: string | undefined,
  stem: string,
): string | undefined {
  if (firstSentence && firstSentence.length >= 20) return firstSentence;
  const named = current === '' ? undefined : `${words(stem).replace(/^./, (c) => c.toUpperCase())}: ${current}`;
  return named && named.length >= 20 ? named : undefined;
}

const BULLET = /^([-*+])\s+(.*)$/;

/** The first run of two or more top-level bullets outside code, rewritten as a numbered list (file line numbers). */
export function numberedBullets(
  component: MarkdownComponent,
  file: string,
): { example: string; edits: SkillEdit[] } | undefined {
  const lines = component.body.replace(/\r\n?/g, '\n').split('\n');
  const offset = component.frontmatter.bodyStartLine - 1;
  for (let i = 0; i < lines.length; i++) {
    if (component.markdown.codeLines.has(i + 1) || !BULLET.test(lines[i]!)) continue;
    let end = i;
    while (end + 1 < lines.length && !component.markdown.codeLines.has(end + 2) && BULLET.test(lines[end + 1]!)) end++;
    if (end === i) continue;
    const numbered = lines.slice(i, end + 1).map((l, k) => `${k + 1}. ${BULLET.exec(l)![2]}`);
    return {
      example: numbered.join('\n'),
      edits: [{ op: 'replace-lines', file, start: i + 1 + offset, end: end + 1 + offset, text: numbered.join('\n') }],
    };
  }
  return undefined;
}
