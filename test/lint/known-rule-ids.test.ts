import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { closestRuleId, knownRuleIds } from '../../src/rules/config/known-rule-ids.js';
import { validate } from '../../src/rules/validate/index.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { sourceFiles } from '../support/source-files.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Rule ids written as literals where diagnostics and findings are made. */
function emittedInSource(): Map<string, string> {
  const ids = new Map<string, string>();
  const patterns = [
    // diagnostic(file, 'rule/id', 'severity', ...): the id is the literal before the severity.
    /'([a-z0-9-]+\/[a-z0-9-]+)',\s*'(?:error|warning|info)'/g,
    /\bruleId: '([a-z0-9-]+\/[a-z0-9-]+)'/g,
    /\berr\('([a-z0-9-]+\/[a-z0-9-]+)'/g,
    /\breadJsonFile\([^;]*?'([a-z0-9-]+\/[a-z0-9-]+)'/g,
    /'(inline-config\/[a-z-]+)'/g,
  ];
  for (const file of sourceFiles(SRC)) {
    if (file.endsWith('known-rule-ids.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) ids.set(m[1]!, path.relative(SRC, file));
  }
  return ids;
}

describe('knownRuleIds', () => {
  it('knows every rule id the source writes as a literal diagnostic (registry rules report through their meta)', () => {
    const emitted = emittedInSource();
    expect(emitted.size).toBeGreaterThan(30);
    const known = knownRuleIds();
    const missing = [...emitted].filter(([id]) => !known.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it(
    'covers every id that validating and scoring the shared corpus produces',
    async () => {
      const report = await validate([CORPUS_DIR]);
      const run = await score([CORPUS_DIR], { methodology: 'default' });
      const compat = await score([path.join(CORPUS_DIR, 'context-engineering')], { methodology: 'compat' });
      const seen = new Set([
        ...report.diagnostics.map((d) => d.ruleId),
        ...run.diagnostics.map((d) => d.ruleId),
        ...[...run.results, ...compat.results].flatMap((r) => r.diagnostics.map((d) => d.ruleId)),
      ]);
      expect(seen.size).toBeGreaterThan(5);
      expect([...seen].filter((id) => !knownRuleIds().has(id))).toEqual([]);
    },
    HANG_LIMIT_MS,
  );

  it('suggests the id a typo meant, and nothing for a far-off name', () => {
    expect(closestRuleId('skill/name-formt')).toBe('skill/name-format');
    expect(closestRuleId('command/descripton')).toBe('command/description');
    expect(closestRuleId('totally-unrelated')).toBeUndefined();
  });
});
