import type { Methodology } from '../model/dimensions.js';
import { compatAntiPatterns, compatChecks } from './compat/index.js';
import { defaultAntiPatterns, defaultChecks } from './default/index.js';
import type { AntiPatternRule, StaticCheck } from './types.js';

export type { AntiPatternRule, CheckOutcome, Finding, Improvement, StaticCheck, AntiPatternInstance } from './types.js';

/**
 * The static checks and anti-pattern rules `score` runs, per methodology: the score-check and anti-pattern entries of
 * the one rule registry (src/registry/index.ts lists these very objects with their metadata).
 */
export const REGISTRY: Readonly<Record<Methodology, { checks: readonly StaticCheck[]; antiPatterns: readonly AntiPatternRule[] }>> = Object.freeze({
  default: { checks: defaultChecks, antiPatterns: defaultAntiPatterns },
  compat: { checks: compatChecks, antiPatterns: compatAntiPatterns },
});
