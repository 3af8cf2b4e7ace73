/**
 * The layer table: every measuring layer, in blend order. `score` iterates it; a layer the plan asks for with
 * no entry here is reported not run with the reason below.
 */
import type { LayerName } from '../../model/dimensions.js';
import type { Layer } from './contract.js';
import { JUDGE_LAYER } from './judge.js';
import { MONTE_CARLO_LAYER } from './monte-carlo.js';
import { STATIC_LAYER } from './static.js';

export const LAYER_TABLE: readonly Layer[] = Object.freeze([STATIC_LAYER, JUDGE_LAYER, MONTE_CARLO_LAYER]);

/** Why a requested layer with no entry in the table does not run (a table a test or library caller replaced). */
export const NO_ENTRY_REASONS: Readonly<Partial<Record<LayerName, string>>> = Object.freeze({});

export { JUDGE_LAYER, MONTE_CARLO_LAYER, STATIC_LAYER };
