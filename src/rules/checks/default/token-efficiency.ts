import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { dropRepeatedLines, softenDirectives } from '../improvements/body-edits.js';
import type { Improvement } from '../types.js';

export const tokenEfficiency: StaticCheck = {
  id: 'token-efficiency',
  subScore: 'token_efficiency',
  methodology: 'default',
  description:
    'MUST/NEVER/ALWAYS density in prose, and repeated prose lines (fence lines and code ignored; ' +
    'near-duplicates count).',
  reads: ['body', 'files'],
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, 'base');
    const directives = s.directives;
    const density = directives / Math.max(1, s.prose.length);
    b.add(
      density > 0.5 ? -0.4 : density > 0.2 ? -0.2 : density > 0.1 ? -0.1 : 0,
      `directive density ${density.toFixed(2)} (${directives} in ${s.prose.length} prose lines)`,
    );
    const lines = s.normalised.filter((l) => l !== '');
    if (lines.length > 0) {
      const repetition = 1 - new Set(lines).size / lines.length;
      b.add(-0.4 * repetition, `${(repetition * 100).toFixed(1)}% repeated prose lines`, repetition > 0);
      if (repetition > 0.3) b.add(-0.3, 'more than 30% of the prose repeats itself');
    }
    return b.done();
  },
  improve(skill) {
    const s = signals(skill);
    const out: Improvement[] = [];
    const allowed = Math.floor(0.1 * s.prose.length);
    if (s.directives > allowed) {
      const soft = softenDirectives(skill, allowed);
      if (soft.edits.length > 0) {
        out.push({
          id: 'token-efficiency/directives',
          action:
            `${s.directives} MUST/ALWAYS/NEVER in ${s.prose.length} prose lines: keep capitals for the ${allowed} ` +
            `hard constraint(s) that matter most and write the other ${soft.softened} as plain advice with the ` +
            `reason.`,
          example:
            `from line ${soft.firstLine}: MUST -> must, ALWAYS -> always, NEVER -> never (${soft.softened} in ` +
            `all)`,
          edits: soft.edits,
        });
      }
    }
    const repeated = dropRepeatedLines(skill);
    if (repeated.lines.length > 0) out.push(repeatedLinesImprovement('token-efficiency/repeated-lines', repeated));
    return out;
  },
};

/** Deleting prose lines that repeat earlier ones (offered by this check and by FILLER_CONTENT). */
export function repeatedLinesImprovement(id: string, repeated: ReturnType<typeof dropRepeatedLines>): Improvement {
  const shown = repeated.lines.slice(0, 8).join(', ');
  return {
    id,
    action:
      `${repeated.lines.length} prose line(s) repeat an earlier line ` +
      `(line ${shown}${repeated.lines.length > 8 ? ', ...' : ''}): delete them; each line loaded into context ` +
      `should say something new.`,
    example: `delete line ${shown}${repeated.lines.length > 8 ? ', ...' : ''}`,
    edits: repeated.edits,
  };
}
