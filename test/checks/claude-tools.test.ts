/**
 * Backticked tool names (shared/claude-tools.ts) against the plain definition: every match of the tool-reference
 * expression over the whole text. The implementation runs the expression only when some backtick pair holds a tool
 * name in any case, found without lowercasing the text; a pre-test that misses a case makes these fail.
 */
import { describe, expect, it } from 'vitest';
import { CLAUDE_TOOL_ALTERNATION, backtickedToolRefs } from '../../src/rules/checks/shared/claude-tools.js';

const TOOLS = CLAUDE_TOOL_ALTERNATION;
const TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, 'gi');
const plain = (text: string): Set<string> => new Set([...text.matchAll(TOOL_REF)].map((m) => (m[1] ?? m[2])!));

/** Seeded texts over words around tool names (mixed case, the Kelvin sign for K), backticks and spaces. */
function samples(count: number): string[] {
  let seed = 31;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const names = ['Read', 'rEAD', 'Tas\u212a', 'TASK', 'WebSearch', 'LSP', 'ls', 'x', 'Reads'];
  const parts = ['use ', 'the ', ' tool', ' ', '`', ...names, ...names.map((n) => `\`${n}\``)];
  const part = () => parts[Math.floor(rnd() * parts.length)]!;
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(rnd() * 16) }, part).join(''));
}

describe('backticked tool names', () => {
  it('agree with the whole-text expression on 3,000 seeded texts', () => {
    const texts = samples(3000);
    expect(texts.map((t) => [...backtickedToolRefs(t)])).toEqual(texts.map((t) => [...plain(t)]));
    // The samples reach both answers, and a name in another case.
    expect(texts.filter((t) => backtickedToolRefs(t).size > 0).length).toBeGreaterThan(100);
    expect(texts.some((t) => [...backtickedToolRefs(t)].some((name) => name !== name.toLowerCase()))).toBe(true);
  });

  it('finds a name between the later backticks of a run, and not one written with the Kelvin sign', () => {
    expect([...backtickedToolRefs('a ``x` `Bash` tool')]).toEqual(['Bash']);
    expect([...backtickedToolRefs('use `Tas\u212a` now')]).toEqual([]);
    expect(backtickedToolRefs('use `Reader` and `the Read tool`').size).toBe(0);
  });
});
