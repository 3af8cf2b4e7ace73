import { agentQuality } from './agent-quality.js';
import { commandQuality } from './command-quality.js';
import { compatAgent } from './compat-agent.js';
/** Checks for plugin agents and commands, per methodology (PluginEval never reads commands). */
export const COMPONENT_CHECKS = Object.freeze({
    default: { agent: agentQuality, command: commandQuality },
    compat: { agent: compatAgent, command: undefined },
});
//# sourceMappingURL=index.js.map