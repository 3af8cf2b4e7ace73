import type { StaticCheck } from '../types.js';
import { ScoreBuilder, gainWith } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { linkReferenceFiles } from '../improvements/body-edits.js';

const NONE_LINKED = ' reference file(s), none linked from SKILL.md (the agent cannot find them)';

/**
 * The Agent Skills spec and skill-creator: keep SKILL.md under 500 lines, move detail into reference files, keep those
 * references one level deep from SKILL.md. A short skill is not penalised for being short (SkillsBench: focused skills
 * beat comprehensive documentation); the length part only falls past 500 lines, as PluginEval's bands do past 600.
 */
export const SKILL_LINE_LIMIT = 500;

/** Reference files SKILL.md links, one level deep. */
const LINKED_POINTS = 0.3;

export function lengthPart(lines: number): number {
  if (lines <= SKILL_LINE_LIMIT) return 0.7;
  if (lines <= 800) return 0.4;
  return 0.15;
}

export const progressiveDisclosure: StaticCheck = {
  id: 'progressive-disclosure',
  subScore: 'progressive_disclosure',
  methodology: 'default',
  description:
    'SKILL.md under 500 lines (less past it, nothing for reaching any length), and detail in non-empty reference ' +
    'files that SKILL.md itself links (one level deep).',
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(
      lengthPart(s.lineCount),
      s.lineCount <= SKILL_LINE_LIMIT
        ? `for ${s.lineCount} lines (under ${SKILL_LINE_LIMIT})`
        : `for ${s.lineCount} lines (past the ${SKILL_LINE_LIMIT}-line limit)`,
    );
    const linked = s.referenceFiles.filter((f) => s.linkedPaths.has(f));
    if (linked.length > 0) {
      b.add(LINKED_POINTS, `${linked.length} reference file(s) linked from SKILL.md`);
    } else if (s.referenceFiles.length > 0) {
      // A zero term, so a tip can ask what linking them would earn.
      b.add(0, `${s.referenceFiles.length}${NONE_LINKED}`);
      b.evidence.push(`${s.referenceFiles.length}${NONE_LINKED} earn nothing`);
    }
    if (s.emptyReferenceFiles.length > 0)
      b.evidence.push(`${s.emptyReferenceFiles.length} empty reference file(s) earn nothing`);
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  /** Reference files SKILL.md does not link, listed under a References section: the linked term replaces the unlinked one. */
  improve(skill, outcome) {
    const link = linkReferenceFiles(skill, 'progressive-disclosure/link-references');
    if (!link) return [];
    return [{ ...link, gain: gainWith(outcome, (why) => (why.endsWith(NONE_LINKED) ? LINKED_POINTS : undefined)) }];
  },
};
