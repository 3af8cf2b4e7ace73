export declare const outputQuality: import("../types.js").JudgeDimension;
