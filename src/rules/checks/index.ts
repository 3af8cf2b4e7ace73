import { METHODOLOGIES, type Methodology } from '../../model/dimensions.js';
import { isAntiPattern, isStaticCheck, RULE_TABLE } from './table.js';
import type { AntiPatternRule, StaticCheck } from './types.js';

export type { AntiPatternRule, CheckOutcome, Finding, Improvement, StaticCheck, AntiPatternInstance } from './types.js';

/**
 * The static checks and anti-pattern rules `score` runs, per methodology, in table order: the rows of the one rule
 * table (./table.ts) of that methodology.
 */
export const REGISTRY: Readonly<
  Record<Methodology, { checks: readonly StaticCheck[]; antiPatterns: readonly AntiPatternRule[] }>
> = Object.freeze(
  Object.fromEntries(
    METHODOLOGIES.map((m) => [
      m,
      {
        checks: Object.freeze(RULE_TABLE.filter(isStaticCheck).filter((c) => c.methodology === m)),
        antiPatterns: Object.freeze(RULE_TABLE.filter(isAntiPattern).filter((r) => r.methodology === m)),
      },
    ]),
  ) as Record<Methodology, { checks: readonly StaticCheck[]; antiPatterns: readonly AntiPatternRule[] }>,
);
