import { REGISTRY } from './checks/index.js';
import type { AntiPatternInstance, CheckOutcome, Finding } from './checks/types.js';
import { SUB_SCORE_TO_DIMENSION, SUB_SCORE_WEIGHTS, type Methodology } from '../model/dimensions.js';
import type { AntiPatternResult, LayerResult } from '../model/result.js';
import type { SkillDocument } from '../parse/skill.js';
import { antiPatternPenalty } from '../model/anti-pattern-penalty.js';
import type { LayerOutput } from '../model/layer-output.js';
import { monotonicMs } from '../util/clock.js';

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
 * Layer 1: run every registered check and anti-pattern rule of the methodology on one skill. The outcomes and
 * instances stay on the output: tips are computed from them.
 */
export function runStaticLayer(skill: SkillDocument, methodology: Methodology): StaticLayerOutput {
  const started = monotonicMs();
  const { checks, antiPatterns: rules } = REGISTRY[methodology];
  const subScores: LayerResult['subScores'] = {};
  const measurements: LayerOutput['measurements'] = {};
  const findings: Finding[] = [];
  const outcomes = new Map<string, CheckOutcome>();
  const instances = new Map<string, AntiPatternInstance[]>();
  let rawScore = 0;
  for (const check of checks) {
    const outcome = check.run(skill);
    outcomes.set(check.id, outcome);
    subScores[check.subScore] = { score: outcome.score, evidence: outcome.evidence };
    findings.push(...outcome.findings);
    rawScore += outcome.score * SUB_SCORE_WEIGHTS[check.subScore];
    const dimension = SUB_SCORE_TO_DIMENSION[check.subScore];
    if (dimension) measurements[dimension] = { score: outcome.score, evidence: outcome.evidence };
  }
  const antiPatterns: AntiPatternResult[] = [];
  for (const rule of rules) {
    const found = rule.detect(skill);
    if (found.length > 0) instances.set(rule.flag, found);
    for (const instance of found) {
      antiPatterns.push({
        flag: instance.flag,
        description: instance.description,
        severity: instance.severity,
        ...(instance.file !== undefined ? { file: instance.file } : {}),
        ...(instance.line !== undefined ? { line: instance.line } : {}),
      });
    }
  }
  const penalty = antiPatternPenalty(antiPatterns.length);
  return {
    name: 'static',
    score: rawScore * penalty,
    rawScore,
    penalty,
    durationMs: monotonicMs() - started,
    measurements,
    unmeasured: {},
    antiPatterns,
    subScores,
    findings,
    outcomes,
    instances,
  };
}
