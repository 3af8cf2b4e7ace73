/** The library side of `evals aggregate`, `evals compare` and `evals history` (one line in index.ts). */
export { readIterationRuns } from './aggregate-read.js';
export type { ExcludedRun, IterationRuns, MeasuredRun } from './aggregate-read.js';
export {
  buildBenchmark,
  chooseConfigurations,
  discriminationTable,
  flakyEvals,
  DEFAULT_FLAKY_THRESHOLD,
} from './aggregate.js';
export type {
  AggregateOptions,
  AggregateResult,
  ConfigurationPair,
  DiscriminationRow,
  FlakyEval,
} from './aggregate.js';
export { aggregateIteration, aggregateSummary, resolveIterationFolder } from './aggregate-iteration.js';
export type { AggregateIterationOptions, AggregateIterationResult, AnalystJudge } from './aggregate-iteration.js';
export { deterministicNotes, modelNotes, MODEL_NOTE_PREFIX } from './analyst.js';
export { renderBenchmarkMarkdown } from './benchmark-markdown.js';
export { blindCompare, blindOrder } from '../compare/compare.js';
export type { BlindCompareOptions, CompareRequest } from '../compare/compare.js';
export { readCompareSide, taskPromptOf } from '../compare/compare-read.js';
export type { CompareSide } from '../compare/compare-read.js';
export { analyzeComparison } from '../compare/analyze.js';
export { compareRuns, compareSummary, COMPARISON_FILE, ANALYSIS_FILE } from '../compare/compare-runs.js';
export type { CompareRunsOptions, CompareRunsResult } from '../compare/compare-runs.js';
export { buildHistory, historySummary, judgeVersion, DEFAULT_TIE_MARGIN } from '../history.js';
export type { HistoryOptions, HistoryResult, VersionVerdict } from '../history.js';
