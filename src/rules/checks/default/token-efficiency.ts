import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { dropRepeatedLines, softenDirectives } from '../improvements/body-edits.js';
import type { Improvement } from '../types.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import { gainWith } from '../shared/score-builder.js';

const DENSITY = 'directive density ';
const REPEATED = '% repeated prose lines';
const MOSTLY_REPEATED = 'more than 30% of the prose repeats itself';

export const tokenEfficiency: StaticCheck = {
  id: 'token-efficiency',
  subScore: 'token_efficiency',
  methodology: 'default',
  description:
    'MUST/NEVER/ALWAYS density in prose, and repeated prose lines (fence lines and code ignored; ' +
    'near-duplicates count).',
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, 'base');
    const directives = s.directives;
    const density = directives / Math.max(1, s.prose.length);
    b.add(
      density > 0.5 ? -0.4 : density > 0.2 ? -0.2 : density > 0.1 ? -0.1 : 0,
      `${DENSITY}${density.toFixed(2)} (${directives} in ${s.prose.length} prose lines)`,
    );
    if (s.nonEmptyLines > 0) {
      const repetition = 1 - s.distinctNonEmptyLines / s.nonEmptyLines;
      b.add(-0.4 * repetition, `${(repetition * 100).toFixed(1)}${REPEATED}`, repetition > 0);
      b.add(-0.3, MOSTLY_REPEATED, repetition > 0.3);
    }
    return b.done();
  },
  /** Directives past the allowance lowercased; repeated prose lines deleted. Gains by this formula's terms. */
  improve(skill, outcome) {
    const s = signals(skill);
    const out: Improvement[] = [];
    const allowed = Math.floor(0.1 * s.prose.length);
    if (s.directives > allowed) {
      const soft = softenDirectives(skill, allowed);
      if (soft.edits.length > 0) {
        out.push({
          id: 'token-efficiency/directives',
          action: tipText('directives', s.directives, s.prose.length, allowed, soft.softened),
          example: tipExample('softened', '', soft.firstLine ?? 1, soft.softened),
          edits: soft.edits,
          // What is left is at most one in ten prose lines: no density deduction.
          gain: gainWith(outcome, (why) => (why.startsWith(DENSITY) ? 0 : undefined)),
        });
      }
    }
    const repeated = dropRepeatedLines(skill);
    if (repeated.lines.length > 0) {
      // The deleted lines repeat earlier ones, so the distinct lines stay and only the total shrinks.
      const left = 1 - s.distinctNonEmptyLines / Math.max(1, s.nonEmptyLines - repeated.lines.length);
      out.push({
        ...repeatedLinesImprovement('token-efficiency/repeated-lines', repeated),
        gain: gainWith(outcome, (why) =>
          why.endsWith(REPEATED) ? -0.4 * left : why === MOSTLY_REPEATED ? left > 0.3 : undefined,
        ),
      });
    }
    return out;
  },
};

/** Deleting prose lines that repeat earlier ones (offered by this check and by FILLER_CONTENT). */
export function repeatedLinesImprovement(id: string, repeated: ReturnType<typeof dropRepeatedLines>): Improvement {
  return {
    id,
    action: tipText('repeatedLines', repeated.lines.length, repeated.lines[0] ?? 1),
    edits: repeated.edits,
  };
}
