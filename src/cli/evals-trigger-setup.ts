/**
 * What `evals triggers` and `evals optimize-description` share on the command line: their flags, the settings
 * (flags > environment > config file > defaults, command 'evals'), the skill and eval set read before anything is
 * spent (bad input: exit 2), the agent runner, the cost estimate line and the progress bar.
 */
import { providerOptionsFrom } from '../config/provider-setup.js';
import { addSettings, PROVIDER_FLAG_SETTINGS, typedSettings } from './setting-flags.js';
import type { SettingKey } from '../config/settings.js';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { optionalNumberFlag } from '../config/numbers.js';
import type { Command } from 'commander';
import { Option } from 'commander';
import { resolveSettings, type ResolvedSettings } from '../config/resolve.js';
import { claudePathOf } from '../pipeline/monte-carlo-setup.js';
import { InputError } from '../errors.js';
import { readJsonAs } from '../evals/json-files.js';
import { evalSuitePaths } from '../evals/run/eval-suite.js';
import {
  DEFAULT_RUNS_PER_QUERY,
  DEFAULT_TRIGGER_THRESHOLD,
  DEFAULT_TRIGGER_TIMEOUT_MS,
  estimateTriggerRuns,
  mergeDuplicateQueries,
  type EvaluateTriggersOptions,
  type TriggerProgress,
  type TriggerQuery,
} from '../evals/optimise/triggers.js';
import { parseSkill, type SkillDocument } from '../parse/skill.js';
import { formatCost } from '../providers/pricing.js';
import { UNSANDBOXED_WARNING } from '../agent/claude-agent-runner.js';
import { AGENT_RUNNER_TABLE, runnerChoicesText, type AgentRunnerKind } from '../model/runner-kinds.js';
import { createRunner, runnerReady } from '../agent/runners.js';
import { TriggerEvalSet } from '../monte-carlo/prompts.js';
import type { AgentRunner } from '../agent/types.js';
import { progressBar } from './io.js';
import type { MadeProvider } from './commands/judge.js';
import { reportSettings } from './settings-line.js';
import type { Ui } from './ui.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS } from '../reporters/summary-output.js';

export interface TriggerFlags {
  evalSet: string;
  runs?: string;
  threshold?: string;
  timeout?: string;
  output: 'text' | 'json';
  runner?: string;
  agentModel?: string;
  maxCost?: string;
  concurrency?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  requestTimeout?: string;
  cache: boolean;
  sandbox: boolean;
  claudePath?: string;
  dryRun?: boolean;
  verbose?: boolean;
}

/**
 * The settings `evals triggers` and `optimize-description` take from their command line, in the order --help lists
 * them.
 */
const TRIGGER_FLAG_SETTINGS: readonly SettingKey[] = [
  'runner',
  'agentModel',
  'maxCostUsd',
  'concurrency',
  ...PROVIDER_FLAG_SETTINGS,
  'sandbox',
  'claudePath',
];

export function addTriggerOptions(cmd: Command): Command {
  cmd
    .requiredOption(
      '--eval-set <file>',
      'queries in skill-creator\'s trigger eval-set format [{"query", "should_trigger"}]',
    )
    .option('--runs <n>', `runs of each query (default ${DEFAULT_RUNS_PER_QUERY})`)
    .option(
      '--threshold <t>',
      `trigger rate a should-trigger query must reach, and a should-not one stay below ` +
        `(default ${DEFAULT_TRIGGER_THRESHOLD})`,
    )
    .option(
      '--timeout <seconds>',
      `limit of one agent run; reaching it is an error, never "not triggered" ` +
        `(default ${DEFAULT_TRIGGER_TIMEOUT_MS / 1000})`,
    );
  addSettings(cmd, 'evals', TRIGGER_FLAG_SETTINGS, {
    runner: runnerChoicesText(),
    agentModel: 'the model the agent runs with',
    maxCostUsd: 'start no further run once this many USD are spent',
    concurrency: 'agent runs at once',
    provider: 'provider of the messages runner and of the improver model',
    model: 'the improver model (optimize-description)',
    baseUrl: 'server of that provider',
    requestTimeout: 'seconds one model call of that provider may take before it is cut and retried',
    cache: 'neither read nor write the response cache (messages runner, improver)',
  });
  return cmd
    .addOption(new Option('--output <format>').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT))
    .option('--dry-run', 'print the planned runs and the estimated cost, then stop')
    .option('--verbose', 'list every setting and where it came from');
}

export interface TriggerSetup {
  skill: SkillDocument;
  /** The name the agent lists the skill by (frontmatter name, else the folder's). */
  skillName: string;
  queries: TriggerQuery[];
  warnings: string[];
  resolved: ResolvedSettings;
  runsPerQuery: number;
  threshold: number;
  timeoutMs: number;
  concurrency: number;
  agentModel: string;
  maxCostUsd: number | undefined;
  runner: AgentRunnerKind;
  /** The real agent runs inside bubblewrap (false: --no-sandbox). */
  sandbox: boolean;
  /** The Claude Code the real agent starts (--claude-path); undefined: `claude` on PATH, else the bundled one. */
  claudePath: string | undefined;
  /** What the installed skill leaves out: its evals/ folder and the eval set, if that is inside the skill. */
  installExclude: string[];
}

/** A skill folder or its SKILL.md; anything else is exit 2 naming it. */
export async function readSkillArgument(arg: string): Promise<SkillDocument> {
  if (!existsSync(arg)) throw new InputError(`${arg}: no such file or folder`, arg);
  const dir = statSync(arg).isDirectory() ? arg : path.dirname(arg);
  const parsed = await parseSkill(dir);
  if (!parsed.ok) throw new InputError(`${arg}: ${parsed.diagnostics.map((d) => d.message).join('; ')}`, arg);
  return parsed.skill;
}

/** Read and check everything before any run: the skill, the eval set, the flags and the settings. */
export async function triggerSetup(
  skillArg: string,
  flags: TriggerFlags,
  ui: Ui,
  configFile: string | undefined,
): Promise<TriggerSetup> {
  const runsPerQuery =
    optionalNumberFlag('--runs', flags.runs, { whole: true, min: 1, max: 100 }) ?? DEFAULT_RUNS_PER_QUERY;
  const threshold =
    optionalNumberFlag('--threshold', flags.threshold, { above: 0, max: 1 }) ?? DEFAULT_TRIGGER_THRESHOLD;
  const timeoutS = optionalNumberFlag('--timeout', flags.timeout, { above: 0, max: 3600 });
  const resolved = await resolveSettings({
    command: 'evals',
    given: typedSettings(flags, TRIGGER_FLAG_SETTINGS),
    ...(configFile !== undefined ? { config: configFile } : {}),
  });
  reportSettings(resolved, ui, { ...(flags.verbose ? { verbose: true } : {}) });
  const skill = await readSkillArgument(skillArg);
  const set = await readJsonAs(flags.evalSet, TriggerEvalSet, '[{"query": "...", "should_trigger": true|false}]');
  const { queries, warnings } = mergeDuplicateQueries(set, flags.evalSet);
  const s = resolved.settings;
  return {
    skill,
    skillName: skill.name ?? skill.dirName,
    queries,
    warnings,
    resolved,
    runsPerQuery,
    threshold,
    timeoutMs: timeoutS === undefined ? DEFAULT_TRIGGER_TIMEOUT_MS : Math.round(timeoutS * 1000),
    concurrency: s.concurrency,
    agentModel: s.agentModel,
    maxCostUsd: s.maxCostUsd,
    runner: s.runner,
    sandbox: s.sandbox,
    claudePath: s.claudePath === undefined ? undefined : claudePathOf(resolved, s.claudePath),
    installExclude: evalSuitePaths({ skillDir: path.resolve(skill.dir), evalsFile: path.resolve(flags.evalSet) }),
  };
}

/** The provider the settings name (messages runner, improver), built once. */
export function providerOnce(resolved: ResolvedSettings): () => Promise<MadeProvider> {
  let made: Promise<MadeProvider> | undefined;
  return () => {
    made ??= import('./provider-setup.js').then(({ makeProvider }) => makeProvider(providerOptionsFrom(resolved)));
    return made;
  };
}

/** How each trigger evaluation runs, as the settings and flags say (triggers and every optimize iteration alike). */
export function triggerRunOptions(
  setup: TriggerSetup,
  runner: AgentRunner,
  ui: Ui,
): Omit<EvaluateTriggersOptions, 'onRun'> {
  return {
    runner,
    model: setup.agentModel,
    runsPerQuery: setup.runsPerQuery,
    threshold: setup.threshold,
    timeoutMs: setup.timeoutMs,
    concurrency: setup.concurrency,
    exclude: setup.installExclude,
    ...(setup.maxCostUsd !== undefined ? { maxCostUsd: setup.maxCostUsd } : {}),
    ...(ui.signal ? { signal: ui.signal } : {}),
  };
}

/** The real agent, or the routing simulation over the settings' provider (no answering call: only routing counts). */
export async function makeTriggerRunner(
  setup: TriggerSetup,
  provider: () => Promise<MadeProvider>,
): Promise<AgentRunner> {
  const row = AGENT_RUNNER_TABLE[setup.runner];
  await runnerReady(setup.runner);
  return createRunner(setup.runner, {
    model: setup.agentModel,
    ...(row.needsProvider ? { provider: (await provider()).provider } : {}),
    sandbox: setup.sandbox,
    ...(setup.claudePath === undefined ? {} : { claude: { executable: setup.claudePath } }),
    messages: { answer: false },
  });
}

/** The plan and estimate on stderr before any run; true when --dry-run says stop there. */
export function printPlan(
  setup: TriggerSetup,
  ui: Ui,
  input: { evaluations: number; what: string; dryRun: boolean },
): boolean {
  const runs = setup.queries.length * setup.runsPerQuery * input.evaluations;
  const estimate = estimateTriggerRuns({
    runs,
    runner: setup.runner,
    model: setup.agentModel,
    skillTokens: Math.ceil(setup.skill.description.length / 4),
  });
  const row = AGENT_RUNNER_TABLE[setup.runner];
  const runner = row.simulated
    ? `the ${setup.runner} runner (${row.label})`
    : `${row.label} with the real SKILL.md installed`;
  ui.stderr(
    `plugin-eval: ${input.what}: ${setup.queries.length} queries x ${setup.runsPerQuery} ` +
      `runs${input.evaluations > 1 ? ` x up to ${input.evaluations} descriptions` : ''} = up to ${runs} runs ` +
      `of ${runner} with ${setup.agentModel}, ${setup.concurrency} at once`,
  );
  ui.stderr(
    `plugin-eval: estimated agent cost at ` +
      `most ${estimate.costUsd === null ? 'unknown (the model has no price)' : formatCost(estimate.costUsd, 2)} ` +
      `(${estimate.assumptions})${setup.maxCostUsd !== undefined ? `; --max-cost ${formatCost(setup.maxCostUsd, 2)} stops it sooner` : ''}`,
  );
  for (const w of setup.warnings) ui.stderr(`plugin-eval: warning: ${w}`);
  if (!setup.sandbox && AGENT_RUNNER_TABLE[setup.runner].usesTools)
    ui.stderr(`plugin-eval: warning: ${UNSANDBOXED_WARNING}`);
  if (input.dryRun) ui.stderr('plugin-eval: dry run: no agent was run');
  return input.dryRun;
}

/** A progress line on a terminal: runs done, triggered, errors, spend. */
export function triggerProgress(ui: Ui): { onRun: (p: TriggerProgress, prefix?: string) => void; finish: () => void } {
  const bar = progressBar(ui.stderrIsTTY && !ui.quiet);
  return {
    onRun: (p, prefix = '') =>
      bar.update(
        p.done,
        p.planned,
        `${prefix}${p.triggered} triggered, ${p.errors} error(s), ${formatCost(p.costUsd, 3)}`,
      ),
    finish: () => bar.finish(),
  };
}
