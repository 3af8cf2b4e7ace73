import type { StaticCheck } from '../types.js';
export declare const ecosystemCoherence: StaticCheck;
