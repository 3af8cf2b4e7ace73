import type { AntiPatternInstance, CheckOutcome, Improvement } from '../checks/types.js';
import { type AntiPatternFlag, type DimensionName } from '../model/dimensions.js';
import type { AntiPatternResult, DimensionResult, Tip } from '../model/result.js';
import type { StaticLayerOutput } from '../layers/static.js';
import type { LayerOutput } from '../layers/types.js';
import type { MarkdownComponent } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
/**
 * "Fix first", computed from the evidence: every registered check and anti-pattern rule of the default
 * methodology offers the improvements it can see in this skill (nothing the skill already has), each is applied
 * to a copy of the skill in memory, and the skill is re-scored under the result's own methodology with the other
 * layers' scores held. A tip's gain is the composite difference; tips that gain nothing are dropped, and the rest
 * are ordered by gain. Judge suggestions join with the most their dimension could gain (a ceiling, said so).
 */
/** What a re-score returns: enough to measure a gain and say what moved. */
export interface Scored {
    score: number;
    dimensions: readonly DimensionResult[];
    antiPatterns: readonly AntiPatternResult[];
}
/**
 * Re-score the whole result (a skill, or the plugin around it) with one skill replaced by its edited copy;
 * `reuse` carries the skill's own instances of the rules marked `reuseInSimulation` (see runStaticLayer).
 */
export type Rescore = (edited: SkillDocument, reuse: ReadonlyMap<string, readonly AntiPatternInstance[]>) => Scored;
/** Improvements simulated per skill at most: each costs one static run, so the cost stays linear in the input. */
export declare const MAX_SIMULATIONS = 12;
/**
 * SKILL.md bytes re-scored for tips per skill at most (a 10 KB skill gets every simulation, a 300 KB one three),
 * so tips never cost more than a few static runs; the likeliest gains are simulated first.
 */
export declare const SIMULATION_BYTE_BUDGET = 1000000;
interface Candidate {
    improvement: Improvement;
    source: 'check' | 'anti-pattern';
    dimension: DimensionName | null;
    antiPattern?: AntiPatternFlag;
    /** Cheap upper estimate of the gain (points), to simulate the likeliest first: weight x room, or 5 per instance. */
    prior: number;
}
/**
 * Improvements the default registry offers for this skill. `staticLayer` supplies the outcomes and instances
 * already computed when the result is in the default methodology; otherwise the default checks run here.
 */
export declare function candidateImprovements(skill: SkillDocument, staticLayer?: StaticLayerOutput): Candidate[];
/** Simulated tips for one skill (of a skill result, or of a plugin result via `rescore`). */
export declare function skillTips(skill: SkillDocument, target: Tip['target'], baseline: Scored, rescore: Rescore, staticLayer?: StaticLayerOutput): Tip[];
/** A plugin's agent or command with the default check's outcome (what its improvements are read from). */
export interface ScoredComponent {
    component: MarkdownComponent;
    outcome: CheckOutcome;
}
/** Re-score the plugin with one agent or command replaced by its edited copy. */
export type RescoreComponent = (index: number, edited: MarkdownComponent) => Scored;
/**
 * Agent and command simulations per plugin at most (all components together, likeliest gains first). Each one
 * re-runs one component check and re-averages the plugin, so the cost stays linear in the number of components.
 */
export declare const MAX_COMPONENT_SIMULATIONS = 48;
/**
 * Simulated tips for a plugin's agents and commands: the default checks' improvements, each applied to a copy of
 * the file in memory and re-scored as the whole plugin (`rescore`) with that component replaced. Components feed
 * triggering accuracy, so that is the dimension they name.
 */
export declare function componentTips(components: readonly ScoredComponent[], baseline: Scored, rescore: RescoreComponent): Tip[];
/**
 * The judge's own suggestion for each dimension it measured below 1, with the most the composite could gain if
 * the judge's share of that dimension reached 1 (static shares held). A ceiling, not a prediction.
 */
export declare function judgeTips(dimensions: readonly DimensionResult[], layers: readonly LayerOutput[], penalty: number, target: Tip['target']): Tip[];
/** Biggest gain first; ties keep the order they were offered in (the registry's). */
export declare function rankTips(tips: readonly Tip[]): Tip[];
export {};
