import { allSections } from '../../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import type { SkillDocument } from '../../../parse/skill.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { appendSection } from '../improvements/body-edits.js';
import { skillLines } from '../improvements/edits.js';
import { fileLine } from '../../../parse/skill.js';
import type { Improvement } from '../types.js';

const EXAMPLES = /\b(?:examples?|usage|walkthrough|sample)\b/i;
const TROUBLESHOOTING =
  /\b(?:troubleshoot\w*|common (?:issues|problems|mistakes|errors|pitfalls)|faq|pitfalls|edge cases|gotchas|error handling)\b/i;

export const structuralCompleteness: StaticCheck = {
  id: 'structural-completeness',
  subScore: 'structural_completeness',
  methodology: 'default',
  description:
    'Non-empty H2/H3 sections, real code blocks in several languages, examples and troubleshooting sections, ' +
    'real tables, decision guidance.',
  reads: ['body', 'files'],
  run(skill) {
    const md = skill.markdown;
    const s = signals(skill);
    // A section counts only if something (prose or code) sits under its heading before the next heading.
    const sections = allSections(md.root).filter((sec) => {
      const { depth } = sec.heading!;
      if (depth !== 2 && depth !== 3) return false;
      const end = sec.children[0]?.startLine ?? sec.endLine + 1;
      for (let l = sec.startLine + sec.heading!.lines; l < end; l++)
        if ((md.proseLines[l - 1] ?? '').trim() !== '' || md.codeLines.has(l)) return true;
      return false;
    });
    const b = new ScoreBuilder();
    const h = sections.length;
    b.add(h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0, `${h} non-empty H2/H3 sections`);
    const blocks = md.codeBlocks.filter((c) => c.value.trim() !== '').length;
    b.add(blocks >= 3 ? 0.2 : blocks >= 2 ? 0.15 : blocks >= 1 ? 0.1 : 0, `${blocks} code block(s)`);
    const langs = new Set(
      md.codeBlocks
        .filter((c) => c.value.trim() !== '')
        .map((c) => c.lang.toLowerCase())
        .filter(Boolean),
    );
    b.add(langs.size >= 3 ? 0.15 : langs.size >= 2 ? 0.1 : 0, `${langs.size} languages`);
    const titles = sections.map((sec) => sec.heading!.text);
    b.add(
      0.15,
      'examples section',
      titles.some((t) => EXAMPLES.test(t)),
    );
    b.add(
      0.15,
      'troubleshooting section',
      titles.some((t) => TROUBLESHOOTING.test(t)),
    );
    b.add(0.1, `${md.tables.length} table(s)`, md.tables.length > 0);
    b.add(
      0.05,
      'decision guidance',
      /\b(?:decision|when to use|when not to use|comparison|trade-?offs?)\b/.test(s.proseLower),
    );
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(skill, outcome) {
    const has = (reason: string) => outcome.evidence.some((e) => e.includes(reason));
    const out: Improvement[] = [];
    if (!has('examples section')) {
      const body = 'A request the skill handles, then what it does and returns for it, step by step.';
      out.push({
        id: 'structural-completeness/examples',
        action: 'No Examples section: add one worked example (a real request and what the skill returns).',
        example: `## Examples\n\n${body}`,
        edits: [appendSection('Examples', body)],
      });
    }
    if (!has('troubleshooting section')) {
      const body = '- If (a failure the skill can meet), then (what to do about it).';
      out.push({
        id: 'structural-completeness/troubleshooting',
        action:
          'No Troubleshooting section: add one listing the failures the skill can meet and what to do about each.',
        example: `## Troubleshooting\n\n${body}`,
        edits: [appendSection('Troubleshooting', body)],
      });
    }
    const tags = untaggedBlocks(skill);
    if (tags.length > 0) {
      out.push({
        id: 'structural-completeness/code-languages',
        action:
          `${tags.length} code block(s) have no language tag (line ${tags.map((t) => t.line).join(', ')}): tag ` +
          `each with its language.`,
        example: tags.map((t) => `line ${t.line}: ${t.text}`).join('\n'),
        edits: tags.map((t) => ({
          op: 'replace-lines' as const,
          file: 'SKILL.md',
          start: t.line,
          end: t.line,
          text: t.text,
        })),
      });
    }
    return out;
  },
};

/** The language of an untagged block when its content makes it plain; undefined when in doubt. */
function guessLanguage(code: string): string | undefined {
  const t = code.trim();
  if (/^[[{]/.test(t)) {
    try {
      JSON.parse(t);
      return 'json';
    } catch {
      // not JSON
    }
  }
  const first = t.split('\n')[0] ?? '';
  if (/^\$ |^(?:npm|npx|git|cd|ls|mkdir|pip|python3?|node|curl|docker|make|cargo|go|brew|apt-get|export) /.test(first))
    return 'bash';
  if (/^(?:def |import |from \S+ import |class \w+[:(])/m.test(t)) return 'python';
  if (/^(?:const |let |function |export |import .* from ['"])/m.test(t)) return 'typescript';
  return undefined;
}

/** Opening fence lines of untagged blocks whose language can be told, rewritten with the tag. */
function untaggedBlocks(skill: SkillDocument): { line: number; text: string }[] {
  const lines = skillLines(skill.text);
  const out: { line: number; text: string }[] = [];
  for (const block of skill.markdown.codeBlocks) {
    if (block.lang !== '' || block.value.trim() === '') continue;
    const lang = guessLanguage(block.value);
    const n = fileLine(skill, block.startLine);
    const fence = lines[n - 1] ?? '';
    if (lang && /^(\s*(?:[-*+]\s+|\d+[.)]\s+)?)(`{3,}|~{3,})\s*$/.test(fence))
      out.push({ line: n, text: `${fence.trimEnd()}${lang}` });
  }
  return out;
}
