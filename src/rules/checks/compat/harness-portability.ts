import { CLAUDE_TOOL_ALTERNATION, backtickedToolRefs } from '../shared/claude-tools.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

/*
 * PluginEval's CLAUDE_TOOL_PROSE pattern is the Python `re` expression
 *   (?i:\bthe)\s+(?:`)?(Read|...|LSP)(?:`)?\s+tool\b
 * over the raw file. JavaScript has no scoped `(?i:...)` (Node 20) and its `\b` and `\s` differ from Python's on
 * str patterns, so each part is spelled out:
 * - "the" in any case; the tool name case-sensitive ("the read tool" is English about a shell, not Claude's Read);
 * - one optional backtick on each side of the name, independently ("the `Read tool" matches, "the ``Read`` tool" not);
 * - Python's `\w` on str is exactly [\p{L}\p{N}_] (checked over every code point with CPython 3.11), so `\b` next to
 *   "t" of "the" and "l" of "tool" becomes "no such character on the outer side": "éthe Read tool" and
 *   "the Read toolé" do not match, where JavaScript's ASCII `\b` would;
 * - Python's `\s` on str adds \x1c-\x1f and \x85 to JavaScript's set and lacks U+FEFF.
 */
const PY_WORD = '[\\p{L}\\p{N}_]';
const PY_SPACE = '[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
export const COMPAT_TOOL_PROSE = new RegExp(
  `(?<!${PY_WORD})[Tt][Hh][Ee]${PY_SPACE}+\`?(?:${CLAUDE_TOOL_ALTERNATION})\`?${PY_SPACE}+tool(?!${PY_WORD})`,
  'u',
);

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
      .add(-0.05, 'CLAUDE_TOOL_PROSE: "the X tool" wording', COMPAT_TOOL_PROSE.test(view.content))
      .done();
  },
};
