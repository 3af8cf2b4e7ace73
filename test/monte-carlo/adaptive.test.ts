import { describe, expect, it } from 'vitest';
import { createStoppingRule, type AdaptiveLook } from '../../src/monte-carlo/adaptive.js';
import { measureAdaptiveCoverage } from '../../src/monte-carlo/adaptive-coverage.js';
import type { McRunRecord, McSummary } from '../../src/monte-carlo/summary-types.js';
import { bernoulliConfidenceSequence } from '../../src/stats/index.js';

function run(shouldTrigger: boolean, activated: boolean, over: Partial<McRunRecord> = {}): McRunRecord {
  return {
    promptIndex: 0,
    shouldTrigger,
    status: 'ok',
    activated,
    quality: null,
    tokens: 100,
    costUsd: 0,
    durationMs: 0,
    ...over,
  };
}

describe('createStoppingRule: schedule', () => {
  it('1:1 alternates positive and negative, positive first, with per-kind ordinals', () => {
    const rule = createStoppingRule({ maxRuns: 10 });
    expect([0, 1, 2, 3, 4].map((i) => rule.schedule(i))).toEqual([
      { shouldTrigger: true, ordinal: 0 },
      { shouldTrigger: false, ordinal: 0 },
      { shouldTrigger: true, ordinal: 1 },
      { shouldTrigger: false, ordinal: 1 },
      { shouldTrigger: true, ordinal: 2 },
    ]);
  });

  it('2:1 gives P, P, N and positives-only never schedules a negative', () => {
    const two = createStoppingRule({ maxRuns: 10, ratio: { positive: 2, negative: 1 } });
    expect([0, 1, 2, 3, 4, 5].map((i) => two.schedule(i).shouldTrigger)).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(two.schedule(5)).toEqual({ shouldTrigger: false, ordinal: 1 });
    expect(two.schedule(4)).toEqual({ shouldTrigger: true, ordinal: 3 });
    const pos = createStoppingRule({ maxRuns: 10, ratio: { positive: 1, negative: 0 } });
    expect([0, 1, 2].map((i) => pos.schedule(i))).toEqual(
      [0, 1, 2].map((ordinal) => ({ shouldTrigger: true, ordinal })),
    );
  });
});

describe('createStoppingRule: decide', () => {
  it('stops at N (infrastructure errors count as runs done) and not before minRuns or between looks', () => {
    const rule = createStoppingRule({ maxRuns: 4, minRuns: 2 });
    const infra = run(true, false, { status: 'infra', infraKind: 'timeout' });
    expect(rule.decide([infra, infra, infra, infra])).toEqual({
      action: 'stop',
      reason: 'max-runs',
      detail: 'N = 4 runs reached',
    });
    const lazy = createStoppingRule({
      maxRuns: 1000,
      minRuns: 20,
      lookEvery: 10,
      ciWidth: 0.4,
      ratio: { positive: 1, negative: 0 },
    });
    const all = Array.from({ length: 40 }, (_, i) => run(true, true, { promptIndex: i }));
    expect(lazy.decide(all.slice(0, 19)).action).toBe('continue');
    expect(lazy.decide(all.slice(0, 25)).action).toBe('continue');
    expect(lazy.decide(all.slice(0, 30)).action).toBe('stop');
  });

  it('stops on precision only when every sampled rate is narrow enough, and says which', () => {
    const rule = createStoppingRule({ maxRuns: 1000, ciWidth: 0.2 });
    // 40 positives all activated, 40 negatives none: each confidence sequence is [0.87.., 1] or [0, 0.12..].
    const records = Array.from({ length: 80 }, (_, i) => run(i % 2 === 0, i % 2 === 0, { promptIndex: i }));
    const decision = rule.decide(records);
    expect(decision.action).toBe('stop');
    if (decision.action !== 'stop') return;
    expect(decision.reason).toBe('precision');
    const hw = (k: number, n: number): string => {
      const i = bernoulliConfidenceSequence(k, n);
      return ((i.high - i.low) / 2).toFixed(3);
    };
    expect(decision.detail).toBe(
      `every rate's 95% anytime-valid half-width <= 0.2 (activation ±${hw(40, 40)} on 40 runs of 40 prompts, false ` +
        `activation ±${hw(0, 40)} on 40 runs of 40 prompts, failure ±${hw(0, 80)} on 80 runs of 80 prompts)`,
    );
    // The same positives with no negative measured yet (all lost to infrastructure): false activation is unknown.
    const noNegatives = records.map((r) => (r.shouldTrigger ? r : { ...r, status: 'infra' as const }));
    expect(rule.decide(noNegatives).action).toBe('continue');
  });

  it('asks the band predicate with anytime-valid intervals', () => {
    const seen: McSummary[] = [];
    const rule = createStoppingRule({
      maxRuns: 100,
      minRuns: 4,
      minPrompts: 2,
      bandFixed: (look) => {
        expect(look.activation).toEqual(look.summary().activation);
        seen.push(look.summary());
        return look.done >= 6;
      },
    });
    const records = Array.from({ length: 6 }, (_, i) => run(i % 2 === 0, i % 2 === 0, { promptIndex: i }));
    expect(rule.decide(records.slice(0, 4))).toEqual({ action: 'continue' });
    expect(rule.decide(records)).toEqual({
      action: 'stop',
      reason: 'band-fixed',
      detail: 'the badge band cannot change (after 6 runs)',
    });
    expect(seen.map((s) => s.activation.method)).toEqual(['confidence-sequence', 'confidence-sequence']);
    expect(seen[1]?.sampling.mode).toBe('adaptive');
  });

  it('prompts are the sampling unit: 7 runs over 4 positive prompts no longer stop on precision', () => {
    // The case measured in the issue: at --ci-width 0.26, 14 runs (7 positives over 4 prompts, 7 negatives over 4,
    // every positive activated, no negative) stopped on precision, the runs counted as 14 independent trials.
    const cycled = Array.from({ length: 14 }, (_, i) =>
      run(i % 2 === 0, i % 2 === 0, { promptIndex: (i % 2) * 4 + (Math.floor(i / 2) % 4) }),
    );
    expect(new Set(cycled.filter((r) => r.shouldTrigger).map((r) => r.promptIndex)).size).toBe(4);
    // The same outcomes with every run its own prompt are 14 independent trials, and do stop.
    const distinct = cycled.map((r, i) => ({ ...r, promptIndex: i }));
    expect(createStoppingRule({ maxRuns: 50, ciWidth: 0.26 }).decide(distinct).action).toBe('stop');
    // Fewer distinct prompts than the minimum on a side: no early stop.
    expect(createStoppingRule({ maxRuns: 50, ciWidth: 0.26 }).decide(cycled)).toEqual({ action: 'continue' });
    // With the minimum lowered to 4, the clustered intervals still rest on 4 prompts, not 7 runs: too wide.
    expect(createStoppingRule({ maxRuns: 50, ciWidth: 0.26, minPrompts: 4 }).decide(cycled)).toEqual({
      action: 'continue',
    });
    const look: AdaptiveLook[] = [];
    createStoppingRule({
      maxRuns: 50,
      ciWidth: 0.26,
      minPrompts: 4,
      bandFixed: (l) => {
        look.push(l);
        return false;
      },
    }).decide(cycled);
    expect(look[0]?.activation).toMatchObject({ successes: 7, trials: 7, prompts: 4 });
    // All agreed, so each prompt's runs are taken as one observation (7 runs over 4, 4, 4, 3... prompts).
    expect(look[0]?.activation.effectiveTrials).toBeCloseTo(49 / 13, 12);
  });

  it('rejects bad settings naming them', () => {
    expect(() => createStoppingRule({ maxRuns: 0 })).toThrow(
      'createStoppingRule: maxRuns must be an integer >= 1, got 0',
    );
    expect(() => createStoppingRule({ maxRuns: 5, ciWidth: 0 })).toThrow(/ciWidth must be in \(0, 0.5\)/);
    expect(() => createStoppingRule({ maxRuns: 5, ratio: { positive: 0, negative: 0 } })).toThrow(
      /ratio must sample something/,
    );
    expect(() => createStoppingRule({ maxRuns: 5, lookEvery: 0 })).toThrow(/lookEvery must be an integer >= 1/);
    expect(() => createStoppingRule({ maxRuns: 5, minPrompts: 0 })).toThrow(/minPrompts must be an integer >= 1/);
  });
});

/*
 * The simulation proof (issue 9 item 5), small enough for a unit test: 2,000 seeded Bernoulli streams per rate,
 * N = 100, looking after every run from run 10, stopping on precision (±0.05) or once the activation interval sits
 * inside one band of 0.6 / 0.7 / 0.8 / 0.9. bench/mc-adaptive.mjs runs the full 10,000.
 */
describe('adaptive sampling keeps 95% coverage under optional stopping', () => {
  const results = [0.5, 0.7, 0.9, 0.98].map((rate) =>
    measureAdaptiveCoverage({ rate, streams: 2000, maxRuns: 100, bandEdges: [0.6, 0.7, 0.8, 0.9], seed: 7 }),
  );

  it.each(results.map((r) => [r.rate, r] as const))(
    'true rate %s: coverage >= 0.94 at the stop, never more than N runs',
    (_rate, r) => {
      expect(r.adaptive.coverage).toBeGreaterThanOrEqual(0.94);
      expect(r.adaptive.meanRuns).toBeLessThanOrEqual(100);
      expect(r.adaptive.stops['max-runs'] + r.adaptive.stops.precision + r.adaptive.stops['band-fixed']).toBe(2000);
    },
  );

  it('stops early where it can: inside a band at 0.5, on precision at 0.98', () => {
    const [half, , , high] = results;
    expect(half?.adaptive.stops['band-fixed']).toBeGreaterThan(0);
    expect(half?.adaptive.meanRuns).toBeLessThan(100);
    expect(high?.adaptive.stops.precision).toBeGreaterThan(0);
    expect(high?.adaptive.meanRuns).toBeLessThan(100);
  });

  it('the naive rule (Wilson, peeked) covers less than the confidence sequence at every rate', () => {
    for (const r of results) expect(r.naiveWilson.coverage).toBeLessThan(r.adaptive.coverage);
  });
});

/*
 * Prompts as the sampling unit: streams cycling through 10 prompts whose own rates are 0 or 1 (spread 1 around a
 * mean of 0.5), so a prompt's repeated runs say nothing new. The truth is the mean over prompts. Seeded, 100 streams
 * (bench/mc-adaptive.mjs runs more).
 */
describe('runs clustered by prompt keep coverage when prompts differ', () => {
  const r = measureAdaptiveCoverage({
    rate: 0.5,
    streams: 100,
    maxRuns: 100,
    bandEdges: [0.6, 0.7, 0.8, 0.9],
    seed: 7,
    prompts: 10,
    spread: 1,
  });

  it('the clustered rule covers at >= 0.94; the same runs counted as independent prompts do not', () => {
    expect(r.adaptive.coverage).toBeGreaterThanOrEqual(0.94);
    expect(r.unclustered?.coverage).toBeLessThan(0.9);
    // Counting runs as prompts also stops sooner, on intervals that are too narrow.
    expect(r.unclustered?.meanRuns).toBeLessThan(r.adaptive.meanRuns);
  });
});
