import { METHODOLOGIES, type Methodology } from '../../../model/dimensions.js';
import { isComponentCheck, RULE_TABLE } from '../table.js';
import type { ComponentCheck } from './types.js';

export type { ComponentCheck } from './types.js';

const componentCheck = (m: Methodology, kind: ComponentCheck['kind']): ComponentCheck | undefined =>
  RULE_TABLE.filter(isComponentCheck).find((c) => c.methodology === m && c.kind === kind);

/** Checks for plugin agents and commands, per methodology, from the rule table (PluginEval never reads commands). */
export const COMPONENT_CHECKS: Readonly<
  Record<Methodology, { agent: ComponentCheck; command: ComponentCheck | undefined }>
> = Object.freeze(
  Object.fromEntries(
    METHODOLOGIES.map((m) => [m, { agent: componentCheck(m, 'agent')!, command: componentCheck(m, 'command') }]),
  ) as Record<Methodology, { agent: ComponentCheck; command: ComponentCheck | undefined }>,
);
