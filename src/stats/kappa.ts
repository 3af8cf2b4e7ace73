/**
 * Cohen's kappa (unweighted, linear and quadratic weights), following
 * sklearn.metrics.cohen_kappa_score.
 */
import { at, requireCount, requireSameLength } from './guards.js';
import type { Label } from './classification.js';

export type KappaWeights = 'none' | 'linear' | 'quadratic';

export interface CohensKappaOptions {
  /** Disagreement weights; 'linear' / 'quadratic' use label positions in the sorted label set. */
  weights?: KappaWeights;
  /**
   * The label set and its order, as sklearn's `labels=`: on a rating scale, pass every point (1..5) so weights use
   * the scale's distances even when a rating was never given. Every observed label must be in it.
   */
  labels?: readonly Label[];
}

/** Sorts labels like numpy.unique: numbers ascending, strings by UTF-16 code units; no mixing. */
function sortedLabelSet(fn: string, a: readonly Label[], b: readonly Label[]): Label[] {
  const set = new Set<Label>();
  for (const arr of [a, b]) {
    for (let i = 0; i < arr.length; i++) {
      const v = at(arr, i);
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new RangeError(`${fn}: numeric labels must be finite, got ${v} at index ${i}`);
      } else if (typeof v !== 'string') {
        throw new RangeError(`${fn}: labels must be strings or numbers, got ${typeof v} at index ${i}`);
      }
      set.add(v);
    }
  }
  const labels = [...set];
  const kinds = new Set(labels.map((l) => typeof l));
  if (kinds.size > 1) throw new RangeError(`${fn}: labels mix numbers and strings; use one type`);
  if (typeof labels[0] === 'number') return (labels as number[]).sort((x, y) => x - y);
  return (labels as string[]).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

/**
 * Cohen's kappa between two raters' labels over the union of observed labels sorted
 * ascending; weights 'linear' |i−j| or 'quadratic' (i−j)² act on positions in that sorted
 * set, exactly as sklearn.metrics.cohen_kappa_score. Where sklearn is undefined (NaN:
 * both raters used one and the same single label, so expected agreement is 1) this returns
 * 1, because observed agreement is then necessarily perfect too.
 */
export function cohensKappa(a: readonly Label[], b: readonly Label[], options: CohensKappaOptions = {}): number {
  const fn = 'cohensKappa';
  const weights = options.weights ?? 'none';
  if (weights !== 'none' && weights !== 'linear' && weights !== 'quadratic') {
    throw new RangeError(`${fn}: weights must be 'none', 'linear' or 'quadratic', got ${String(weights)}`);
  }
  requireSameLength(fn, a, b);
  requireCount(fn, a, 1, 'pairs');
  const seen = sortedLabelSet(fn, a, b);
  const labels = options.labels === undefined ? seen : [...options.labels];
  if (options.labels !== undefined) {
    if (new Set(labels).size !== labels.length) throw new RangeError(`${fn}: labels are listed twice`);
    const missing = seen.filter((l) => !labels.includes(l));
    if (missing.length > 0) throw new RangeError(`${fn}: label(s) ${missing.join(', ')} are not in options.labels`);
  }
  const k = labels.length;
  const index = new Map<Label, number>(labels.map((l, i) => [l, i]));
  const confusion: number[] = new Array<number>(k * k).fill(0);
  for (let i = 0; i < a.length; i++) {
    const r = index.get(at(a, i)) as number;
    const c = index.get(at(b, i)) as number;
    confusion[r * k + c] = at(confusion, r * k + c) + 1;
  }
  const rowSums: number[] = new Array<number>(k).fill(0);
  const colSums: number[] = new Array<number>(k).fill(0);
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) {
      const v = at(confusion, r * k + c);
      rowSums[r] = at(rowSums, r) + v;
      colSums[c] = at(colSums, c) + v;
    }
  }
  const n = a.length;
  let observed = 0;
  let expected = 0;
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) {
      const d = r - c;
      const w = weights === 'none' ? (d === 0 ? 0 : 1) : weights === 'linear' ? Math.abs(d) : d * d;
      if (w === 0) continue;
      observed += w * at(confusion, r * k + c);
      expected += (w * at(rowSums, r) * at(colSums, c)) / n;
    }
  }
  if (expected === 0) return 1;
  return 1 - observed / expected;
}
