/** Scope calibration: depth and breadth relative to the skill's category (judge-only in PluginEval's methodology). */
import { SCOPE_CALIBRATION_RUBRIC } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';

export const scopeCalibration = rubricDimension({
  rubric: SCOPE_CALIBRATION_RUBRIC,
  task: 'Start by naming the category of this skill in your reasoning; judge depth and breadth against what that category needs.',
});
