import type { Methodology } from '../model/dimensions.js';
import type { AntiPatternRule, StaticCheck } from './types.js';
export type { AntiPatternRule, CheckOutcome, Finding, Improvement, StaticCheck, AntiPatternInstance } from './types.js';
/** The one registry of static checks and anti-pattern rules, per methodology. */
export declare const REGISTRY: Readonly<Record<Methodology, {
    checks: readonly StaticCheck[];
    antiPatterns: readonly AntiPatternRule[];
}>>;
