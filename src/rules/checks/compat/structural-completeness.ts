import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const structuralCompleteness: StaticCheck = {
  id: 'compat/structural-completeness',
  subScore: 'structural_completeness',
  methodology: 'compat',
  description:
    'PluginEval 0.1.x: heading, fence-line and language counts, example/troubleshooting sections, tables, ' +
    'decision words.',
  run(skill) {
    const view = compatView(skill);
    const h = view.headingCount;
    const f = view.fenceCount;
    const l = view.languages.size;
    const body = view.bodyLower;
    return new ScoreBuilder()
      .add(h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0, `${h} H2/H3 headings`)
      .add(f >= 5 ? 0.2 : f >= 3 ? 0.15 : f >= 1 ? 0.1 : 0, `${f} fence lines`)
      .add(l >= 3 ? 0.15 : l >= 2 ? 0.1 : 0, `${l} code languages`)
      .add(
        0.15,
        'examples section',
        body.includes('## example') || body.includes('### example') || body.includes('## usage'),
      )
      .add(
        0.15,
        'troubleshooting section',
        body.includes('## troubleshoot') || body.includes('## common issue') || body.includes('## faq'),
      )
      .add(0.1, 'a table', /\|.*\|.*\|/.test(view.content))
      .add(0.05, 'decision guidance', /(decision|when to use|comparison|tradeoff)/.test(view.lower))
      .done();
  },
};
