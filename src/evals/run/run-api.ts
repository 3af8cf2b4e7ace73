/** `evals run` and `evals grade` as library functions (re-exported by src/evals/index.ts). */
export { defaultEvalsFile, loadEvalSuite, resolveInputFile } from './eval-suite.js';
export type { EvalSuite } from './eval-suite.js';
export { folderHash, parseBaseline, planDifferences } from './iteration.js';
export type { Baseline } from './iteration.js';
export {
  EVAL_ALLOWED_TOOLS,
  EVAL_MAX_TURNS,
  EVAL_TIMEOUT_MS,
  executeEvalsRun,
  prepareEvalsRun,
  promptFor,
  runEvals,
} from './run-evals.js';
// The outcomes' schemas and types (EvalsRunOutcome, GradeOutcome, their rows) come with the other schemas
// (schemas/index.ts).
export type { EvalsRunOptions, ExecuteDeps, PreparedEvalsRun, RunTask } from './run-evals.js';
export { FINAL_RESPONSE_FILE, collectOutputs, metricsOf, timingOf } from './run-capture.js';
export { renderTranscript } from './transcript.js';
export { estimateEvalsRun } from './estimate.js';
export type { EvalsEstimate } from './estimate.js';
export { gradeTarget, gradeWorkspace } from '../grade/grade-workspace.js';
export type { GradeOptions, Judge } from '../grade/grade-workspace.js';
export {
  GRADER_SYSTEM,
  GraderReply,
  gradeWithLlm,
  graderMaterial,
  quoteFound,
  readGraderReply,
} from '../grade/grader.js';
export { checkProgrammatic, globToRegExp, parseJsonPath } from '../grade/programmatic.js';
export type { ProgrammaticVerdict } from '../grade/programmatic.js';
export { readRunMaterial } from './run-material.js';
export type { RunMaterial } from './run-material.js';
