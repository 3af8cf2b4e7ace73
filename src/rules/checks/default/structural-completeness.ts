import { LINE_BLANK, allSections } from '../../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import type { SkillDocument } from '../../../parse/skill.js';
import { ScoreBuilder, gainWith } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import type { Improvement } from '../types.js';

const EXAMPLES_SECTION = 'examples section';
const EDGE_CASES_SECTION = 'edge cases / troubleshooting section';
const SECTIONS = ' non-empty H2/H3 sections (two or more)';
const EXAMPLES = /\b(?:examples?|usage|walkthrough|sample)\b/i;
const EDGE_CASES =
  /\b(?:troubleshoot\w*|common (?:issues|problems|mistakes|errors|pitfalls)|faq|pitfalls|edge cases?|gotchas|error handling)\b/i;
const NUMBERED_STEP = /^\s*\d{1,9}[.)]\s+\S/;

/**
 * The Agent Skills spec's recommended body sections, one part each: step-by-step instructions, examples of inputs and
 * outputs, common edge cases; and a body organised into sections. How many sections, code blocks, languages or tables
 * a skill has earns nothing: no evidence says more of them helps, and SkillsBench found comprehensive documentation
 * doing worse than focused skills.
 */
export const structuralCompleteness: StaticCheck = {
  id: 'structural-completeness',
  subScore: 'structural_completeness',
  methodology: 'default',
  description:
    "The Agent Skills spec's recommended body: two or more non-empty H2/H3 sections, numbered steps, an examples " +
    'section and an edge-cases or troubleshooting section.',
  run(skill) {
    const md = skill.markdown;
    const s = signals(skill);
    const sections = nonEmptySections(skill);
    const b = new ScoreBuilder();
    b.add(0.2, `${sections.length}${SECTIONS}`, sections.length >= 2);
    let steps = 0;
    for (const line of md.proseTexts) if (NUMBERED_STEP.test(line) && ++steps >= 2) break;
    b.add(0.2, 'step-by-step instructions (a numbered list)', steps >= 2);
    const titles = sections.map((sec) => sec.heading!.text);
    b.add(
      0.3,
      EXAMPLES_SECTION,
      titles.some((t) => EXAMPLES.test(t)),
    );
    b.add(
      0.3,
      EDGE_CASES_SECTION,
      titles.some((t) => EDGE_CASES.test(t)),
    );
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  /** Examples and Troubleshooting sections of fixed text when missing. */
  improve(skill, outcome) {
    const has = (reason: string) => outcome.evidence.some((e) => e.includes(reason));
    const out: Improvement[] = [];
    const name = skill.name ?? skill.dirName;
    const sections = nonEmptySections(skill).length;
    for (const [id, why, key] of [
      ['structural-completeness/examples', EXAMPLES_SECTION, 'examples'],
      ['structural-completeness/troubleshooting', EDGE_CASES_SECTION, 'troubleshooting'],
    ] as const) {
      if (has(why)) continue;
      const example = tipExample(key, name);
      out.push({
        id,
        action: tipText(key),
        example,
        edits: [{ op: 'append', file: 'SKILL.md', text: example }],
        // The fixed section earns its own term and is one more non-empty section.
        gain: gainWith(outcome, (w) => (w === why ? true : w.endsWith(SECTIONS) ? sections + 1 >= 2 : undefined)),
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
    for (let l = sec.startLine + sec.heading!.lines; l < end; l++) if (md.lineKinds[l - 1] !== LINE_BLANK) return true;
    return false;
  });
}
