import { describe, expect, it } from 'vitest';
import { COMPAT_TOOL_PROSE, harnessPortability } from '../../../src/rules/checks/compat/harness-portability.js';
import { makeSkill, textLines, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

// 100 lines of ~97 bytes: about 9.7 KB, over the 8192-byte cap.
const BIG = textLines(100, (i) => `Line ${i} ${'x'.repeat(90)}`);
const SIX_TOOLS = 'Use `Read`, use `Edit`, use `Write`, use `Bash`, use `Grep`, use `Glob`.\n';

// Rule: 1 - SKILL_OVER_CODEX_CAP 0.15 (> 8192 bytes and no references/ folder) - min(0.10, 0.02 x distinct
// backticked tool names after the/use/call/invoke/via or before "tool") - 0.05 for "the Read tool" prose.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'small, no tool names', files: { 'SKILL.md': 'Text.\n' }, expectedScore: 1 },
  { name: 'over 8 KiB without references/', files: { 'SKILL.md': BIG }, expectedScore: 0.85 },
  {
    name: 'over 8 KiB with an empty references/ folder: no penalty (quirk)',
    files: { 'SKILL.md': BIG, 'references/': '' },
    expectedScore: 1,
  },
  {
    name: 'over 8 KiB with an empty reference file: no penalty',
    files: { 'SKILL.md': BIG, 'references/a.md': '' },
    expectedScore: 1,
  },
  // "the `Grep` tool" is also CLAUDE_TOOL_PROSE in PluginEval (optional backticks): 1 - 0.06 - 0.05.
  {
    name: 'three tool names (use/call/the X tool), the last also prose',
    files: { 'SKILL.md': 'Use `Read` then call `Bash`, and the `Grep` tool.\n' },
    expectedScore: 0.89,
  },
  { name: 'six tool names: capped at 0.10', files: { 'SKILL.md': SIX_TOOLS }, expectedScore: 0.9 },
  {
    name: 'the same tool twice counts once',
    files: { 'SKILL.md': 'Use `Read`. Then use `Read` again.\n' },
    expectedScore: 0.98,
  },
  { name: '"the Read tool" prose', files: { 'SKILL.md': 'Use the Read tool to open files.\n' }, expectedScore: 0.95 },
  { name: 'tool names inside code blocks count', files: { 'SKILL.md': '```\nuse `Read`\n```\n' }, expectedScore: 0.98 },
  { name: 'all penalties', files: { 'SKILL.md': `${SIX_TOOLS}Use the Bash tool.\n${BIG}` }, expectedScore: 0.7 },
];

describe('compat/harness-portability', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(harnessPortability.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});

// CLAUDE_TOOL_PROSE exactly as PluginEval's Python pattern `(?i:\bthe)\s+(?:`)?(Read|...|LSP)(?:`)?\s+tool\b` decides.
// Every expectation below was produced by running that pattern with CPython 3.11 `re.search` on the same string.
const proseCases: [text: string, matches: boolean][] = [
  ['the `Agent` tool', true],
  ['The Agent tool', true],
  ['THE Read tool', true],
  ['tHe Read tool', true],
  ['the read tool', false], // the tool name is case-sensitive
  ['the READ tool', false],
  ['the Todowrite tool', false],
  ['the `Read`tool', false], // whitespace is required before "tool"
  ['the `Read` tools', false], // \b after "tool"
  ['the Read tool_x', false],
  ['the Glob tool2', false],
  ['the Glob tool-like', true],
  ['the Read` tool', true], // each backtick is optional on its own
  ['the `Read tool', true],
  ['the ``Read`` tool', false],
  ['the LSP tool', true],
  ['the LS tool', true],
  ['the TodoWrite tool', true],
  ['the Reader tool', false],
  ['the\nRead\ntool', true],
  ['the  \t Bash   tool.', true],
  ['(the Read tool)', true],
  ['bathe Read tool', false], // \b before "the"
  ['_the Read tool', false],
  ['1the Read tool', false],
  // Python's \b is Unicode-aware: letters and digits beyond ASCII are word characters.
  ['\u00e9the Read tool', false],
  ['the Read tool\u00e9', false],
  ['\u{1d400}the Read tool', false],
  ['the Read tool\u{1d400}', false],
  ['\u2177the Read tool', false], // a Roman numeral (Nl) is a word character
  ['the Read tool\u00b2', false], // superscript two (No) too
  ['the Read tool\u0301', true], // a combining mark is not
  ['\u0301the Read tool', true],
  // Python's \s: NBSP, U+0085, U+3000 and the \x1c-\x1f separators are space; U+FEFF is not.
  ['the\u00a0Read tool', true],
  ['the\u001cRead tool', true],
  ['the\u0085Read\u3000tool', true],
  ['the\ufeffRead tool', false],
  ['the \u{1d400}Read tool', false],
];

describe('compat CLAUDE_TOOL_PROSE (PluginEval pattern, exactly)', () => {
  it.each(proseCases)('%j -> %s', (text, matches) => {
    expect(COMPAT_TOOL_PROSE.test(text)).toBe(matches);
  });

  it('costs 0.05 in the sub-score when "the `Agent` tool" is the only tool wording', async () => {
    expect(
      harnessPortability.run(await makeSkill({ 'SKILL.md': 'Delegate with the `Agent` tool.\n' })).score,
    ).toBeCloseTo(0.95 - 0.02, 10);
    expect(harnessPortability.run(await makeSkill({ 'SKILL.md': 'THE Agent tool delegates.\n' })).score).toBeCloseTo(
      0.95,
      10,
    );
    expect(harnessPortability.run(await makeSkill({ 'SKILL.md': 'the agent tool delegates.\n' })).score).toBeCloseTo(
      1,
      10,
    );
  });
});
