export {
  EvalCase,
  EvalsFile,
  EvalsFileInput,
  Expectation,
  ProgrammaticExpectation,
  evalNameOf,
  expectationText,
} from './evals-file.js';
export { EvalMetadata, RecordedToolCall, RunMetrics, RunRecord, RunTiming } from './run-files.js';
export { IterationConfiguration, IterationPlan } from './iteration-plan.js';
export { GradedExpectation, Grading, GradingInput } from './grading.js';
export {
  Benchmark,
  BenchmarkRun,
  ConfigurationSummary,
  DeltaInterval,
  Stat,
  deltaValue,
  formatDelta,
} from './benchmark.js';
export { Analysis, Comparison } from './comparison.js';
export { History, HistoryIteration } from './history.js';
export { Feedback, FeedbackInput, Review } from './feedback.js';
export { TriggerEvalSet } from '../../monte-carlo/prompts.js';
export { TriggerQueryResult, TriggerResults, TriggerSummary } from './trigger-results.js';
export { OptimizeIteration, OptimizeResults, SetScore } from './optimize-results.js';
export {
  ConfigurationTally,
  EvalsAggregateSummary,
  EvalsCompareSummary,
  EvalsHistorySummary,
  EvalsRunOutcome,
  GradeOutcome,
  GradeRow,
  GradeStatus,
  RunRow,
  RunRowStatus,
} from './summaries.js';
