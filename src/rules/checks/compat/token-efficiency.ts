import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const tokenEfficiency: StaticCheck = {
  id: 'compat/token-efficiency',
  subScore: 'token_efficiency',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: MUST/NEVER/ALWAYS density and duplicate-line ratio (fence lines included).',
  run(skill) {
    const view = compatView(skill);
    const density = view.directives / view.lineCount;
    const b = new ScoreBuilder(1, 'base').add(
      density > 0.5 ? -0.4 : density > 0.2 ? -0.2 : density > 0.1 ? -0.1 : 0,
      `directive density ${density.toFixed(2)}`,
    );
    const kept = view.lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('---'));
    if (kept.length > 0) {
      const repetition = 1 - new Set(kept).size / kept.length;
      b.add(-0.4 * repetition, `repeated lines ${(repetition * 100).toFixed(1)}%`);
    }
    return b.done();
  },
};
