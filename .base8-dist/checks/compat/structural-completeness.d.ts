import type { StaticCheck } from '../types.js';
export declare const structuralCompleteness: StaticCheck;
