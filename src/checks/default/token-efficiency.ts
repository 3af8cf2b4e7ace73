import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';


export const tokenEfficiency: StaticCheck = {
  id: 'token-efficiency',
  subScore: 'token_efficiency',
  methodology: 'default',
  description: 'MUST/NEVER/ALWAYS density in prose, and repeated prose lines (fence lines and code ignored; near-duplicates count).',
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, 'base');
    const directives = s.directives;
    const density = directives / Math.max(1, s.prose.length);
    b.add(density > 0.5 ? -0.4 : density > 0.2 ? -0.2 : density > 0.1 ? -0.1 : 0, `directive density ${density.toFixed(2)} (${directives} in ${s.prose.length} prose lines)`);
    const lines = s.normalised.filter((l) => l !== '');
    if (lines.length > 0) {
      const repetition = 1 - new Set(lines).size / lines.length;
      b.add(-0.4 * repetition, `${(repetition * 100).toFixed(1)}% repeated prose lines`, repetition > 0);
      if (repetition > 0.3) b.add(-0.3, 'more than 30% of the prose repeats itself');
    }
    return b.done();
  },
};
