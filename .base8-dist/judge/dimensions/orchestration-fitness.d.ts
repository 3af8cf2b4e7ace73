export declare const orchestrationFitness: import("../types.js").JudgeDimension;
