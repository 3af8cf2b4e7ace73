import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { COMPAT_CROSS_REF, compatView } from './view.js';

export const ecosystemCoherence: StaticCheck = {
  id: 'compat/ecosystem-coherence',
  subScore: 'ecosystem_coherence',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: 0.5 + 0.08 per skills/... path (max 0.25) + 0.25 for "related"/"see also".',
  run(skill) {
    const view = compatView(skill);
    const refs = [...view.body.matchAll(COMPAT_CROSS_REF)].length;
    return new ScoreBuilder(0.5, 'base')
      .add(Math.min(0.25, 0.08 * refs), `${refs} cross-reference(s)`)
      .add(0.25, 'related/see-also wording', /\brelated\b|\bsee also\b|\bcompanion\b|\bcomplement/.test(view.lower))
      .done();
  },
};
