/**
 * The uplift figure from comparison records: wins minus losses over judged comparisons, its interval from a
 * bootstrap over prompts (repeated runs of one prompt are one cluster), unmeasured comparisons apart, and too few
 * comparisons or prompts "not measured" with the reason, never 0.
 */
import { describe, expect, it } from 'vitest';
import type { UpliftComparison } from '../../src/model/uplift.js';
import { clusterBootstrapMean } from '../../src/stats/bootstrap.js';
import { pooledUplift, upliftOf } from '../../src/score/uplift.js';

const judged = (prompt: string, preference: -1 | 0 | 1, consistent = true, skill = 's'): UpliftComparison => ({
  prompt,
  skill,
  status: 'judged',
  preference,
  consistent,
  confidence: 0.9,
});
const lost = (prompt: string): UpliftComparison => ({
  prompt,
  skill: 's',
  status: 'unmeasured',
  reason: 'the run without the skill failed (timeout: 60 s)',
  preference: null,
  consistent: null,
  confidence: null,
});

describe('upliftOf', () => {
  it('counts wins, losses, ties and splits; the interval resamples prompts, not runs', () => {
    const records = [
      judged('p1', 1),
      judged('p1', 1),
      judged('p1', 1),
      judged('p2', -1),
      judged('p3', 0, false),
      judged('p4', 1),
      lost('p4'),
    ];
    const u = upliftOf(records, { seed: 7, samples: 500 });
    expect(u).toMatchObject({
      status: 'measured',
      comparisons: 6,
      prompts: 4,
      wins: 4,
      losses: 1,
      ties: 1,
      splits: 1,
      unmeasured: 1,
      winRate: 4.5 / 6,
      uplift: 3 / 6,
    });
    const clustered = clusterBootstrapMean([[1, 1, 1], [-1], [0], [1]], { seed: 7, samples: 500, alpha: 0.05 });
    expect([u.low, u.high]).toEqual([clustered.low, clustered.high]);
    expect(u.records).toHaveLength(7);
  });

  it('too few judged comparisons, or too few prompts, is not measured with the reason and no figure', () => {
    const few = upliftOf([judged('a', 1), judged('b', 1), lost('c'), lost('d'), lost('e')]);
    expect(few).toMatchObject({ status: 'not-measured', winRate: null, uplift: null, low: null, high: null });
    expect(few.reason).toBe(
      'only 2 judged comparison(s) (at least 5 are needed); 3 comparison(s) lost to infrastructure failures',
    );
    const twoPrompts = upliftOf([1, 2, 3].flatMap(() => [judged('a', 1), judged('b', 1)]));
    expect(twoPrompts.status).toBe('not-measured');
    expect(twoPrompts.reason).toBe('only 2 distinct prompt(s) compared (at least 3 are needed)');
    expect(upliftOf([], { none: 'no judge provider to compare the outputs' }).reason).toBe(
      'no judge provider to compare the outputs',
    );
  });

  it("a plugin pools its skills' comparisons, the same words asked of two skills being two prompts", () => {
    const a = upliftOf(['p1', 'p2', 'p3'].map((p) => judged(p, 1, true, 'alpha')));
    const b = upliftOf(['p1', 'p2', 'p3'].map((p) => judged(p, -1, true, 'beta')));
    expect(a.status).toBe('not-measured');
    const pooled = pooledUplift([a, b])!;
    expect(pooled).toMatchObject({ status: 'measured', comparisons: 6, prompts: 6, wins: 3, losses: 3, uplift: 0 });
    expect(pooledUplift([undefined])).toBeUndefined();
    expect(pooledUplift([a])).toBe(a);
  });
});
