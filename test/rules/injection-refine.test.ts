/**
 * Start literals made longer from the gate automata (src/rules/injection/refine.ts): what the vocative pattern's
 * punctuation starts become, that the packed automata read back to what was packed, and that every position where a
 * pattern with a longer literal matches still starts with one of its literals.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PHRASES_AND_REQUESTS } from '../../src/rules/injection/detect.js';
import { GATE_AUTOMATA, GATE_AUTOMATA_BY_TABLE } from '../../src/rules/injection/gate-automata.generated.js';
import { packGateAutomaton } from '../../src/rules/injection/gate-automaton.js';
import { lineStartLiterals, startSet } from '../../src/rules/injection/prefixes.js';
import { refinedLiterals, unpackGateAutomaton } from '../../src/rules/injection/refine.js';
import { scannerTablesKey } from '../../src/rules/injection/scan.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const indexes = GATE_AUTOMATA_BY_TABLE[scannerTablesKey(PHRASES_AND_REQUESTS)] ?? [];
const gateOf = (n: number) => {
  const index = indexes[n] ?? -1;
  return index === -1 ? undefined : unpackGateAutomaton(GATE_AUTOMATA[index] as string);
};

describe('start literals from the gate automata', () => {
  it('read every generated automaton back to what was packed', () => {
    expect(GATE_AUTOMATA.length).toBeGreaterThan(50);
    for (const packed of GATE_AUTOMATA) expect(packGateAutomaton(unpackGateAutomaton(packed))).toBe(packed);
  });

  it("extend the vocative pattern's punctuation by a blank or a letter that can begin a name", () => {
    const n = PHRASES_AND_REQUESTS.findIndex((p) => p.source.startsWith('(?:^|[(\\[{<>*_#|]'));
    const refined = refinedLiterals('(', gateOf(n));
    for (const literal of ['( ', '(\t', '(a', '(t', '(n', '(e', '(r']) expect(refined).toContain(literal);
    for (const literal of ['(', '(x', '((', '(1', '(\n']) expect(refined).not.toContain(literal);
    // No automaton, or a literal already longer: as it is.
    expect(refinedLiterals('(', undefined)).toEqual(['(']);
    expect(refinedLiterals('note', gateOf(n))).toEqual(['note']);
  });

  it('leave every position where a pattern matches starting with one of its literals', () => {
    const entries: string[] = [];
    for (const file of [
      'injection/attempts.json',
      'injection-heldout/heldout-1.json',
      'injection-heldout/heldout-2.json',
    ])
      for (const e of JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { text: string }[])
        entries.push(e.text.toLowerCase());
    const heads = ['', '(', '| ', '*\t', '# ', '<!-- ', '// ', '/*', '[', '_', '  ', '\t', '> ', '- '];
    const texts = entries.flatMap((t, k) => [
      `x ${heads[k % heads.length]}${t}`,
      `${heads[(k + 3) % heads.length]}${t}`,
    ]);
    let extendedPatterns = 0;
    let checked = 0;
    PHRASES_AND_REQUESTS.forEach((p, n) => {
      const set = startSet(p.source);
      if (set === undefined) return;
      const gate = gateOf(n);
      const literals = set.literals.flatMap((l) => refinedLiterals(l, gate));
      const lineLiterals = set.lineStarts
        ? (lineStartLiterals(p.source) ?? ['']).flatMap((l) => refinedLiterals(l, gate))
        : [];
      if (
        literals.length === set.literals.length &&
        lineLiterals.length === (set.lineStarts ? (lineStartLiterals(p.source)?.length ?? 1) : 0)
      )
        return;
      extendedPatterns++;
      const everywhere = new RegExp(`(?=${p.source})`, p.flags.replace('y', ''));
      for (const text of texts)
        for (const m of text.matchAll(everywhere)) {
          const at = m.index;
          const lineStart = at === 0 || /[\n\r\u2028\u2029]/.test(text[at - 1] as string);
          const ok =
            literals.some((l) => text.startsWith(l, at)) ||
            (lineStart && lineLiterals.some((l) => text.startsWith(l, at)));
          expect(ok, `${p.source.slice(0, 40)} at ${at} of ${JSON.stringify(text.slice(at, at + 60))}`).toBe(true);
          checked++;
        }
    });
    // The vocative, the fake system line and the end-of-document line.
    expect(extendedPatterns).toBeGreaterThanOrEqual(3);
    expect(checked).toBeGreaterThan(30);
  });
});
