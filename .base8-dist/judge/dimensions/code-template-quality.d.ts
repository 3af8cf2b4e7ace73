export declare const codeTemplateQuality: import("../types.js").JudgeDimension;
