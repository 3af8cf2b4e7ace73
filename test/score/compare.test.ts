import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import type { ScoreResult } from '../../src/model/result.js';
import { compareResults } from '../../src/score/compare.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKILL = path.join(ROOT, 'examples/skills/csv-profiler');

async function resultWithPenalty(methodology: 'default' | 'compat', penalty: number): Promise<ScoreResult> {
  const run = await score([SKILL], { methodology, depth: 'quick' });
  const result = run.results[0]!;
  return { ...result, composite: { ...result.composite, penalty } };
}

describe('compareResults: the penalty delta', () => {
  // 0.7 - 1 is -0.30000000000000004 in floating point; the other deltas of the default methodology are settled.
  it('is settled like the other deltas in the default methodology', async () => {
    const c = compareResults(await resultWithPenalty('default', 1), await resultWithPenalty('default', 0.7));
    expect(c.penalty).toEqual({ a: 1, b: 0.7, delta: -0.3 });
  });

  it("keeps PluginEval's raw arithmetic in the compat methodology", async () => {
    const c = compareResults(await resultWithPenalty('compat', 1), await resultWithPenalty('compat', 0.7));
    expect(c.penalty.delta).toBe(0.7 - 1);
    expect(c.penalty.delta).not.toBe(-0.3);
  });
});
