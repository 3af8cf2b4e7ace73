/**
 * Which corpus skills a candidate is matched against (docs/elo.md "Reference selection"). The rule: same
 * category, SKILL.md within ±30% of the candidate's line count, rating closest to 1500, at least five. When fewer
 * qualify the rule is widened step by step, and each step is said in a note:
 *   1. same category, inside the line window (by rating closeness to 1500);
 *   2. same category, outside the window (nearest line count first);
 *   3. any category, inside the window (by rating closeness to 1500);
 *   4. any category, outside the window (nearest line count first).
 * Missing entries and the candidate itself (same path or same content hash) are never picked.
 */
import path from 'node:path';
import { INITIAL_RATING, type CorpusEntry } from './schema.js';

export interface ReferenceCandidate {
  path: string;
  contentHash: string;
  category: string;
  lineCount: number;
}

export interface ReferenceOptions {
  /** How many references to pick; default 5 (the minimum PluginEval's methodology asks for). */
  count?: number;
  /** Half-width of the line window as a share of the candidate's line count; default 0.3. */
  lineTolerance?: number;
}

export type ReferenceTier = 'category+lines' | 'category' | 'lines' | 'any';

export interface PickedReference {
  entry: CorpusEntry;
  tier: ReferenceTier;
}

export interface ReferenceSelection {
  references: PickedReference[];
  /** True when `count` references were found. */
  enough: boolean;
  /** The inclusive line window used for "within ±30%". */
  lineWindow: { low: number; high: number };
  /** Each widening step taken, in words. */
  notes: string[];
}

/** Lines L with |L - c| <= tolerance × c, as whole numbers (so 30% of 100 is 70..130, with no float edge). */
export function lineWindow(candidateLines: number, tolerance: number): { low: number; high: number } {
  const spread = tolerance * candidateLines;
  // A tiny epsilon keeps exact products such as 0.3 × 10 = 3.0000000000000004 on the inclusive side.
  return {
    low: Math.max(0, Math.ceil(candidateLines - spread - 1e-9)),
    high: Math.floor(candidateLines + spread + 1e-9),
  };
}

const byPath = (a: CorpusEntry, b: CorpusEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Pick references for `candidate` from the index entries. Pure and deterministic (ties broken by path). */
export function pickReferences(
  candidate: ReferenceCandidate,
  entries: readonly CorpusEntry[],
  options: ReferenceOptions = {},
): ReferenceSelection {
  const count = options.count ?? 5;
  const tolerance = options.lineTolerance ?? 0.3;
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`count must be a positive whole number, got ${count}`);
  if (!(tolerance >= 0) || !Number.isFinite(tolerance))
    throw new RangeError(`lineTolerance must be a number >= 0, got ${tolerance}`);
  const window = lineWindow(candidate.lineCount, tolerance);
  const candidatePath = path.resolve(candidate.path);
  const pool = entries.filter(
    (e) => !e.missing && path.resolve(e.path) !== candidatePath && e.contentHash !== candidate.contentHash,
  );
  const inWindow = (e: CorpusEntry) => e.lineCount >= window.low && e.lineCount <= window.high;
  const sameCategory = (e: CorpusEntry) => e.category === candidate.category;
  const ratingOrder = (a: CorpusEntry, b: CorpusEntry) =>
    Math.abs(a.rating - INITIAL_RATING) - Math.abs(b.rating - INITIAL_RATING) || byPath(a, b);
  const lineOrder = (a: CorpusEntry, b: CorpusEntry) =>
    Math.abs(a.lineCount - candidate.lineCount) - Math.abs(b.lineCount - candidate.lineCount) || ratingOrder(a, b);

  const tiers: {
    tier: ReferenceTier;
    test: (e: CorpusEntry) => boolean;
    order: typeof ratingOrder;
    note: (n: number) => string;
  }[] = [
    { tier: 'category+lines', test: (e) => sameCategory(e) && inWindow(e), order: ratingOrder, note: () => '' },
    {
      tier: 'category',
      test: (e) => sameCategory(e) && !inWindow(e),
      order: lineOrder,
      note: (n) =>
        `added ${n} from category "${candidate.category}" outside the line window (nearest line count first)`,
    },
    {
      tier: 'lines',
      test: (e) => !sameCategory(e) && inWindow(e),
      order: ratingOrder,
      note: (n) =>
        `added ${n} from other categories inside the line window (rating closest to ${INITIAL_RATING} first)`,
    },
    {
      tier: 'any',
      test: (e) => !sameCategory(e) && !inWindow(e),
      order: lineOrder,
      note: (n) => `added ${n} from other categories outside the line window (nearest line count first)`,
    },
  ];
  const references: PickedReference[] = [];
  const notes: string[] = [];
  const hashes = new Set<string>();
  for (const [i, { tier, test, order, note }] of tiers.entries()) {
    if (references.length >= count) break;
    if (i === 1) {
      notes.push(
        `only ${references.length} of ${count} references in category "${candidate.category}" ` +
          `with ${window.low}-${window.high} lines (±${Math.round(tolerance * 100)}% of ${candidate.lineCount})`,
      );
    }
    // One reference per content: copies of one skill (vendored into two plugins) are one opponent, as a copy of the
    // candidate is the candidate. Playing it twice would count the same evidence twice in the rating.
    const taken: CorpusEntry[] = [];
    for (const entry of pool.filter(test).sort(order)) {
      if (references.length + taken.length >= count) break;
      if (hashes.has(entry.contentHash)) continue;
      hashes.add(entry.contentHash);
      taken.push(entry);
    }
    references.push(...taken.map((entry) => ({ entry, tier })));
    if (i > 0 && taken.length > 0) notes.push(note(taken.length));
  }
  const enough = references.length >= count;
  const distinct = new Set(pool.map((e) => e.contentHash)).size;
  if (!enough)
    notes.push(`the corpus has only ${distinct} skill(s) other than the candidate; ${count} references are needed`);
  return { references, enough, lineWindow: window, notes };
}
