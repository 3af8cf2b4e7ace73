import { backtickedToolRefs, mentionsToolInProse } from '../shared/claude-tools.js';
import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';

export const harnessPortability: StaticCheck = {
  id: 'harness-portability',
  subScore: 'harness_portability',
  methodology: 'default',
  description:
    'Works beyond Claude Code: SKILL.md under 8 KiB unless detail lives in non-empty references, few ' +
    'Claude-only tool names in prose.',
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, 'base');
    b.add(
      -0.15,
      `SKILL.md is ${(skill.bytes / 1024).toFixed(1)} KiB with no non-empty references/ (Codex caps skills at 8 KiB)`,
      skill.bytes > 8192 && s.referenceFiles.length === 0,
    );
    const prose = s.proseText;
    const tools = backtickedToolRefs(prose);
    b.add(-Math.min(0.1, 0.02 * tools.size), `Claude Code tool names: ${[...tools].join(', ')}`, tools.size > 0);
    b.add(-0.05, '"the X tool" wording assumes Claude Code', mentionsToolInProse(prose));
    return b.done();
  },
};
