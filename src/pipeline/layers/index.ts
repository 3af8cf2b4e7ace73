/**
 * The layer table: every measuring layer, in blend order. `score` iterates it; a layer the plan asks for with
 * no entry here is reported not run with the reason below. Monte Carlo (issue 9) is one more entry.
 */
import type { LayerName } from '../../model/dimensions.js';
import type { Layer } from '../layer.js';
import { JUDGE_LAYER } from './judge.js';
import { STATIC_LAYER } from './static.js';

export const LAYER_TABLE: readonly Layer[] = Object.freeze([STATIC_LAYER, JUDGE_LAYER]);

/** Why a requested layer with no entry in the table does not run. */
export const NO_ENTRY_REASONS: Readonly<Partial<Record<LayerName, string>>> = Object.freeze({
  monte_carlo: 'the Monte Carlo layer (real agent runs) is not available in this version of plugin-eval; dimensions it measures stay unmeasured',
});

export { JUDGE_LAYER, STATIC_LAYER };
