import type { AntiPatternResult, LayerResult, LayerUsage } from './result.js';
import type { DimensionName, LayerName } from './dimensions.js';
import type { MonteCarloReport } from './monte-carlo.js';

/** One layer's measurement of one dimension, in [0, 1]. */
export interface DimensionMeasurement {
  score: number;
  evidence: string[];
  /** 95% interval when the layer has several samples or judges. */
  ciLow?: number | null;
  ciHigh?: number | null;
}

/** Model usage a layer reports (LLM layers); its type comes from the result schema. */
export type { LayerUsage } from './result.js';

/**
 * What every layer (static, judge, Monte Carlo) hands to the blend. Data flows one way: parse -> layers ->
 * blend and composite -> reporters; a layer never reads another layer's output.
 */
export interface LayerOutput {
  name: LayerName;
  /** Layer-level score as its own methodology defines it (static: PluginEval's weighted sub-scores x penalty). */
  score: number;
  durationMs: number;
  measurements: Partial<Record<DimensionName, DimensionMeasurement>>;
  /**
   * Dimensions the layer tried to measure and could not, with the reason (e.g. invalid judge output, not applicable).
   */
  unmeasured: Partial<Record<DimensionName, string>>;
  /**
   * Measurement failures (an invalid reply after the repair request, a provider failure that outlived the
   * retries), per dimension: the dimension is unmeasured by this layer, or measured from fewer judges or
   * skills than asked. Either way the result is partial (exit 3). A dimension that merely does not apply
   * (no code to judge) is in `unmeasured` only.
   */
  failed?: Partial<Record<DimensionName, string>>;
  antiPatterns: AntiPatternResult[];
  subScores: LayerResult['subScores'];
  usage?: LayerUsage;
  /** Free-form notes for reporters (e.g. what the judge left out of its token budget). */
  notes?: string[];
  /** Judge layers: how many judges ran, and Cohen's kappa between them (null with one judge). */
  judges?: number;
  kappa?: number | null;
  /** Monte Carlo layers: one report per skill measured. */
  monteCarlo?: MonteCarloReport[];
}
