/**
 * Rank correlations: Spearman's rho and Kendall's tau-b with two-sided p-values,
 * following scipy.stats.spearmanr and scipy.stats.kendalltau (method='auto').
 */
import { at, requireCount, requireFinite, requireSameLength } from './guards.js';
import { erfc, studentTTail } from './special.js';

export interface SpearmanResult {
  /** Spearman's rank correlation; NaN when either input is constant. */
  rho: number;
  /** Two-sided p-value from Student's t with n − 2 df; NaN when rho is NaN or n = 2. */
  p: number;
}

export interface KendallResult {
  /** Kendall's tau-b; NaN when either input is constant. */
  tau: number;
  /** Two-sided p-value (exact or normal approximation, as scipy's method='auto'). */
  p: number;
  /** Which p-value branch was used ('none' when tau is NaN). */
  method: 'exact' | 'asymptotic' | 'none';
}

/** Average (mid) ranks starting at 1, ties sharing their mean rank; matches scipy.stats.rankdata. */
export function rankAverage(values: readonly number[]): number[] {
  requireFinite('rankAverage', values);
  const order = values.map((_, i) => i).sort((i, j) => at(values, i) - at(values, j));
  const ranks = new Array<number>(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && at(values, at(order, end + 1)) === at(values, at(order, start))) end++;
    const rank = (start + end + 2) / 2;
    for (let k = start; k <= end; k++) ranks[at(order, k)] = rank;
    start = end + 1;
  }
  return ranks;
}

function isConstant(values: readonly number[]): boolean {
  const first = at(values, 0);
  return values.every((v) => v === first);
}

/** Pearson correlation of two equally long arrays, clipped to [-1, 1] like numpy.corrcoef. */
function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += at(x, i);
    my += at(y, i);
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = at(x, i) - mx;
    const dy = at(y, i) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

/**
 * Spearman's rank correlation with average ranks for ties and a two-sided p-value from
 * t = rho·sqrt((n−2)/((1+rho)(1−rho))) on n − 2 df; matches scipy.stats.spearmanr.
 * Needs n >= 2 pairs (throws RangeError below that). A constant input gives rho = NaN,
 * p = NaN (scipy does the same). With n = 2, rho is ±1 and p is NaN (0 df), as scipy.
 */
export function spearman(x: readonly number[], y: readonly number[]): SpearmanResult {
  const fn = 'spearman';
  requireSameLength(fn, x, y, ['x', 'y']);
  requireCount(fn, x, 2, 'pairs');
  requireFinite(fn, x, 'x');
  requireFinite(fn, y, 'y');
  if (isConstant(x) || isConstant(y)) return { rho: NaN, p: NaN };
  const rho = pearson(rankAverage(x), rankAverage(y));
  const dof = x.length - 2;
  if (dof === 0) return { rho, p: NaN };
  const ratio = Math.max(0, dof / ((rho + 1) * (1 - rho)));
  const t = rho * Math.sqrt(ratio);
  return { rho, p: Number.isFinite(t) ? 2 * studentTTail(t, dof) : 0 };
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/**
 * Exact two-sided p-value for Kendall's tau without ties: n items, c concordant pairs.
 * Port of scipy.stats._mstats_basic._kendall_p_exact (Mahonian-number recursion).
 */
function kendallExactP(n: number, concordant: number): number {
  const total = (n * (n - 1)) / 2;
  const c = Math.min(concordant, total - concordant);
  let prob: number;
  if (n <= 2) {
    prob = 1;
  } else if (c === 0) {
    prob = n < 171 ? 2 / factorial(n) : 0;
  } else if (c === 1) {
    prob = n < 172 ? 2 / factorial(n - 1) : 0;
  } else if (4 * c === n * (n - 1)) {
    prob = 1;
  } else {
    // counts[k] = number of permutations of j items with k inversions, for k <= c.
    let counts = new Array<number>(c + 1).fill(0);
    counts[0] = 1;
    counts[1] = 1;
    for (let j = 3; j <= n; j++) {
      const cum = new Array<number>(c + 1);
      let acc = 0;
      for (let k = 0; k <= c; k++) {
        acc += at(counts, k);
        cum[k] = acc;
      }
      if (j <= c) {
        const next = cum.slice();
        for (let k = j; k <= c; k++) next[k] = at(cum, k) - at(cum, k - j);
        counts = next;
      } else {
        counts = cum;
      }
    }
    let sum = 0;
    for (const v of counts) sum += v;
    // scipy switches to a scaled recursion at n >= 171; method='auto' never reaches it
    // for 2 <= c, because exact is only chosen there when n <= 33.
    prob = (2 * sum) / factorial(n);
  }
  return Math.min(1, Math.max(0, prob));
}

/** Sums over tie groups of sizes t: [Σ t(t−1)/2, Σ t(t−1)(t−2), Σ t(t−1)(2t+5)]. */
function tieStats(values: readonly number[]): [number, number, number] {
  const groups = new Map<number, number>();
  for (const v of values) groups.set(v, (groups.get(v) ?? 0) + 1);
  let pairs = 0;
  let s0 = 0;
  let s1 = 0;
  for (const t of groups.values()) {
    if (t < 2) continue;
    pairs += (t * (t - 1)) / 2;
    s0 += t * (t - 1) * (t - 2);
    s1 += t * (t - 1) * (2 * t + 5);
  }
  return [pairs, s0, s1];
}

/**
 * Kendall's tau-b with a two-sided p-value, matching scipy.stats.kendalltau(method='auto'):
 * the exact null distribution when there are no ties and (n <= 33 or at most one
 * discordant/concordant pair), else the normal approximation with scipy's tie-corrected
 * variance. Needs n >= 2 pairs; a constant input gives tau = NaN, p = NaN (as scipy).
 * O(n²) pair counting, fine for evaluation-sized data.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): KendallResult {
  const fn = 'kendallTauB';
  requireSameLength(fn, x, y, ['x', 'y']);
  requireCount(fn, x, 2, 'pairs');
  requireFinite(fn, x, 'x');
  requireFinite(fn, y, 'y');
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = Math.sign(at(x, i) - at(x, j)) * Math.sign(at(y, i) - at(y, j));
      if (s > 0) concordant++;
      else if (s < 0) discordant++;
    }
  }
  const total = (n * (n - 1)) / 2;
  const [xTie, x0, x1] = tieStats(x);
  const [yTie, y0, y1] = tieStats(y);
  if (xTie === total || yTie === total) return { tau: NaN, p: NaN, method: 'none' };
  const conMinusDis = concordant - discordant;
  let tau = conMinusDis / Math.sqrt(total - xTie) / Math.sqrt(total - yTie);
  tau = Math.min(1, Math.max(-1, tau));
  const noTies = xTie === 0 && yTie === 0;
  if (noTies && (n <= 33 || Math.min(discordant, total - discordant) <= 1)) {
    return { tau, p: kendallExactP(n, total - discordant), method: 'exact' };
  }
  const m = n * (n - 1);
  const variance = (m * (2 * n + 5) - x1 - y1) / 18 + (2 * xTie * yTie) / m + (x0 * y0) / (9 * m * (n - 2));
  const z = conMinusDis / Math.sqrt(variance);
  return { tau, p: erfc(Math.abs(z) / Math.SQRT2), method: 'asymptotic' };
}
