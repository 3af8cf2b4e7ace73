/**
 * The Monte Carlo flags of `score` and `certify` and the settings they set. Kept apart from the set-up
 * (./monte-carlo-options.ts, loaded only when a run's depth has Monte Carlo), so a static run loads none of it.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { AGENT_RUNNER_KINDS, DEFAULT_AGENT_RUNNER, runnerChoicesText } from '../agent/runner-kinds.js';
import type { SettingKey } from '../config/settings.js';

export interface MonteCarloFlags {
  mcN?: string;
  adaptive?: boolean;
  ciWidth?: string;
  maxCost?: string;
  runner?: string;
  sandbox?: boolean;
  agentModel?: string;
  prompts?: string;
  dryRun?: boolean;
  resume?: string;
}

/** Which setting each Monte Carlo flag sets (commander's attribute name -> the resolver's key). */
export const MONTE_CARLO_FLAG_SETTINGS: Readonly<Record<string, SettingKey>> = {
  mcN: 'mcN',
  adaptive: 'adaptive',
  ciWidth: 'ciWidth',
  maxCost: 'maxCost',
  runner: 'runner',
  sandbox: 'sandbox',
  agentModel: 'agentModel',
  prompts: 'prompts',
};

/** Settings that only matter when Monte Carlo runs: left out of the settings line of other runs. */
export const MONTE_CARLO_SETTINGS = ['mcN', 'adaptive', 'ciWidth', 'maxCost', 'runner', 'sandbox', 'agentModel', 'prompts', 'stateDir'];

export function addMonteCarloOptions(cmd: Command): Command {
  return cmd
    .option('--mc-n <n>', 'Monte Carlo: agent runs per skill at most (default: 50 at deep, 100 at thorough)')
    .option('--adaptive', 'Monte Carlo: stop early once more runs could not change what is reported (default at deep and thorough)')
    .option('--no-adaptive', 'Monte Carlo: always make N runs')
    .option('--ci-width <w>', 'Monte Carlo: adaptive stop once every rate\'s 95% interval half-width is at most w (default: 0.05)')
    .option('--max-cost <usd>', 'no model call or agent run starts once the run has spent this many USD (judge calls included, every depth); the run is then partial (exit 3)')
    .addOption(new Option('--runner <name>', `Monte Carlo: ${runnerChoicesText()}; default ${DEFAULT_AGENT_RUNNER}`).choices(AGENT_RUNNER_KINDS))
    .option('--no-sandbox', 'run the agent without the bubblewrap sandbox: the skill\'s hooks, commands and Bash run on this machine as you (every output says so)')
    .option('--agent-model <model>', 'Monte Carlo: the model the agent runs with (default: sonnet)')
    .option('--prompts <file>', 'Monte Carlo: prompts in the trigger eval-set format [{"query", "should_trigger"}] (default: written by the judge)')
    .option('--dry-run', 'print the planned runs, model calls and estimated cost, then stop')
    .option('--resume <run-id>', 'continue an interrupted run: finished agent runs are reused from its saved state');
}
