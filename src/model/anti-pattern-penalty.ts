/**
 * The anti-pattern penalty rule. It lives in model/ because both the static layer (which applies it) and the
 * score and api modules (which re-apply it after a plugin's or a judge's extra anti-patterns) need it, and a
 * layer must not import from score/ (score sits above the layers).
 */

/** The penalty multiplier: 5% per anti-pattern instance, floored at 50%. */
export function antiPatternPenalty(count: number): number {
  return Math.max(0.5, 1 - 0.05 * count);
}
