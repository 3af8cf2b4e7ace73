import type { StaticCheck } from '../types.js';
import { crossReferences } from './cross-references.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';

export const ecosystemCoherence: StaticCheck = {
  id: 'ecosystem-coherence',
  subScore: 'ecosystem_coherence',
  methodology: 'default',
  description: 'Cross-references to sibling skills and agents that actually resolve, and a related / see-also section.',
  // Signals and cross-references: the body, the file list (paths resolve against it) and the plugin context (fixed).
  run(skill) {
    const s = signals(skill);
    const refs = crossReferences(skill);
    const resolved = refs.filter((r) => r.resolved);
    const b = new ScoreBuilder(0.5, 'base');
    b.add(
      Math.min(0.25, 0.08 * resolved.length),
      `${resolved.length} resolved ` +
        `cross-reference(s)${resolved.length ? `: ${resolved.map((r) => r.target).join(', ')}` : ''}`,
    );
    const relatedHeading = skill.markdown.headings.some((h) => /\b(?:related|see also|companion)\b/i.test(h.text));
    b.add(
      0.25,
      'related / see-also section',
      relatedHeading || /\brelated\b|\bsee also\b|\bcompanion\b|\bcomplement/.test(s.proseLower),
    );
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
};
