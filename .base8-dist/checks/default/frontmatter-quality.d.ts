import type { StaticCheck } from '../types.js';
export declare const frontmatterQuality: StaticCheck;
