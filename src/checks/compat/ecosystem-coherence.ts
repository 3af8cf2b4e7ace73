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
    let score = 0.5 + Math.min(0.25, 0.08 * refs);
    const evidence = [`0.50 base`, `+${Math.min(0.25, 0.08 * refs).toFixed(2)} for ${refs} cross-reference(s)`];
    if (/\brelated\b|\bsee also\b|\bcompanion\b|\bcomplement/.test(view.lower)) {
      score += 0.25;
      evidence.push('+0.25 related/see-also wording');
    }
    return { score, evidence, findings: [] };
  },
};
