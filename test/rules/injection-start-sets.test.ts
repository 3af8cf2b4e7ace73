/**
 * The start sets computed at build time (src/rules/injection/start-sets.generated.ts) are what the analysis
 * gives today for every phrase pattern: a pattern edited without regenerating the table fails here
 * (regenerate with `npx tsc -p tsconfig.build.json && node scripts/gen-start-sets.mjs`).
 */
import { describe, expect, it } from 'vitest';
import { INJECTION_PHRASES } from '../../src/rules/injection/detect.js';
import { startSet } from '../../src/rules/injection/prefixes.js';
import { startSetKey } from '../../src/rules/injection/scan.js';
import { PRECOMPUTED_START_SETS } from '../../src/rules/injection/start-sets.generated.js';

describe('precomputed injection start sets', () => {
  it('has every phrase pattern, with the start set the analysis gives now', () => {
    const stale: string[] = [];
    for (const p of INJECTION_PHRASES) {
      const known = PRECOMPUTED_START_SETS[startSetKey(p.source)];
      if (known === undefined || JSON.stringify(known) !== JSON.stringify(startSet(p.source) ?? null)) stale.push(p.source.slice(0, 60));
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
    expect(p.re.source).toBe(p.source);
    expect(p.re).toBe(p.re);
  });
});
