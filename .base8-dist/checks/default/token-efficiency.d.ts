import type { StaticCheck } from '../types.js';
import { dropRepeatedLines } from '../improvements/body-edits.js';
import type { Improvement } from '../types.js';
export declare const tokenEfficiency: StaticCheck;
/** Deleting prose lines that repeat earlier ones (offered by this check and by FILLER_CONTENT). */
export declare function repeatedLinesImprovement(id: string, repeated: ReturnType<typeof dropRepeatedLines>): Improvement;
