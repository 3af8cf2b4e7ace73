/**
 * judgekit: LLM-as-judge building blocks over any Provider. Direct scoring, pairwise comparison
 * with position swapping, rubric generation, panels and screening, length control, bias reports,
 * calibration against human labels, and renderers. No printing, no process exit: the CLI
 * (src/cli/commands/judge.ts) is a thin layer over these functions.
 */
import {
  BiasReport,
  CalibrationReport,
  CompareBatch,
  LengthControlledWinRate,
  PanelResult,
  ScoreBatch,
  ScreenedResult,
} from './report-schemas.js';
import { Criterion, DirectScoreResult, PairwiseResult, Rubric } from './schemas.js';

export * from './schemas.js';
export * from './report-schemas.js';
export {
  directReplySchema,
  lengthPenalty,
  normalise,
  normaliseName,
  parseCriteria,
  readReply,
  scoreDirect,
  scoreDirectBatch,
  weightedMean,
} from './direct.js';
export type { DirectOptions, DirectReply, LengthNormalisation, ScoreInput } from './direct.js';
export {
  DEFAULT_COMPARE_CRITERIA,
  aggregatePasses,
  calibrateConfidence,
  comparePair,
  comparePairs,
  likertWinner,
  majority,
  mapLikert,
  mapWinner,
  orderOfPass,
  pairwiseReplySchema,
} from './pairwise.js';
export type { CompareInput, CompareOptions, Order, PairwiseReply } from './pairwise.js';
export {
  attachRubrics,
  checkLevels,
  formatRubrics,
  generateRubric,
  loadRubrics,
  rubricReplySchema,
  saveRubrics,
} from './rubric.js';
export type { RubricOptions, RubricRequest } from './rubric.js';
export { aggregatePanel, judgeScore, mapBatch, pairAgreement, scorePanel, scoreScreened } from './panel.js';
export type { JudgeRef, JudgeScoreOptions, PanelOptions, ScreenOptions } from './panel.js';
export { battlesOf, fitLogistic, lengthControlledWinRate, outcomeOf } from './length-control.js';
export type { LengthBattle, LogisticFit } from './length-control.js';
export { modelFamily, pairwiseBiasReport, positionZTest, scoreBiasReport, selfEnhancementWarnings } from './bias.js';
export type { BiasOptions } from './bias.js';
export { calibratePairwise, calibrateScores } from './calibrate.js';
export type { LabelledPairItem, LabelledScoreItem } from './calibrate.js';
export { CALIBRATION_THRESHOLDS, levelOf, worstLevel } from './thresholds.js';
export type { ThresholdMetric } from './thresholds.js';
export { finalWeightedScore, summariseCompareBatch, summariseScoreBatch, weightedWinRate } from './batch.js';
export {
  CompareLine,
  LabelledCompareLine,
  LabelledScoreLine,
  ScoreLine,
  loadCriteria,
  parseInlineCriteria,
  parseJsonl,
  readJsonl,
  readLabelled,
} from './io.js';
export {
  DIRECT_TEMPLATE,
  PAIRWISE_TEMPLATE,
  RUBRIC_TEMPLATE,
  contentHash,
  promptVersion,
  renderRubric,
} from './prompts.js';
export type { PromptTemplate, RubricRenderOptions } from './prompts.js';
export { renderJson, renderMarkdown, renderText, renderers } from './render.js';
export type { JudgeOutput, OutputFormat } from './render.js';
export { UsageLedger, UsageSummary, emptyUsage, formatCost, sumUsage, usageOfCall } from '../../providers/pricing.js';
export { aggregateJudges, studentTQuantile, tInterval } from './aggregate.js';
export type { JudgesAggregate, ScoreBounds } from './aggregate.js';

/** Output formats by name, for `plugin-eval judge schema NAME` (JSON Schema via z.toJSONSchema). */
export const judgeSchemas = {
  'direct-score': DirectScoreResult,
  pairwise: PairwiseResult,
  panel: PanelResult,
  screened: ScreenedResult,
  'score-batch': ScoreBatch,
  'compare-batch': CompareBatch,
  rubric: Rubric,
  criterion: Criterion,
  'bias-report': BiasReport,
  'calibration-report': CalibrationReport,
  'length-controlled-win-rate': LengthControlledWinRate,
} as const;
export type JudgeSchemaName = keyof typeof judgeSchemas;
