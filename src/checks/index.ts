import type { Methodology } from '../model/dimensions.js';
import { compatAntiPatterns, compatChecks } from './compat/index.js';
import { defaultAntiPatterns, defaultChecks } from './default/index.js';
import type { AntiPatternRule, StaticCheck } from './types.js';

export type { AntiPatternRule, CheckOutcome, Finding, Improvement, StaticCheck, AntiPatternInstance } from './types.js';

/** The one registry of static checks and anti-pattern rules, per methodology. */
export const REGISTRY: Readonly<Record<Methodology, { checks: readonly StaticCheck[]; antiPatterns: readonly AntiPatternRule[] }>> = Object.freeze({
  default: { checks: defaultChecks, antiPatterns: defaultAntiPatterns },
  compat: { checks: compatChecks, antiPatterns: compatAntiPatterns },
});
