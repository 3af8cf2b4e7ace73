/** A class label for the multi-class metrics. */
export type Label = string | number;
/** Confusion counts for the binary metrics. `tn` is optional when counts are given directly. */
export interface BinaryCounts {
    tp: number;
    fp: number;
    fn: number;
    tn?: number;
}
/** Paired boolean labels: `truth[i]` is the gold label, `predicted[i]` the prediction. */
export interface BinaryLabels {
    truth: readonly boolean[];
    predicted: readonly boolean[];
}
export interface PrecisionRecallF1 {
    precision: number;
    recall: number;
    f1: number;
    tp: number;
    fp: number;
    fn: number;
    /** True negatives; NaN when the input gave counts without `tn`. */
    tn: number;
}
/**
 * Binary precision, recall and F1 for the positive class (`true`), from paired boolean
 * labels or from counts; matches sklearn precision_score / recall_score / f1_score with
 * zero_division=0 (0/0 is reported as 0, e.g. precision with no positive predictions).
 */
export declare function precisionRecallF1(input: BinaryLabels | BinaryCounts): PrecisionRecallF1;
/**
 * Macro-averaged F1: unweighted mean of per-class F1 over the union of labels seen in
 * truth or predicted; matches sklearn f1_score(average='macro', zero_division=0).
 */
export declare function macroF1(truth: readonly Label[], predicted: readonly Label[]): number;
/**
 * Micro-averaged F1 from pooled tp / fp / fn over all labels (equals accuracy for
 * single-label multi-class data); matches sklearn f1_score(average='micro').
 */
export declare function microF1(truth: readonly Label[], predicted: readonly Label[]): number;
