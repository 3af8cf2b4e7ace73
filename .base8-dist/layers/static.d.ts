import type { AntiPatternInstance, CheckOutcome, Finding } from '../checks/types.js';
import { type Methodology } from '../model/dimensions.js';
import type { SkillDocument } from '../parse/skill.js';
import type { LayerOutput } from './types.js';
export interface StaticLayerOutput extends LayerOutput {
    /** Weighted sub-scores before the penalty. */
    rawScore: number;
    penalty: number;
    findings: Finding[];
    /** Each check's outcome by check id, and each rule's instances by flag (what tips are computed from). */
    outcomes: Map<string, CheckOutcome>;
    instances: Map<string, AntiPatternInstance[]>;
}
/**
 * Layer 1: run every registered check and anti-pattern rule of the methodology on one skill. `reuse` (a tip's
 * simulation) supplies the instances of rules marked `reuseInSimulation` instead of running them again.
 */
export declare function runStaticLayer(skill: SkillDocument, methodology: Methodology, reuse?: ReadonlyMap<string, readonly AntiPatternInstance[]>): StaticLayerOutput;
