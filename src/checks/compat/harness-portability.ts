import { backtickedToolRefs, mentionsToolInProse } from '../shared/claude-tools.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const harnessPortability: StaticCheck = {
  id: 'compat/harness-portability',
  subScore: 'harness_portability',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: penalties for a large SKILL.md without references/ and Claude-specific tool names.',
  run(skill) {
    const view = compatView(skill);
    const tools = backtickedToolRefs(view.content);
    return new ScoreBuilder(1, 'base')
      .add(-0.15, 'SKILL_OVER_CODEX_CAP: over 8 KiB with no references/', skill.bytes > 8192 && !skill.hasReferencesDir)
      .add(-Math.min(0.1, 0.02 * tools.size), `CLAUDE_TOOL_REFS: ${[...tools].join(', ')}`, tools.size > 0)
      .add(-0.05, 'CLAUDE_TOOL_PROSE: "the X tool" wording', mentionsToolInProse(view.content))
      .done();
  },
};
