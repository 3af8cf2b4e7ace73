/**
 * The rule ids a diagnostic can carry, so a config file or an inline comment naming anything else is caught.
 * They are the validation rules of the one registry (src/rules/registry/index.ts): score checks report numbers and
 * anti-patterns are part of the score, so neither can be configured.
 */
import { VALIDATION_RULES } from '../registry/index.js';

let cache: ReadonlySet<string> | undefined;

/** Every rule id plugin-eval knows: what a diagnostic's `ruleId` can be, and what `rules` in the config may name. */
export function knownRuleIds(): ReadonlySet<string> {
  if (cache) return cache;
  cache = new Set<string>(VALIDATION_RULES.map((r) => r.meta.id));
  return cache;
}

/** The known id closest to `id` (a typo's likely intent), when one is close enough to suggest. */
export function closestRuleId(id: string): string | undefined {
  return closestOf(id, knownRuleIds());
}

/**
 * The candidate closest to `word` (a typo's likely intent: a rule id, a config key), when one is close enough to
 * suggest.
 */
export function closestOf(word: string, candidates: Iterable<string>): string | undefined {
  const id = word;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(id.length / 4)) + 1;
  for (const known of candidates) {
    const d = editDistance(id, known, bestDistance);
    if (d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin >= limit) return limit;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit);
}
