/**
 * The start sets and scanner tables computed at build time (src/rules/injection/start-sets.generated.ts,
 * scanner-tables.generated.ts) are what the analysis and the trie builder give today for every phrase
 * pattern and table: a pattern edited without regenerating the tables fails here
 * (regenerate with `npx tsc -p tsconfig.build.json && node scripts/gen-start-sets.mjs`).
 */
import { describe, expect, it } from 'vitest';
import { INJECTION_PHRASES, PHRASES_AND_REQUESTS } from '../../src/rules/injection/detect.js';
import { startSet } from '../../src/rules/injection/prefixes.js';
import { ENGLISH_PHRASES } from '../../src/rules/injection/phrases-en.js';
import { STRUCTURAL_REQUESTS } from '../../src/rules/injection/structure.js';
import {
  buildScannerTables,
  packScannerTables,
  scannerTablesKey,
  startSetKey,
} from '../../src/rules/injection/scan.js';
import { PRECOMPUTED_SCANNERS } from '../../src/rules/injection/scanner-tables.generated.js';
import { PRECOMPUTED_START_SETS } from '../../src/rules/injection/start-sets.generated.js';
import { packTrie, TrieBuilder, unpackTrie } from '../../src/rules/injection/trie.js';

describe('precomputed injection start sets', () => {
  it('has every phrase pattern, with the start set the analysis gives now', () => {
    const stale: string[] = [];
    for (const p of INJECTION_PHRASES) {
      const known = PRECOMPUTED_START_SETS[startSetKey(p.source)];
      if (known === undefined || JSON.stringify(known) !== JSON.stringify(startSet(p.source) ?? null))
        stale.push(p.source.slice(0, 60));
    }
    expect(stale).toEqual([]);
  });

  it('keys two different sources apart', () => {
    const keys = new Set(INJECTION_PHRASES.map((p) => p.source));
    expect(new Set([...keys].map(startSetKey)).size).toBe(keys.size);
    expect(startSetKey('ab')).not.toBe(startSetKey('ba'));
  });

  it('compiles a phrase pattern only when it is first used', () => {
    const p = INJECTION_PHRASES[0]!;
    expect(p.flags).toContain('y');
    // Compiled with the Unicode property classes spelled out (unicode-classes.ts), once.
    expect(p.source).toContain('\\p{L}');
    expect(p.re.source).not.toContain('\\p{');
    expect(p.re).toBe(p.re);
  });
});

describe('precomputed scanner tables', () => {
  it('hold, for the full and the English table, the request patterns and the full table with them, what building them gives now', () => {
    for (const phrases of [INJECTION_PHRASES, ENGLISH_PHRASES, STRUCTURAL_REQUESTS, PHRASES_AND_REQUESTS]) {
      const packed = PRECOMPUTED_SCANNERS[scannerTablesKey(phrases)];
      expect(packed).toBe(packScannerTables(buildScannerTables(phrases)));
    }
    expect(Object.keys(PRECOMPUTED_SCANNERS)).toHaveLength(4);
  });

  it('key the two tables apart, and a table with a changed length apart from both', () => {
    const edited = INJECTION_PHRASES.map((p, n) => (n === 3 ? { ...p, source: `${p.source}x` } : p));
    const keys = [INJECTION_PHRASES, ENGLISH_PHRASES, edited].map(scannerTablesKey);
    expect(new Set(keys).size).toBe(3);
    expect(PRECOMPUTED_SCANNERS[keys[2]!]).toBeUndefined();
  });

  it('unpack a trie to the one that was packed', () => {
    const builder = new TrieBuilder();
    builder.add('ab', 0, 'starts');
    builder.add('ac', 1, 'starts');
    builder.add('é', 1, 'anchors');
    builder.add('a', 2, 'anchors');
    const trie = builder.freeze();
    const back = unpackTrie(packTrie(trie));
    expect(back).toEqual(trie);
    expect(back.table).toBeInstanceOf(Uint16Array);
    expect([...back.other.keys()]).toEqual([0 * 65536 + 0xe9]);
    expect(() => unpackTrie([...packTrie(trie), 7])).toThrow(/left over/);
    const full = buildScannerTables(INJECTION_PHRASES).trie;
    expect(unpackTrie(packTrie(full))).toEqual(full);
  });
});
