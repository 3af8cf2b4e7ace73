import type { StaticCheck } from '../types.js';
import { crossReferences } from './cross-references.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { appendSection } from '../improvements/body-edits.js';

export const ecosystemCoherence: StaticCheck = {
  id: 'ecosystem-coherence',
  subScore: 'ecosystem_coherence',
  methodology: 'default',
  description: 'Cross-references to sibling skills and agents that actually resolve, and a related / see-also section.',
  // Signals and cross-references: the body, the file list (paths resolve against it) and the plugin context (fixed).
  reads: ['body', 'files'],
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
  improve(skill, outcome) {
    if (outcome.evidence.some((e) => e.includes('related / see-also section'))) return [];
    // Sibling skills next to this one, those sharing a word of its name first.
    const words = new Set(skill.dirName.split('-'));
    const siblings = [...skill.context.siblings]
      .filter((p) => /^[a-z0-9][a-z0-9-]*\/SKILL\.md$/.test(p) && !p.startsWith(`${skill.dirName}/`))
      .map((p) => p.slice(0, -'/SKILL.md'.length))
      .sort(
        (a, b) =>
          Number(b.split('-').some((w) => words.has(w))) - Number(a.split('-').some((w) => words.has(w))) ||
          a.localeCompare(b),
      )
      .slice(0, 3);
    if (siblings.length === 0) return [];
    const body = siblings.map((name) => `- [${name}](../${name}/SKILL.md)`).join('\n');
    return [
      {
        id: 'ecosystem-coherence/related',
        action: `No Related section: link the sibling skills this one works with (next to it: ${siblings.join(', ')}).`,
        example: `## Related\n\n${body}`,
        edits: [appendSection('Related', body)],
      },
    ];
  },
};
