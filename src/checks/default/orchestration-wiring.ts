import { allSections } from '../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';

const OUTPUT_HEADING = /\b(?:output|outputs|returns?|result|results|report|deliverables?|response format)\b/i;
const INPUT_HEADING = /\b(?:inputs?|parameters|arguments|usage|prerequisites|requirements)\b/i;

export const orchestrationWiring: StaticCheck = {
  id: 'orchestration-wiring',
  subScore: 'orchestration_wiring',
  methodology: 'default',
  description: 'Documents what the skill receives and returns (in prose or sections, never code), shows worked examples, and avoids supervisor language.',
  run(skill) {
    const s = signals(skill);
    const prose = s.proseLower;
    const headings = allSections(skill.markdown.root).map((sec) => sec.heading!.text);
    const b = new ScoreBuilder(0.7, 'base');
    const outputSection = headings.some((h) => OUTPUT_HEADING.test(h));
    b.add(0.1, 'describes its output format', outputSection || /\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturns?\b.*\bjson\b/.test(prose));
    b.add(0.05, 'says what it returns or produces', /\b(?:returns?|produces?|outputs?|generates?)\b/.test(prose));
    b.add(0.1, 'documents its inputs', headings.some((h) => INPUT_HEADING.test(h)) || /\b(?:input|inputs|receives?|accepts?|parameters?|arguments?|args?)\b/.test(prose));
    b.add(0.05, 'has a code example', skill.markdown.codeBlocks.length >= 1);
    // Substring checks first: the regex runs only on the rare prose that could match.
    const mayBeSupervisor = ['orchestrat', 'coordinat', 'dispatch', 'workflow'].some((w) => prose.includes(w));
    const supervisor = mayBeSupervisor ? /\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*|\bmanag(?:e|es|ing) (?:the )?workflow/.exec(prose) : null;
    b.add(-0.15, `supervisor language in prose ("${supervisor?.[0] ?? ''}"); keep orchestration in agents`, supervisor !== null);
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
};
