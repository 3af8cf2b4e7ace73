import type { StaticCheck } from '../types.js';
/** PluginEval's line-count bands (also the default methodology's). */
export declare function compatLengthBand(lines: number): number;
export declare const progressiveDisclosure: StaticCheck;
