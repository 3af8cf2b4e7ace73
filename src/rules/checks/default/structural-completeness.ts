import { allSections } from '../../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { appendSection } from '../improvements/body-edits.js';
import type { Improvement } from '../types.js';

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
    b.add(0.2, `${sections.length} non-empty H2/H3 sections (two or more)`, sections.length >= 2);
    let steps = 0;
    for (const line of md.proseLines) if (NUMBERED_STEP.test(line) && ++steps >= 2) break;
    b.add(0.2, 'step-by-step instructions (a numbered list)', steps >= 2);
    const titles = sections.map((sec) => sec.heading!.text);
    b.add(
      0.3,
      'examples section',
      titles.some((t) => EXAMPLES.test(t)),
    );
    b.add(
      0.3,
      'edge cases / troubleshooting section',
      titles.some((t) => EDGE_CASES.test(t)),
    );
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(_skill, outcome) {
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
    return out;
  },
};
