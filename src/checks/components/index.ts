import type { Methodology } from '../../model/dimensions.js';
import { agentQuality } from './agent-quality.js';
import { commandQuality } from './command-quality.js';
import { compatAgent } from './compat-agent.js';
import type { ComponentCheck } from './types.js';

export type { ComponentCheck } from './types.js';

/** Checks for plugin agents and commands, per methodology (PluginEval never reads commands). */
export const COMPONENT_CHECKS: Readonly<Record<Methodology, { agent: ComponentCheck; command: ComponentCheck | undefined }>> = Object.freeze({
  default: { agent: agentQuality, command: commandQuality },
  compat: { agent: compatAgent, command: undefined },
});
