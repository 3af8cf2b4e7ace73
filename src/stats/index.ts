/**
 * Statistics and agreement metrics used to validate judges and summarise evaluations.
 * Pure functions; every one throws a RangeError naming itself on empty or mismatched input.
 * Reference values come from scipy / scikit-learn / statsmodels (scripts/stats_reference.py).
 */
export { mean, sampleStd, median, quantileSorted, coefficientOfVariation } from './descriptive.js';
export {
  logGamma,
  logBeta,
  erf,
  erfc,
  normalCdf,
  normalQuantile,
  regularizedBeta,
  inverseRegularizedBeta,
  studentTCdf,
} from './special.js';
export { precisionRecallF1, macroF1, microF1 } from './classification.js';
export type { Label, BinaryCounts, BinaryLabels, PrecisionRecallF1 } from './classification.js';
export { cohensKappa } from './kappa.js';
export type { KappaWeights, CohensKappaOptions } from './kappa.js';
export { spearman, kendallTauB, rankAverage } from './correlation.js';
export type { SpearmanResult, KendallResult } from './correlation.js';
export { agreementRate, positionConsistency } from './agreement.js';
export type { AgreementOptions } from './agreement.js';
export { wilsonInterval, clopperPearson } from './proportion.js';
export type { Interval } from './proportion.js';
export { bootstrapCI, bootstrapMeanDifference, clusterBootstrapMean, mulberry32 } from './bootstrap.js';
export type { BootstrapOptions, BootstrapResult } from './bootstrap.js';
export { bradleyTerry } from './bradley-terry.js';
export type { Match, BradleyTerryOptions } from './bradley-terry.js';
export { bernoulliConfidenceSequence, logMixtureMartingale } from './sequential.js';
export type { ConfidenceSequenceOptions } from './sequential.js';
export { ELO_INITIAL, ELO_K, eloExpected, eloUpdate, onlineElo, bradleyTerryElo, corpusPercentile } from './elo.js';
export type {
  OnlineEloOptions,
  BradleyTerryEloOptions,
  BradleyTerryEloResult,
  RatingWithInterval,
  CorpusStanding,
} from './elo.js';
export { rankCorrelationIntervals } from './correlation-interval.js';
export type { CorrelationWithInterval, RankCorrelationIntervals } from './correlation-interval.js';
