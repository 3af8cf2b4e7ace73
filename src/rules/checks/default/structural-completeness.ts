import { allSections } from '../../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import type { SkillDocument } from '../../../parse/skill.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import { gainWith } from '../shared/score-builder.js';
import { skillLines } from '../improvements/edits.js';
import { fileLine } from '../../../parse/skill.js';
import type { Improvement } from '../types.js';

const EXAMPLES_SECTION = 'examples section';
const TROUBLESHOOTING_SECTION = 'troubleshooting section';
const LANGUAGES = ' languages';
const SECTIONS = ' non-empty H2/H3 sections';
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
    const sections = nonEmptySections(skill);
    const b = new ScoreBuilder();
    const h = sections.length;
    b.add(sectionPoints(h), `${h}${SECTIONS}`);
    const blocks = md.codeBlocks.filter((c) => c.value.trim() !== '').length;
    b.add(blocks >= 3 ? 0.2 : blocks >= 2 ? 0.15 : blocks >= 1 ? 0.1 : 0, `${blocks} code block(s)`);
    const langs = new Set(
      md.codeBlocks
        .filter((c) => c.value.trim() !== '')
        .map((c) => c.lang.toLowerCase())
        .filter(Boolean),
    );
    b.add(languagePoints(langs.size), `${langs.size}${LANGUAGES}`);
    const titles = sections.map((sec) => sec.heading!.text);
    b.add(
      0.15,
      EXAMPLES_SECTION,
      titles.some((t) => EXAMPLES.test(t)),
    );
    b.add(
      0.15,
      TROUBLESHOOTING_SECTION,
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
  /** Examples and Troubleshooting sections of fixed text when missing; tags on code blocks whose language is plain. */
  improve(skill, outcome) {
    const has = (reason: string) => outcome.evidence.some((e) => e.includes(reason));
    const out: Improvement[] = [];
    const name = skill.name ?? skill.dirName;
    const sections = nonEmptySections(skill).length;
    for (const [id, why, key] of [
      ['structural-completeness/examples', EXAMPLES_SECTION, 'examples'],
      ['structural-completeness/troubleshooting', TROUBLESHOOTING_SECTION, 'troubleshooting'],
    ] as const) {
      if (has(why)) continue;
      const example = tipExample(key, name);
      out.push({
        id,
        action: tipText(key),
        example,
        edits: [{ op: 'append', file: 'SKILL.md', text: example }],
        // The fixed section earns its own term and is one more non-empty section.
        gain: gainWith(outcome, (w) =>
          w === why ? true : w.endsWith(SECTIONS) ? sectionPoints(sections + 1) : undefined,
        ),
      });
    }
    const tags = untaggedBlocks(skill);
    if (tags.length > 0) {
      const languages = new Set([
        ...skill.markdown.codeBlocks
          .filter((c) => c.value.trim() !== '')
          .map((c) => c.lang.toLowerCase())
          .filter(Boolean),
        ...tags.map((t) => t.lang),
      ]);
      out.push({
        id: 'structural-completeness/code-languages',
        action: tipText(
          'codeLanguages',
          tags.length,
          tags.map((t) => t.line),
        ),
        edits: tags.map((t) => ({
          op: 'replace-lines' as const,
          file: 'SKILL.md',
          start: t.line,
          end: t.line,
          text: t.text,
        })),
        gain: gainWith(outcome, (w) => (w.endsWith(LANGUAGES) ? languagePoints(languages.size) : undefined)),
      });
    }
    return out;
  },
};

/** H2 and H3 sections with something (prose or code) under the heading before the next heading. */
function nonEmptySections(skill: SkillDocument) {
  const md = skill.markdown;
  return allSections(md.root).filter((sec) => {
    const { depth } = sec.heading!;
    if (depth !== 2 && depth !== 3) return false;
    const end = sec.children[0]?.startLine ?? sec.endLine + 1;
    for (let l = sec.startLine + sec.heading!.lines; l < end; l++)
      if ((md.proseLines[l - 1] ?? '').trim() !== '' || md.codeLines.has(l)) return true;
    return false;
  });
}

/** Points for `h` non-empty H2/H3 sections. */
const sectionPoints = (h: number): number => (h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0);

/** Points for code blocks in `n` distinct languages. */
const languagePoints = (n: number): number => (n >= 3 ? 0.15 : n >= 2 ? 0.1 : 0);

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
function untaggedBlocks(skill: SkillDocument): { line: number; lang: string; text: string }[] {
  const lines = skillLines(skill.text);
  const out: { line: number; lang: string; text: string }[] = [];
  for (const block of skill.markdown.codeBlocks) {
    if (block.lang !== '' || block.value.trim() === '') continue;
    const lang = guessLanguage(block.value);
    const n = fileLine(skill, block.startLine);
    const fence = lines[n - 1] ?? '';
    if (lang && /^(\s*(?:[-*+]\s+|\d+[.)]\s+)?)(`{3,}|~{3,})\s*$/.test(fence))
      out.push({ line: n, lang, text: `${fence.trimEnd()}${lang}` });
  }
  return out;
}
