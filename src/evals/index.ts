/** skill-creator's eval workflow as a library: schemas, workspace layout, run, grade, aggregate, compare, triggers. */
export * from './schemas/index.js';
export { parseJsonAs, readJsonAs, writeJsonAs } from './json-files.js';
export * from './workspace.js';
export * from './run/run-api.js';
export * from './aggregate/evals-aggregate-exports.js';
export {
  evaluateTriggers,
  mergeDuplicateQueries,
  passes,
  type EvaluateTriggersOptions,
  type TriggerEvaluation,
  type TriggerQuery,
} from './optimise/triggers.js';
export { optimizeDescription, type OptimizeOptions } from './optimise/optimize.js';
