import { describe, it, expect } from 'vitest';
import * as stats from '../../src/stats/index.js';

// Every data-taking export must reject empty input with a RangeError that names it.
const emptyCalls: [string, () => unknown][] = [
  ['mean', () => stats.mean([])],
  ['sampleStd', () => stats.sampleStd([])],
  ['median', () => stats.median([])],
  ['quantileSorted', () => stats.quantileSorted([], 0.5)],
  ['coefficientOfVariation', () => stats.coefficientOfVariation([])],
  ['precisionRecallF1', () => stats.precisionRecallF1({ truth: [], predicted: [] })],
  ['macroF1', () => stats.macroF1([], [])],
  ['microF1', () => stats.microF1([], [])],
  ['cohensKappa', () => stats.cohensKappa([], [])],
  ['spearman', () => stats.spearman([], [])],
  ['kendallTauB', () => stats.kendallTauB([], [])],
  ['agreementRate', () => stats.agreementRate([], [])],
  ['positionConsistency', () => stats.positionConsistency([], [])],
  ['bootstrapCI', () => stats.bootstrapCI([], stats.mean)],
  ['bradleyTerry', () => stats.bradleyTerry([])],
  ['wilsonInterval', () => stats.wilsonInterval(0, 0)],
  ['clopperPearson', () => stats.clopperPearson(0, 0)],
];

const mismatchCalls: [string, () => unknown][] = [
  ['precisionRecallF1', () => stats.precisionRecallF1({ truth: [true, false], predicted: [true] })],
  ['macroF1', () => stats.macroF1([1, 2], [1])],
  ['microF1', () => stats.microF1([1], [1, 2])],
  ['cohensKappa', () => stats.cohensKappa([1, 2], [1])],
  ['spearman', () => stats.spearman([1, 2, 3], [1, 2])],
  ['kendallTauB', () => stats.kendallTauB([1, 2], [1, 2, 3])],
  ['agreementRate', () => stats.agreementRate(['a'], ['a', 'b'])],
  ['positionConsistency', () => stats.positionConsistency(['a', 'b'], ['a'])],
];

describe('input guards', () => {
  it.each(emptyCalls)('%s rejects empty input with a named RangeError', (name, call) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(new RegExp(`^${name}: `));
  });

  it.each(mismatchCalls)('%s rejects mismatched lengths', (name, call) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(new RegExp(`^${name}: .* must have the same length, got \\d+ and \\d+$`));
  });
});
