/** Token, cost and latency totals over the judge calls behind one result. */
import type { CompletionMeta } from '../providers/index.js';
import type { CallCost } from './schemas.js';
export declare function emptyCost(): CallCost;
export declare function costOfCall(meta: CompletionMeta): CallCost;
export declare function sumCosts(costs: readonly CallCost[]): CallCost;
