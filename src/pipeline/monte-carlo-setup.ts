/**
 * Layer 3's set-up from the resolved settings, for the CLI and the library alike: runner, sandbox, agent model, N,
 * adaptive stop, interval width, concurrency, cost cap, the prompts file (read now: a bad one is bad input before
 * anything is spent) and the folder finished runs are saved in, for a resume.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { settingPath, type ResolvedSettings } from '../config/resolve.js';
import type { ProviderKind } from '../providers/types.js';
import { AGENT_RUNNER_TABLE } from '../model/runner-kinds.js';
import { readPromptFile } from '../monte-carlo/prompts.js';
import { McStateStore, stateFolder } from '../monte-carlo/state.js';
import type { MonteCarloSetup } from './options.js';

export const defaultStateDir = (): string => path.join(homedir(), '.plugineval', 'runs');

/**
 * The model the agent runs with. The default (`sonnet`) is a Claude alias: the messages runner on an
 * OpenAI-compatible server (Ollama, vLLM, ...) would send it there literally, and the run would stop on an unknown
 * model the user never named. There the judge's own model is the default; a model the user set is kept as given.
 */
function agentModelOf(
  resolved: ResolvedSettings,
  judge: { model: string | undefined; kind: ProviderKind | undefined },
): { model: string; note?: string } {
  const s = resolved.settings;
  const chosen =
    resolved.provenance.agentModel?.source !== undefined && resolved.provenance.agentModel.source !== 'default';
  if (
    !AGENT_RUNNER_TABLE[s.runner].needsProvider ||
    chosen ||
    judge.kind !== 'openai-compatible' ||
    judge.model === undefined
  )
    return { model: s.agentModel };
  return {
    model: judge.model,
    note:
      `plugin-eval: Monte Carlo: the messages runner uses the judge's model ${judge.model} (the default agent ` +
      `model ${s.agentModel} is a Claude alias, unknown to an OpenAI-compatible server); --agent-model picks ` +
      `another`,
  };
}

/** The `--claude-path` setting as the runner takes it: `bundled` as said, a file relative to where it was set. */
export function claudePathOf(resolved: ResolvedSettings, value: string): string {
  return value === 'bundled' || value === 'auto' ? value : settingPath(resolved, 'claudePath', value);
}

export interface MonteCarloFromSettings {
  setup: MonteCarloSetup;
  /** Where this run's finished agent runs are saved (`stateDir/<run id>`). */
  folder: string;
  stateDir: string;
  /** A setting the set-up chose for the user, to be said with the plan (the messages runner's model). */
  note?: string;
}

/** The Monte Carlo set-up the settings ask for; `runId` names the saved state (a resumed run passes its own). */
export async function monteCarloSetupFrom(
  resolved: ResolvedSettings,
  input: { runId: string; judgeModel?: string | undefined; judgeKind?: ProviderKind },
): Promise<MonteCarloFromSettings> {
  const s = resolved.settings;
  const promptsFile = s.prompts === undefined ? undefined : settingPath(resolved, 'prompts', s.prompts);
  if (promptsFile !== undefined) await readPromptFile(promptsFile);
  const stateDir = s.stateDir === undefined ? defaultStateDir() : settingPath(resolved, 'stateDir', s.stateDir);
  const folder = stateFolder(stateDir, input.runId);
  const agent = agentModelOf(resolved, { model: input.judgeModel, kind: input.judgeKind });
  const setup: MonteCarloSetup = {
    runner: s.runner,
    sandbox: s.sandbox,
    ...(s.claudePath === undefined ? {} : { claudePath: claudePathOf(resolved, s.claudePath) }),
    model: agent.model,
    ...(s.maxRuns !== undefined ? { maxRuns: s.maxRuns } : {}),
    ...(s.adaptive !== undefined ? { adaptive: s.adaptive } : {}),
    ...(s.uplift ? { uplift: true } : {}),
    ciWidth: s.ciWidth,
    minPrompts: s.minPrompts,
    concurrency: s.concurrency,
    ...(s.maxCostUsd !== undefined ? { maxCostUsd: s.maxCostUsd } : {}),
    ...(promptsFile !== undefined ? { promptsFile } : {}),
    store: new McStateStore(folder),
  };
  return { setup, folder, stateDir, ...(agent.note ? { note: agent.note } : {}) };
}
