import { allSections } from '../../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import { earn, gainWith } from '../shared/score-builder.js';
import type { Improvement } from '../types.js';

const OUTPUT_HEADING = /\b(?:output|outputs|returns?|result|results|report|deliverables?|response format)\b/i;
const OUTPUT_FORMAT = 'describes its output format';
const SAYS_RETURNS = 'says what it returns or produces';
const DOCUMENTS_INPUTS = 'documents its inputs';
const INPUT_HEADING = /\b(?:inputs?|parameters|arguments|usage|prerequisites|requirements)\b/i;

export const orchestrationWiring: StaticCheck = {
  id: 'orchestration-wiring',
  subScore: 'orchestration_wiring',
  methodology: 'default',
  description:
    'Documents what the skill receives and returns (in prose or sections, never code), shows worked examples, ' +
    'and avoids supervisor language.',
  run(skill) {
    const s = signals(skill);
    const prose = s.proseLower;
    const headings = allSections(skill.markdown.root).map((sec) => sec.heading!.text);
    const b = new ScoreBuilder(0.7, 'base');
    const outputSection = headings.some((h) => OUTPUT_HEADING.test(h));
    b.add(
      0.1,
      OUTPUT_FORMAT,
      outputSection || /\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturns?\b.*\bjson\b/.test(prose),
    );
    b.add(0.05, SAYS_RETURNS, /\b(?:returns?|produces?|outputs?|generates?)\b/.test(prose));
    b.add(
      0.1,
      DOCUMENTS_INPUTS,
      headings.some((h) => INPUT_HEADING.test(h)) ||
        /\b(?:input|inputs|receives?|accepts?|parameters?|arguments?|args?)\b/.test(prose),
    );
    b.add(0.05, 'has a code example', skill.markdown.codeBlocks.length >= 1);
    // Substring checks first: the regex runs only on the rare prose that could match.
    const mayBeSupervisor = ['orchestrat', 'coordinat', 'dispatch', 'workflow'].some((w) => prose.includes(w));
    const supervisor = mayBeSupervisor
      ? /\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*|\bmanag(?:e|es|ing) (?:the )?workflow/.exec(prose)
      : null;
    b.add(
      -0.15,
      `supervisor language in prose ("${supervisor?.[0] ?? ''}"); keep orchestration in agents`,
      supervisor !== null,
    );
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  /** An Output or Input section of fixed text when none is documented; its gain is the terms it earns here. */
  improve(skill, outcome) {
    const has = (reason: string) => outcome.evidence.some((e) => e.includes(reason));
    const out: Improvement[] = [];
    const name = skill.name ?? skill.dirName;
    if (!has(OUTPUT_FORMAT)) {
      const example = tipExample('output', name);
      out.push({
        id: 'orchestration-wiring/output',
        action: tipText('output'),
        example,
        edits: [{ op: 'append', file: 'SKILL.md', text: example }],
        // The fixed section is an Output heading whose text says "Returns".
        gain: gainWith(outcome, earn(OUTPUT_FORMAT, SAYS_RETURNS)),
      });
    }
    if (!has(DOCUMENTS_INPUTS)) {
      const example = tipExample('input', name);
      out.push({
        id: 'orchestration-wiring/input',
        action: tipText('input'),
        example,
        edits: [{ op: 'append', file: 'SKILL.md', text: example }],
        gain: gainWith(outcome, earn(DOCUMENTS_INPUTS)),
      });
    }
    return out;
  },
};
