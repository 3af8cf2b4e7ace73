import { topLevelFiles } from '../../parse/skill.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

const TOOLS = 'Read|Edit|Write|Bash|Grep|Glob|Agent|Task|TodoWrite|WebFetch|WebSearch|LS|LSP';
const TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, 'gi');
const TOOL_PROSE = new RegExp(`\\b[Tt]he\\s+(?:${TOOLS})\\s+tool\\b`);

export const harnessPortability: StaticCheck = {
  id: 'compat/harness-portability',
  subScore: 'harness_portability',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: penalties for a large SKILL.md without references/ and Claude-specific tool names.',
  run(skill) {
    const view = compatView(skill);
    let penalty = 0;
    const evidence: string[] = [];
    if (skill.bytes > 8192 && topLevelFiles(skill, 'references').length === 0 && !skill.hasReferencesDir) {
      penalty += 0.15;
      evidence.push('-0.15 SKILL_OVER_CODEX_CAP: over 8 KiB with no references/');
    }
    const tools = new Set<string>();
    for (const m of view.content.matchAll(TOOL_REF)) tools.add((m[1] ?? m[2])!);
    if (tools.size > 0) {
      const p = Math.min(0.1, 0.02 * tools.size);
      penalty += p;
      evidence.push(`-${p.toFixed(2)} CLAUDE_TOOL_REFS: ${[...tools].join(', ')}`);
    }
    if (TOOL_PROSE.test(view.content)) {
      penalty += 0.05;
      evidence.push('-0.05 CLAUDE_TOOL_PROSE: "the X tool" wording');
    }
    return { score: Math.max(0, 1 - penalty), evidence, findings: [] };
  },
};
