/** clusterBootstrapMean: the same resamples as the python port (numpy percentiles), and its reduction to bootstrapCI. */
import { describe, expect, it } from 'vitest';
import { bootstrapCI, clusterBootstrapMean, mean } from '../../src/stats/index.js';
import { expectClose, reference } from './fixture.js';

interface ClusterRow {
  clusters: number[][];
  samples: number;
  alpha: number;
  seed: number;
  low: number;
  high: number;
  estimate: number;
}

const cases = reference.clusterBootstrap as ClusterRow[];

describe('clusterBootstrapMean', () => {
  it.each(cases.map((r, i) => [i, r] as const))('matches scripts/stats_reference.py case %i', (_i, r) => {
    const res = clusterBootstrapMean(r.clusters, { samples: r.samples, alpha: r.alpha, seed: r.seed });
    expectClose(res.low, r.low, 1e-12);
    expectClose(res.high, r.high, 1e-12);
    expectClose(res.estimate, r.estimate, 1e-12);
  });

  it('equals the plain bootstrap of the mean when every cluster holds one value', () => {
    const values = [0.3, 0.9, 0.1, 0.7, 0.5, 0.2, 0.8];
    const plain = bootstrapCI(values, mean, { samples: 700, seed: 11 });
    const clustered = clusterBootstrapMean(
      values.map((v) => [v]),
      { samples: 700, seed: 11 },
    );
    expect(clustered).toEqual(plain);
  });

  it('is wider than the naive interval when repeats of one prompt agree with each other', () => {
    const clusters = [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
    ];
    const naive = bootstrapCI(clusters.flat(), mean, { seed: 3 });
    const clustered = clusterBootstrapMean(clusters, { seed: 3 });
    expect(clustered.high - clustered.low).toBeGreaterThan(naive.high - naive.low);
  });

  it('names itself on empty input', () => {
    expect(() => clusterBootstrapMean([])).toThrow(/clusterBootstrapMean: needs at least 1 cluster/);
    expect(() => clusterBootstrapMean([[1], []])).toThrow(/clusterBootstrapMean: cluster 1 is empty/);
    expect(() => clusterBootstrapMean([[1, Number.NaN]])).toThrow(/clusterBootstrapMean/);
  });
});
