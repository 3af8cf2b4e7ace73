/**
 * Quality bands for judge metrics (good / acceptable / concerning), from the advanced-evaluation
 * methodology. One table, so docs, reports and tests read the same numbers.
 */
import { displayed } from '../../score/display.js';
import type { Level } from './report-schemas.js';

/** Metric values are shown with three decimals, and their band is decided on the value as shown. */
export const METRIC_DECIMALS = 3;
/** The screen score (0-1) is shown with two decimals and compared with the screen threshold as shown. */
export const SCREEN_DECIMALS = 2;

export interface Band {
  /** Human description of the bands, for reports. */
  rule: string;
  level(value: number): Level;
}

export const CALIBRATION_THRESHOLDS = {
  spearman: {
    rule: '> 0.8 good, 0.6-0.8 acceptable, < 0.6 concerning',
    level: (v: number) => (v > 0.8 ? 'good' : v >= 0.6 ? 'acceptable' : 'concerning'),
  },
  kappa: {
    rule: '> 0.7 good, 0.5-0.7 acceptable, < 0.5 concerning',
    level: (v: number) => (v > 0.7 ? 'good' : v >= 0.5 ? 'acceptable' : 'concerning'),
  },
  positionConsistency: {
    rule: '> 0.9 good, 0.8-0.9 acceptable, < 0.8 concerning',
    level: (v: number) => (v > 0.9 ? 'good' : v >= 0.8 ? 'acceptable' : 'concerning'),
  },
  /** Applied to |rho| between length and score: LOWER is better. */
  lengthCorrelation: {
    rule: '|rho| < 0.2 good, 0.2-0.4 acceptable, > 0.4 concerning',
    level: (v: number) => (v < 0.2 ? 'good' : v <= 0.4 ? 'acceptable' : 'concerning'),
  },
} as const satisfies Record<string, Band>;

export type ThresholdMetric = keyof typeof CALIBRATION_THRESHOLDS;

export function levelOf(metric: ThresholdMetric, value: number): Level {
  return CALIBRATION_THRESHOLDS[metric].level(displayed(value, METRIC_DECIMALS));
}

const RANK: Record<Level, number> = { good: 0, acceptable: 1, concerning: 2 };

/** The worst band among the readings that have one. */
export function worstLevel(levels: readonly (Level | null)[]): Level | null {
  const present = levels.filter((l): l is Level => l !== null);
  if (present.length === 0) return null;
  return present.reduce((worst, l) => (RANK[l] > RANK[worst] ? l : worst));
}
