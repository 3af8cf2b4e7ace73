import { clamp } from '../../util/text.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const orchestrationWiring: StaticCheck = {
  id: 'compat/orchestration-wiring',
  subScore: 'orchestration_wiring',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: keywords for output format, inputs and returns anywhere in the file; -0.15 for orchestration words.',
  run(skill) {
    const view = compatView(skill);
    const text = view.lower;
    let score = 0.7;
    const evidence = ['0.70 base'];
    const apply = (ok: boolean, points: number, why: string) => {
      if (!ok) return;
      score += points;
      evidence.push(`${points > 0 ? '+' : ''}${points.toFixed(2)} ${why}`);
    };
    apply(/\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturn.*json\b/.test(text), 0.1, 'mentions an output format');
    apply(/\b(?:returns?|produces?|outputs?|generates?)\b/.test(text), 0.05, 'says what it returns');
    apply(/\b(?:input|receives?|accepts?|parameters?|args?)\b/.test(text), 0.1, 'documents inputs');
    apply(view.fenceCount >= 2, 0.05, 'has code examples');
    apply(/\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*/.test(text), -0.15, 'orchestration language');
    return { score: clamp(score), evidence, findings: [] };
  },
};
