export { EvalCase, EvalsFile, EvalsFileInput, Expectation, ProgrammaticExpectation, evalNameOf, expectationText } from './evals-file.js';
export { EvalMetadata, RunMetrics, RunRecord, RunTiming } from './run-files.js';
export { GradedExpectation, Grading, GradingInput } from './grading.js';
export { Benchmark, BenchmarkRun, ConfigurationSummary, DeltaInterval, Stat, deltaValue, formatDelta } from './benchmark.js';
export { Analysis, Comparison } from './comparison.js';
export { History, HistoryIteration } from './history.js';
export { Feedback, FeedbackInput, Review } from './feedback.js';
export { TriggerEvalSet } from '../../simulate/prompts.js';
export { TriggerQueryResult, TriggerResults, TriggerSummary } from './trigger-results.js';
