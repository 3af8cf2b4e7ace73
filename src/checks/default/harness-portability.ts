import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from './score-builder.js';
import { signals } from './signals.js';

const TOOLS = 'Read|Edit|Write|Bash|Grep|Glob|Agent|Task|TodoWrite|WebFetch|WebSearch|LS|LSP';
const TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, 'gi');
const TOOL_PROSE = new RegExp(`\\b[Tt]he\\s+(?:${TOOLS})\\s+tool\\b`);

export const harnessPortability: StaticCheck = {
  id: 'harness-portability',
  subScore: 'harness_portability',
  methodology: 'default',
  description: 'Works beyond Claude Code: SKILL.md under 8 KiB unless detail lives in non-empty references, few Claude-only tool names in prose.',
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, 'base');
    b.add(-0.15, `SKILL.md is ${(skill.bytes / 1024).toFixed(1)} KiB with no non-empty references/ (Codex caps skills at 8 KiB)`, skill.bytes > 8192 && s.referenceFiles.length === 0);
    const prose = s.prose.join('\n');
    const tools = new Set([...prose.matchAll(TOOL_REF)].map((m) => (m[1] ?? m[2])!));
    b.add(-Math.min(0.1, 0.02 * tools.size), `Claude Code tool names: ${[...tools].join(', ')}`, tools.size > 0);
    b.add(-0.05, '"the X tool" wording assumes Claude Code', TOOL_PROSE.test(prose));
    return b.done();
  },
};
