import type { Methodology } from '../../model/dimensions.js';
import type { ComponentCheck } from './types.js';
export type { ComponentCheck } from './types.js';
/** Checks for plugin agents and commands, per methodology (PluginEval never reads commands). */
export declare const COMPONENT_CHECKS: Readonly<Record<Methodology, {
    agent: ComponentCheck;
    command: ComponentCheck | undefined;
}>>;
