import { compatLengthBand } from '../compat/progressive-disclosure.js';
import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { linkReferenceFiles } from '../improvements/body-edits.js';
import { gainWith } from '../shared/score-builder.js';

const NONE_LINKED = ' reference file(s), none linked from SKILL.md (the agent cannot find them)';

export const progressiveDisclosure: StaticCheck = {
  id: 'progressive-disclosure',
  subScore: 'progressive_disclosure',
  methodology: 'default',
  description:
    'SKILL.md in the 200-600 line sweet spot, with non-empty reference files that SKILL.md actually links, and ' +
    'non-empty assets.',
  reads: ['body', 'files'],
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(compatLengthBand(s.lineCount), `for ${s.lineCount} lines`);
    const linked = s.referenceFiles.filter((f) => s.linkedPaths.has(f));
    if (linked.length > 0) {
      b.add(s.lineCount > 400 ? 0.25 : 0.15, `${linked.length} linked reference file(s)`);
    } else if (s.referenceFiles.length > 0) {
      b.add(0.05, `${s.referenceFiles.length}${NONE_LINKED}`);
    }
    if (s.emptyReferenceFiles.length > 0)
      b.evidence.push(`${s.emptyReferenceFiles.length} empty reference file(s) earn nothing`);
    b.add(0.15, `${s.assetFiles.length} asset file(s)`, s.assetFiles.length > 0);
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  /** Reference files SKILL.md does not link, listed under a References section: the linked term replaces the unlinked one. */
  improve(skill, outcome) {
    const s = signals(skill);
    const link = linkReferenceFiles(skill, 'progressive-disclosure/link-references');
    if (!link) return [];
    const linkedPoints = s.lineCount > 400 ? 0.25 : 0.15;
    return [{ ...link, gain: gainWith(outcome, (why) => (why.endsWith(NONE_LINKED) ? linkedPoints : undefined)) }];
  },
};
