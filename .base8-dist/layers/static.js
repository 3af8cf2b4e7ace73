import { REGISTRY } from '../checks/index.js';
import { SUB_SCORE_TO_DIMENSION, SUB_SCORE_WEIGHTS } from '../model/dimensions.js';
import { antiPatternPenalty } from '../score/grades.js';
/**
 * Layer 1: run every registered check and anti-pattern rule of the methodology on one skill. `reuse` (a tip's
 * simulation) supplies the instances of rules marked `reuseInSimulation` instead of running them again.
 */
export function runStaticLayer(skill, methodology, reuse) {
    const started = performance.now();
    const { checks, antiPatterns: rules } = REGISTRY[methodology];
    const subScores = {};
    const measurements = {};
    const findings = [];
    const outcomes = new Map();
    const instances = new Map();
    let rawScore = 0;
    for (const check of checks) {
        const outcome = check.run(skill);
        outcomes.set(check.id, outcome);
        subScores[check.subScore] = { score: outcome.score, evidence: outcome.evidence };
        findings.push(...outcome.findings);
        rawScore += outcome.score * SUB_SCORE_WEIGHTS[check.subScore];
        const dimension = SUB_SCORE_TO_DIMENSION[check.subScore];
        if (dimension)
            measurements[dimension] = { score: outcome.score, evidence: outcome.evidence };
    }
    const antiPatterns = [];
    for (const rule of rules) {
        const found = reuse !== undefined && rule.reuseInSimulation ? [...(reuse.get(rule.flag) ?? [])] : rule.detect(skill);
        if (found.length > 0)
            instances.set(rule.flag, found);
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
        durationMs: performance.now() - started,
        measurements,
        unmeasured: {},
        antiPatterns,
        subScores,
        findings,
        outcomes,
        instances,
    };
}
//# sourceMappingURL=static.js.map