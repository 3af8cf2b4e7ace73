import { countMatches } from '../../util/text.js';
import type { StaticCheck } from '../types.js';
import { DIRECTIVE, compatView } from './view.js';

export const tokenEfficiency: StaticCheck = {
  id: 'compat/token-efficiency',
  subScore: 'token_efficiency',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: MUST/NEVER/ALWAYS density and duplicate-line ratio (fence lines included).',
  run(skill) {
    const view = compatView(skill);
    let score = 1;
    const evidence = ['1.00 base'];
    const directives = countMatches(view.content, DIRECTIVE);
    const density = directives / view.lineCount;
    const densityPenalty = density > 0.5 ? 0.4 : density > 0.2 ? 0.2 : density > 0.1 ? 0.1 : 0;
    if (densityPenalty > 0) {
      score -= densityPenalty;
      evidence.push(`-${densityPenalty.toFixed(2)} directive density ${density.toFixed(2)}`);
    }
    const kept = view.lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('---'));
    if (kept.length > 0) {
      const repetition = 1 - new Set(kept).size / kept.length;
      score -= 0.4 * repetition;
      evidence.push(`-${(0.4 * repetition).toFixed(3)} repeated lines ${(repetition * 100).toFixed(1)}%`);
    }
    return { score: Math.max(0, score), evidence, findings: [] };
  },
};
