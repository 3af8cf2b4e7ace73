import { codeTemplateQuality } from './dimensions/code-template-quality.js';
import { orchestrationFitness } from './dimensions/orchestration-fitness.js';
import { outputQuality } from './dimensions/output-quality.js';
import { scopeCalibration } from './dimensions/scope-calibration.js';
import { triggeringAccuracy } from './dimensions/triggering-accuracy.js';
export const JUDGE_DIMENSIONS = Object.freeze([
    triggeringAccuracy,
    orchestrationFitness,
    outputQuality,
    scopeCalibration,
    codeTemplateQuality,
]);
export function judgeDimensionFor(name) {
    return JUDGE_DIMENSIONS.find((d) => d.dimension === name);
}
//# sourceMappingURL=registry.js.map