import type { Level } from './report-schemas.js';
/** Metric values are shown with three decimals, and their band is decided on the value as shown. */
export declare const METRIC_DECIMALS = 3;
/** The screen score (0-1) is shown with two decimals and compared with the screen threshold as shown. */
export declare const SCREEN_DECIMALS = 2;
export interface Band {
    /** Human description of the bands, for reports. */
    rule: string;
    level(value: number): Level;
}
export declare const CALIBRATION_THRESHOLDS: {
    readonly spearman: {
        readonly rule: "> 0.8 good, 0.6-0.8 acceptable, < 0.6 concerning";
        readonly level: (v: number) => "good" | "acceptable" | "concerning";
    };
    readonly kappa: {
        readonly rule: "> 0.7 good, 0.5-0.7 acceptable, < 0.5 concerning";
        readonly level: (v: number) => "good" | "acceptable" | "concerning";
    };
    readonly positionConsistency: {
        readonly rule: "> 0.9 good, 0.8-0.9 acceptable, < 0.8 concerning";
        readonly level: (v: number) => "good" | "acceptable" | "concerning";
    };
    /** Applied to |rho| between length and score: LOWER is better. */
    readonly lengthCorrelation: {
        readonly rule: "|rho| < 0.2 good, 0.2-0.4 acceptable, > 0.4 concerning";
        readonly level: (v: number) => "good" | "acceptable" | "concerning";
    };
};
export type ThresholdMetric = keyof typeof CALIBRATION_THRESHOLDS;
export declare function levelOf(metric: ThresholdMetric, value: number): Level;
/** The worst band among the readings that have one. */
export declare function worstLevel(levels: readonly (Level | null)[]): Level | null;
