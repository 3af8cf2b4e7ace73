export declare const scopeCalibration: import("../types.js").JudgeDimension;
