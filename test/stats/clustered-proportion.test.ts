import { describe, expect, it } from 'vitest';
import { clusteredProportionInterval, effectiveCounts } from '../../src/stats/clustered-proportion.js';
import { bernoulliConfidenceSequence, clopperPearson, wilsonInterval } from '../../src/stats/index.js';
import { expectClose } from './fixture.js';

/*
 * Reference: scripts/mc_reference.py ("CLUSTERED"): the design effect and effective counts written out in python,
 * Wilson's formula (which reproduces statsmodels' proportion_confint on whole counts: the FIXED activation figures of
 * test/monte-carlo/statistics.test.ts), scipy.stats.beta for Korn-Graubard's Clopper-Pearson, and brentq on the
 * mixture boundary for the confidence sequence. Clusters are [successes, runs] per prompt.
 */
const CASES: {
  name: string;
  clusters: [number, number][];
  effective: [number, number];
  wilson: [number, number];
  clopperPearson: [number, number];
  confidenceSequence: [number, number];
}[] = [
  {
    name: 'repeated, disagreeing',
    clusters: [
      [3, 3],
      [0, 3],
      [2, 3],
      [3, 3],
      [1, 3],
      [3, 3],
    ],
    effective: [6.0, 9.0],
    wilson: [0.3542021355803961, 0.879416181613089],
    clopperPearson: [0.29929505620854036, 0.9251453685803082],
    confidenceSequence: [0.22436377851790038, 0.9574035392992496],
  },
  {
    name: 'repeated, all agree',
    clusters: [
      [2, 2],
      [2, 2],
      [2, 2],
      [1, 1],
    ],
    effective: [3.769230769230769, 3.769230769230769],
    wilson: [0.49525482871099, 1.0],
    clopperPearson: [0.3758059707014964, 1.0],
    confidenceSequence: [0.29842299112697673, 1.0],
  },
  {
    name: 'unequal, none',
    clusters: [
      [0, 5],
      [0, 1],
      [0, 2],
    ],
    effective: [0.0, 2.1333333333333333],
    wilson: [0.0, 0.6429443437801755],
    clopperPearson: [0.0, 0.8225670067429406],
    confidenceSequence: [0.0, 0.8562396583189525],
  },
  {
    name: 'one run each',
    clusters: [
      [1, 1],
      [0, 1],
      [1, 1],
      [1, 1],
    ],
    effective: [3.0, 4.0],
    wilson: [0.30064184258240184, 0.9544127391902995],
    clopperPearson: [0.19412044968324338, 0.9936905367902902],
    confidenceSequence: [0.14287814853512742, 0.9974810120094552],
  },
  {
    name: 'within-prompt noise',
    clusters: [
      [1, 2],
      [1, 2],
      [2, 4],
      [1, 2],
      [0, 1],
    ],
    effective: [5.0, 11.0],
    wilson: [0.2127127162245977, 0.719908462590678],
    clopperPearson: [0.16748809406370713, 0.7662064023406548],
    confidenceSequence: [0.11313603237182036, 0.8317925275436852],
  },
];

const asCounts = (clusters: [number, number][]) => clusters.map(([successes, trials]) => ({ successes, trials }));
const METHODS = [
  ['wilson', 'wilson'],
  ['clopperPearson', 'clopper-pearson'],
  ['confidenceSequence', 'confidence-sequence'],
] as const;

describe('clusteredProportionInterval vs the python reference', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const counts = effectiveCounts(asCounts(c.clusters));
    expectClose(counts.effectiveTrials, c.effective[1], 1e-12, 0, 'n_eff');
    expect(counts.clusters).toBe(c.clusters.length);
    for (const [field, method] of METHODS) {
      const got = clusteredProportionInterval(asCounts(c.clusters), method);
      expectClose(got.low ?? NaN, c[field][0], 1e-9, 0, `${method} low`);
      expectClose(got.high ?? NaN, c[field][1], 1e-9, 0, `${method} high`);
    }
  });

  it('repeated prompts whose runs disagree count for less than their runs, never for more', () => {
    // 18 runs of 6 prompts, 12 activated: design effect 2, so the interval rests on 9 runs.
    const c = effectiveCounts(asCounts(CASES[0]!.clusters));
    expect(c).toMatchObject({ successes: 12, trials: 18, clusters: 6 });
    expectClose(c.designEffect ?? NaN, 2, 1e-12, 0, 'deff');
    // Runs that disagree within every prompt (a design effect below 1) still count as no more than themselves.
    const noisy = effectiveCounts(asCounts(CASES[4]!.clusters));
    expect(noisy.designEffect).toBeLessThan(1);
    expect(noisy.effectiveTrials).toBe(11);
    // Every run agreed: each prompt's runs are one observation (7 runs over 4 prompts: 49 / 13).
    expect(effectiveCounts(asCounts(CASES[1]!.clusters)).effectiveTrials).toBeCloseTo(49 / 13, 12);
  });

  it('with one run per prompt it is the unclustered interval exactly', () => {
    const clusters = asCounts(CASES[3]!.clusters);
    expect(clusteredProportionInterval(clusters, 'wilson')).toMatchObject(wilsonInterval(3, 4));
    expect(clusteredProportionInterval(clusters, 'clopper-pearson')).toMatchObject(clopperPearson(3, 4));
    expect(clusteredProportionInterval(clusters, 'confidence-sequence')).toMatchObject(
      bernoulliConfidenceSequence(3, 4),
    );
  });

  it('no trial: no interval; bad clusters are a RangeError naming the cluster', () => {
    expect(clusteredProportionInterval([], 'wilson')).toMatchObject({ low: null, high: null, trials: 0 });
    expect(clusteredProportionInterval([{ successes: 0, trials: 0 }], 'wilson').clusters).toBe(0);
    expect(() => effectiveCounts([{ successes: 3, trials: 2 }])).toThrow(
      'effectiveCounts: cluster 0 has 3 successes of 2 trials',
    );
    expect(() => effectiveCounts([{ successes: 1, trials: 1.5 }])).toThrow(/cluster 0 must have whole trials/);
  });
});
