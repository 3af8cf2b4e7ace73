/**
 * Length-controlled win rate (AlpacaEval 2 style): fit a logistic regression of "A won" on the
 * standardised length difference and read the win probability off at zero difference, i.e. what
 * the win rate would be if A and B were equally long. The fit is Newton-Raphson (= IRLS for the
 * canonical logit link) and accepts fractional outcomes, so a tie counts as half a win exactly as
 * statsmodels' GLM Binomial does; scripts/judgekit_reference.py checks it against statsmodels.
 */
import { sampleStd } from '../../stats/index.js';
import type { LengthControlledWinRate } from './report-schemas.js';
import type { PairwiseResult, Winner } from './schemas.js';

export interface LogisticFit {
  beta: number[];
  /** Standard errors from the inverse Fisher information; null when it is singular. */
  se: number[] | null;
  iterations: number;
  converged: boolean;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Inverse of a small symmetric positive-definite matrix by Gauss-Jordan; null when singular. */
function invert(matrix: number[][]): number[][] | null {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_u, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const row = a[col]!;
    const p = row[col]!;
    for (let j = 0; j < 2 * n; j++) row[j] = row[j]! / p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      if (f !== 0) for (let j = 0; j < 2 * n; j++) a[r]![j] = a[r]![j]! - f * row[j]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * Maximum-likelihood logistic regression. `rows` are covariate vectors WITHOUT the intercept (it is
 * added as the first coefficient); `y` values lie in [0, 1].
 */
export function fitLogistic(
  rows: readonly (readonly number[])[],
  y: readonly number[],
  options: { maxIterations?: number; tolerance?: number } = {},
): LogisticFit {
  if (rows.length !== y.length || rows.length === 0)
    throw new RangeError('fitLogistic: need as many outcomes as rows, at least one');
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  const X = rows.map((r) => [1, ...r]);
  const k = X[0]!.length;
  let beta = new Array<number>(k).fill(0);
  let information: number[][] = [];
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const gradient = new Array<number>(k).fill(0);
    information = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    X.forEach((x, i) => {
      const p = sigmoid(x.reduce((s, xj, j) => s + xj * beta[j]!, 0));
      const w = p * (1 - p);
      for (let j = 0; j < k; j++) {
        gradient[j] = gradient[j]! + (y[i]! - p) * x[j]!;
        for (let l = 0; l < k; l++) information[j]![l] = information[j]![l]! + w * x[j]! * x[l]!;
      }
    });
    const inverse = invert(information);
    if (inverse === null) return { beta, se: null, iterations: iteration, converged: false };
    const step = inverse.map((row) => row.reduce((s, v, j) => s + v * gradient[j]!, 0));
    beta = beta.map((b, j) => b + step[j]!);
    // Separated data drives coefficients to infinity; stop before exp() overflows.
    if (beta.some((b) => !Number.isFinite(b) || Math.abs(b) > 50))
      return { beta, se: null, iterations: iteration, converged: false };
    if (Math.max(...step.map(Math.abs)) < tolerance) {
      const finalInverse = invert(informationAt(X, beta)) ?? inverse;
      return { beta, se: finalInverse.map((row, j) => Math.sqrt(row[j]!)), iterations: iteration, converged: true };
    }
  }
  return { beta, se: null, iterations: maxIterations, converged: false };
}

function informationAt(X: readonly number[][], beta: readonly number[]): number[][] {
  const k = beta.length;
  const information = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const x of X) {
    const p = sigmoid(x.reduce((s, xj, j) => s + xj * beta[j]!, 0));
    for (let j = 0; j < k; j++)
      for (let l = 0; l < k; l++) information[j]![l] = information[j]![l]! + p * (1 - p) * x[j]! * x[l]!;
  }
  return information;
}

export interface LengthBattle {
  winner: Winner;
  lengthA: number;
  lengthB: number;
}

export const outcomeOf = (w: Winner): number => (w === 'A' ? 1 : w === 'B' ? 0 : 0.5);

/**
 * LC win rate of A over B. Covariate: `tanh` (AlpacaEval 2: tanh(diff / sd), bounded so one
 * very long answer cannot dominate; the default) or `linear` (diff / sd). sd is the sample
 * standard deviation of the length differences.
 */
export function lengthControlledWinRate(
  battles: readonly LengthBattle[],
  covariate: 'tanh' | 'linear' = 'tanh',
): LengthControlledWinRate {
  if (battles.length === 0) throw new RangeError('lengthControlledWinRate: no battles');
  const y = battles.map((b) => outcomeOf(b.winner));
  const winRate = (100 * y.reduce((s, v) => s + v, 0)) / y.length;
  const diffs = battles.map((b) => b.lengthA - b.lengthB);
  const sd = diffs.length >= 2 ? sampleStd(diffs) : 0;
  const base = { winRate, covariate, n: battles.length };
  if (y.every((v) => v === y[0]) && (y[0] === 0 || y[0] === 1)) {
    return {
      ...base,
      lcWinRate: winRate,
      lcInterval: null,
      intercept: null,
      lengthCoefficient: 0,
      interceptSe: null,
      iterations: 0,
      converged: false,
      note: 'every battle has the same winner: the regression is undefined, so the raw win rate is reported',
    };
  }
  const rows = sd > 0 ? diffs.map((d) => [covariate === 'tanh' ? Math.tanh(d / sd) : d / sd]) : diffs.map(() => []);
  const fit = fitLogistic(rows, y);
  const intercept = fit.beta[0]!;
  const interceptSe = fit.se?.[0] ?? null;
  if (!fit.converged) {
    return {
      ...base,
      lcWinRate: winRate,
      lcInterval: null,
      intercept,
      lengthCoefficient: fit.beta[1] ?? 0,
      interceptSe: null,
      iterations: fit.iterations,
      converged: false,
      note: 'the regression did not converge (outcomes separated by length): the raw win rate is reported',
    };
  }
  return {
    ...base,
    lcWinRate: 100 * sigmoid(intercept),
    lcInterval:
      interceptSe === null
        ? null
        : [
            100 * sigmoid(intercept - 1.959963984540054 * interceptSe),
            100 * sigmoid(intercept + 1.959963984540054 * interceptSe),
          ],
    intercept,
    lengthCoefficient: fit.beta[1] ?? 0,
    interceptSe,
    iterations: fit.iterations,
    converged: true,
    ...(sd > 0 ? {} : { note: 'all length differences are equal: no length adjustment possible' }),
  };
}

export function battlesOf(results: readonly PairwiseResult[]): LengthBattle[] {
  return results
    .filter((r) => r.status === 'judged')
    .map((r) => ({ winner: r.winner, lengthA: r.lengthA, lengthB: r.lengthB }));
}
