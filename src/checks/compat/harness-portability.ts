import { backtickedToolRefs, mentionsToolInProse } from '../shared/claude-tools.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const harnessPortability: StaticCheck = {
  id: 'compat/harness-portability',
  subScore: 'harness_portability',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: penalties for a large SKILL.md without references/ and Claude-specific tool names.',
  run(skill) {
    const view = compatView(skill);
    let penalty = 0;
    const evidence: string[] = [];
    if (skill.bytes > 8192 && !skill.hasReferencesDir) {
      penalty += 0.15;
      evidence.push('-0.15 SKILL_OVER_CODEX_CAP: over 8 KiB with no references/');
    }
    const tools = backtickedToolRefs(view.content);
    if (tools.size > 0) {
      const p = Math.min(0.1, 0.02 * tools.size);
      penalty += p;
      evidence.push(`-${p.toFixed(2)} CLAUDE_TOOL_REFS: ${[...tools].join(', ')}`);
    }
    if (mentionsToolInProse(view.content)) {
      penalty += 0.05;
      evidence.push('-0.05 CLAUDE_TOOL_PROSE: "the X tool" wording');
    }
    return { score: Math.max(0, 1 - penalty), evidence, findings: [] };
  },
};
