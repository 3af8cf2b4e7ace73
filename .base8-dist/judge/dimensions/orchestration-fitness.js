/** Orchestration fitness: is the skill a pure worker with a stated contract (seed: "worker purity", 0-1 rubric)? */
import { ORCHESTRATION_FITNESS_RUBRIC } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';
export const orchestrationFitness = rubricDimension({ rubric: ORCHESTRATION_FITNESS_RUBRIC });
//# sourceMappingURL=orchestration-fitness.js.map