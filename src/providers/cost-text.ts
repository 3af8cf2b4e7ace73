/**
 * Costs for people, with why a cost is unknown. Its own module without imports: the reporters print costs, and
 * they are loaded on paths (a static-only `score`) that must not load zod with the price schemas.
 */

/** What a usage record's unknown parts are, in words; empty when the cost is known. */
export interface UnknownCostParts {
  costUsd: number | null;
  unpricedCalls?: number | undefined;
  unreportedCalls?: number | undefined;
}

/**
 * A usage record's cost for people, saying why it is unknown: "unknown: 2 call(s) without usage reported",
 * "unpriced (1 call(s) to a model without a price)", or both. Every text, Markdown and HTML view prints costs
 * through this, so the reasons read the same everywhere.
 */
export function describeCost(u: UnknownCostParts, digits = 4): string {
  if (u.costUsd !== null) return `$${u.costUsd.toFixed(digits)}`;
  const why: string[] = [];
  if ((u.unreportedCalls ?? 0) > 0) why.push(unreportedText(u.unreportedCalls ?? 0));
  if ((u.unpricedCalls ?? 0) > 0) why.push(`unpriced (${u.unpricedCalls} call(s) to a model without a price)`);
  return why.length > 0 ? why.join('; ') : 'unpriced';
}

/** "unknown: N call(s) without usage reported". */
export function unreportedText(calls: number): string {
  return `unknown: ${calls} call(s) without usage reported`;
}
