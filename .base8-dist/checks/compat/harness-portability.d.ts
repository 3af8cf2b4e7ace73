import type { StaticCheck } from '../types.js';
export declare const COMPAT_TOOL_PROSE: RegExp;
export declare const harnessPortability: StaticCheck;
