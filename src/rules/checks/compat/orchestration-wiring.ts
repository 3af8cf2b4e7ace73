import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const orchestrationWiring: StaticCheck = {
  id: 'compat/orchestration-wiring',
  subScore: 'orchestration_wiring',
  methodology: 'compat',
  description:
    'PluginEval 0.1.x: keywords for output format, inputs and returns anywhere in the file; -0.15 for ' +
    'orchestration words.',
  run(skill) {
    const view = compatView(skill);
    const text = view.lower;
    return new ScoreBuilder(0.7, 'base')
      .add(
        0.1,
        'mentions an output format',
        /\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturn.*json\b/.test(text),
      )
      .add(0.05, 'says what it returns', /\b(?:returns?|produces?|outputs?|generates?)\b/.test(text))
      .add(0.1, 'documents inputs', /\b(?:input|receives?|accepts?|parameters?|args?)\b/.test(text))
      .add(0.05, 'has code examples', view.fenceCount >= 2)
      .add(-0.15, 'orchestration language', /\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*/.test(text))
      .done();
  },
};
