/**
 * The settings every command and the library resolve, one entry each: the flag that sets it, the environment
 * variable, the config-file key, the default, the commands it applies to, and how a raw value is checked.
 * Plain constants and small functions (no zod): `score` resolves its options before anything heavy loads.
 */
import { defaultCorpusDir } from '../rank/corpus/paths.js';
import { defaultStorePath } from '../store/location.js';
import { DEPTHS, METHODOLOGIES, type Depth, type Methodology } from '../model/dimensions.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../providers/types.js';
import { DEFAULT_AGENT_MODEL, DEFAULT_MIN_PROMPTS } from '../agent/defaults.js';
import {
  AGENT_RUNNER_KINDS,
  DEFAULT_AGENT_RUNNER,
  runnerChoicesText,
  type AgentRunnerKind,
} from '../model/runner-kinds.js';
import type { RuleSetting } from '../rules/config/apply-rule-config.js';
import type { PriceOverrides } from '../providers/pricing.js';
import type { FoundConfigLimit } from './found-config.js';
import {
  autoOrWhole,
  between,
  choice,
  endpointList,
  flagBoolean,
  folderList,
  globList,
  modelList,
  positive,
  prices,
  providerName,
  queueName,
  redisUrl,
  ruleSeverities,
  storeLocation,
  text,
  url,
  whole,
  type Checked,
  type ConfigShape,
} from './setting-checks.js';

export { shapeOf, type Checked, type ConfigShape } from './setting-checks.js';

/** Who is asking: each command resolves only the settings it uses (an unrelated bad value never stops it). */
export type SettingsCommand =
  | 'score'
  | 'certify'
  | 'compare'
  | 'validate'
  | 'judge'
  | 'cache'
  | 'init'
  | 'evals'
  | 'library'
  | 'history'
  | 'worker';

export interface Settings {
  methodology: Methodology;
  depth: Depth;
  /** Exit 1 when a composite is below it; undefined: no threshold. */
  threshold: number | undefined;
  jobs: number;
  /**
   * Worker threads a static-only run scores its targets on: 'auto' uses them for a run of many targets
   * (src/pipeline/scoring-threads.ts says when); 1 scores on the main thread. Results are the same either way.
   */
  threads: number | 'auto';
  /** A provider named by flag, environment or config; undefined: chosen from the credentials in the environment. */
  provider: string | undefined;
  model: string | undefined;
  judgeModels: string[] | undefined;
  judges: number;
  baseUrl: string | undefined;
  concurrency: number;
  /** Seconds one model call attempt may take before it is cut and retried (a slow local model needs more). */
  requestTimeout: number;
  budgetTokens: number;
  cache: boolean;
  cacheTtlDays: number | undefined;
  cacheDir: string | undefined;
  prices: PriceOverrides | undefined;
  /** Severity per rule id (`rules` in the config file): what diagnostics report, never a score. */
  rules: Readonly<Record<string, RuleSetting>> | undefined;
  /** Globs of folders and files that score and validate skip. */
  ignorePatterns: readonly string[] | undefined;
  /** Apply the certain fixes of the rules that have one (src/rules/fix/) before reporting. */
  fix: boolean;
  /** Print those fixes as a unified diff and write nothing. */
  fixDryRun: boolean;
  /** Run again each time a file under the targets changes, until Ctrl-C (src/cli/watch.ts). */
  watch: boolean;
  /** Folder of the Elo corpus index (`index.json`), written by `init`, read by `certify`. */
  corpusDir: string;
  /** Reference skills a certify plays against (PluginEval's methodology: at least 5). */
  references: number;
  /** Monte Carlo: N, agent runs per skill at most (--mc-n); undefined: the depth's (50 deep, 100 thorough). */
  maxRuns: number | undefined;
  /** Monte Carlo: stop early once more runs could not change what is reported; undefined: on at deep and thorough. */
  adaptive: boolean | undefined;
  /** Monte Carlo: adaptive stop once every rate's 95% interval half-width is at most this. */
  ciWidth: number;
  /** Monte Carlo: each positive run is also made without the skill and the two outputs compared (on for certify). */
  uplift: boolean;
  /**
   * Monte Carlo: distinct prompts each side needs before an adaptive stop, and for judge-written prompts to be
   * measured.
   */
  minPrompts: number;
  /** Stop cleanly once this many USD are spent (--max-cost: every model call and agent run of the run). */
  maxCostUsd: number | undefined;
  /** Monte Carlo: which agent runner (the real agent, or the messages simulation). */
  runner: AgentRunnerKind;
  /**
   * Agent runs (Monte Carlo, evals) execute inside bubblewrap; false (--no-sandbox) runs them on this machine as the
   * user, and every output says so (src/agent/sandbox/, docs/security.md).
   */
  sandbox: boolean;
  /**
   * The Claude Code the real agent runs: a path to an installed `claude`, `bundled` (the Agent SDK's own binary) or
   * undefined: `claude` on PATH when there is one, else the bundled binary (src/agent/claude-agent-runner.ts).
   */
  claudePath: string | undefined;
  /** Monte Carlo: the model the agent runs with. */
  agentModel: string;
  /** Monte Carlo: prompts file in the trigger eval-set format; undefined: written by the judge model. */
  prompts: string | undefined;
  /** Folder of saved run state (Monte Carlo runs), for --resume. */
  stateDir: string | undefined;
  /** The results store file every recorded command writes to; false: record nothing (--no-store). */
  store: string | false;
  /**
   * redis://HOST:PORT of a BullMQ queue: score and certify enqueue their targets for `plugin-eval worker`
   * (docs/queue.md).
   */
  queue: string | undefined;
  /**
   * BullMQ queue name at that Redis: submitters and workers of one name share work (separate teams or tests use their
   * own).
   */
  queueName: string;
  /** Worker: model endpoints a job may name besides the worker's own (exact URLs); none by default. */
  allowEndpoints: string[];
  /**
   * Worker: folders a job's target and plan files must lie under (realpaths); undefined: --root, else the working
   * folder.
   */
  allowRoots: string[] | undefined;
}
export type SettingKey = keyof Settings;

export interface SettingSpec<K extends SettingKey = SettingKey> {
  key: K;
  /** The command-line flag, as shown to people: `--no-x` for a flag that only turns a setting off. */
  flag?: string;
  /** The flag's value placeholder (`<n>`); absent: the flag takes no value (a switch). */
  value?: string;
  /** What `--help` says of the flag; the default is added from `default`, so it is never written here. */
  help?: string;
  /**
   * The default in words, for `--help`, where it is no single value (per depth, from the environment, a home folder).
   */
  helpDefault?: string;
  /**
   * `--help` of the `--no-x` twin of a flag that takes a value or turns something on (`--no-store`, `--no-adaptive`).
   */
  negation?: string;
  /** The values a flag accepts, listed by `--help` and checked by commander before the resolver sees them. */
  choices?: readonly string[];
  /** The flag may be given more than once; its values are collected into a list. */
  repeatable?: true;
  env?: string;
  /** Path of the key in plugin-eval.config.json. */
  config?: readonly string[];
  /**
   * What the config file's JSON Schema says of the key where the flag's help does not fit it (a `--no-x` switch, a
   * path).
   */
  configHelp?: string;
  /** The config file's field where it is not the one the check was made with (setting-checks.ts's `shapeOf`). */
  configShape?: ConfigShape;
  /** Path of the library's option for it in `score(paths, options)`; absent: the library takes none. */
  library?: readonly string[];
  /**
   * Part of a Monte Carlo run: score and certify take its flag with the others, and other runs' settings line leaves it
   * out.
   */
  monteCarlo?: true;
  commands: readonly SettingsCommand[];
  default: (command: SettingsCommand) => Settings[K];
  /**
   * Checks a raw value: a string from a flag or the environment, or a typed value from the config file or the library.
   */
  check: (raw: unknown) => Checked<Settings[K]>;
  /** The whole message for a rejected value, when "WHERE must be EXPECTED" reads badly. */
  rejected?: (raw: string, where: string) => string;
  /**
   * What a config file found from the working folder (not named by the user) may not set here, and why in a few
   * words (found-config.ts).
   */
  foundConfig?: { limit: FoundConfigLimit; why: string };
}

const SCORING: readonly SettingsCommand[] = ['score', 'certify', 'library'];
const JUDGING: readonly SettingsCommand[] = ['score', 'certify', 'judge', 'library'];
/** The worker builds its judge from its own provider settings (a job names none of them, docs/queue.md). */
const PROVIDER: readonly SettingsCommand[] = ['score', 'certify', 'judge', 'evals', 'worker'];
/** Settings of whatever runs the agent: Monte Carlo (score, certify) and the eval workflow. */
const AGENT: readonly SettingsCommand[] = [...SCORING, 'evals'];

/** Seconds a model call attempt waits for its answer: the provider layer's default, and an hour at most. */
export const DEFAULT_REQUEST_TIMEOUT_S = DEFAULT_REQUEST_TIMEOUT_MS / 1000;
export const MAX_REQUEST_TIMEOUT_S = 3600;

/**
 * Reference skills a certify plays against. PluginEval's methodology asks for at least 5; with K = 32 from 1500, online
 * Elo needs 8 straight wins to pass Platinum's 1600, so 10 is the default: Platinum stays reachable, and at 5 it is
 * not.
 */
export const DEFAULT_ELO_REFERENCES = 10;
export const MIN_ELO_REFERENCES = 5;

/** Certify means every layer: deep at least, whatever a config file or the environment says. */
export const CERTIFY_MIN_DEPTH: Depth = 'deep';
export const depthRank = (d: Depth): number => DEPTHS.indexOf(d);

/**
 * The one table. Order is the order the settings line and the provenance list them in. A row is everything about a
 * setting: the flag `--help` shows (cli/setting-flags.ts makes every command's options from it), the variable, the
 * config key (config/schema.ts types it), the default, and the check every source's value goes through.
 */
/** The settings that make the judge's provider, in the order --help lists them: score's flags and the library's options. */
export const JUDGE_PROVIDER_SETTINGS: readonly SettingKey[] = [
  'provider',
  'model',
  'judgeModels',
  'judges',
  'baseUrl',
  'concurrency',
  'requestTimeout',
  'budgetTokens',
  'cache',
];

export const SETTINGS: readonly SettingSpec[] = [
  {
    key: 'depth',
    flag: '--depth',
    value: '<depth>',
    help: 'quick (static), standard (+ LLM judge), deep (+ Monte Carlo), thorough',
    choices: DEPTHS,
    env: 'PLUGIN_EVAL_DEPTH',
    config: ['depth'],
    library: ['depth'],
    commands: SCORING,
    default: (c) => (c === 'certify' ? CERTIFY_MIN_DEPTH : 'quick'),
    check: choice(DEPTHS),
  },
  {
    key: 'methodology',
    flag: '--methodology',
    value: '<name>',
    help: 'default (fixed static analysis) or compat (PluginEval 0.1.x exactly)',
    choices: METHODOLOGIES,
    env: 'PLUGIN_EVAL_METHODOLOGY',
    config: ['methodology'],
    library: ['methodology'],
    commands: [...SCORING, 'compare'],
    default: () => 'default',
    check: choice(METHODOLOGIES),
  },
  {
    key: 'threshold',
    flag: '--threshold',
    value: '<n>',
    help: 'exit 1 when any composite score is below n (0-100)',
    env: 'PLUGIN_EVAL_THRESHOLD',
    config: ['threshold'],
    commands: ['score', 'certify'],
    default: () => undefined,
    check: between(0, 100),
  },
  {
    key: 'jobs',
    flag: '--jobs',
    value: '<n>',
    help: 'targets scored at once',
    library: ['jobs'],
    commands: SCORING,
    default: () => 4,
    check: whole(1, 64),
  },
  {
    key: 'threads',
    flag: '--threads',
    value: '<n>',
    help:
      "threads a static-only run scores on, the main thread one of them: auto (the machine's cores for 500 targets " +
      'or more) or 1-64',
    env: 'PLUGIN_EVAL_THREADS',
    config: ['threads'],
    configHelp:
      "threads a static-only run scores on, the main thread one of them: auto (default: the machine's cores, for " +
      'a run of many targets) or 1 to 64 (PLUGIN_EVAL_THREADS and --threads win over it)',
    library: ['threads'],
    commands: SCORING,
    default: () => 'auto',
    check: autoOrWhole(1, 64),
  },
  {
    key: 'provider',
    flag: '--provider',
    value: '<name>',
    help: 'LLM provider for the judge: anthropic, openai, ollama, claude-code',
    helpDefault: 'from the environment',
    env: 'PLUGIN_EVAL_PROVIDER',
    config: ['provider'],
    configHelp: 'anthropic | openai | openai-compatible | ollama | claude-code',
    commands: PROVIDER,
    default: () => undefined,
    check: providerName,
    rejected: (raw, where) => `Unknown provider "${raw}" (${where}). Use anthropic, openai, ollama or claude-code.`,
  },
  {
    key: 'model',
    flag: '--model',
    value: '<model>',
    help: 'judge model (alias haiku|sonnet|opus or an id)',
    env: 'PLUGIN_EVAL_MODEL',
    config: ['model'],
    configHelp: 'judge model or alias (haiku, sonnet, opus)',
    // Any string in the file: an empty one is refused when the setting resolves, in the resolver's words.
    configShape: 'string',
    commands: PROVIDER,
    default: () => undefined,
    check: text,
  },
  {
    key: 'judgeModels',
    flag: '--judge-model',
    value: '<models>',
    help: 'a panel of judge models, comma-separated',
    config: ['judgeModels'],
    configHelp: 'a panel of judge models',
    commands: PROVIDER,
    default: () => undefined,
    check: modelList,
  },
  {
    key: 'judges',
    flag: '--judges',
    value: '<n>',
    help: 'independent judge samples per model',
    config: ['judges'],
    library: ['judge', 'judges'],
    commands: JUDGING,
    default: () => 1,
    check: whole(1, 20),
  },
  {
    key: 'baseUrl',
    flag: '--base-url',
    value: '<url>',
    help: 'base URL of an OpenAI-compatible or Anthropic-compatible server',
    config: ['baseURL'],
    configHelp: 'base URL of an OpenAI-compatible or Anthropic-compatible server',
    commands: PROVIDER,
    default: () => undefined,
    check: url,
    foundConfig: { limit: 'endpoint', why: 'it is where your API key is sent' },
  },
  {
    key: 'concurrency',
    flag: '--concurrency',
    value: '<n>',
    help: 'LLM calls (and Monte Carlo agent runs) in flight at once; halves on rate limits',
    env: 'PLUGIN_EVAL_CONCURRENCY',
    config: ['concurrency'],
    commands: PROVIDER,
    default: () => 4,
    check: whole(1, 64),
  },
  {
    key: 'requestTimeout',
    flag: '--request-timeout',
    value: '<seconds>',
    help: 'seconds one model call attempt may take before it is cut and retried; raise it for a slow local model',
    env: 'PLUGIN_EVAL_REQUEST_TIMEOUT',
    config: ['requestTimeout'],
    commands: PROVIDER,
    default: () => DEFAULT_REQUEST_TIMEOUT_S,
    check: between(1, MAX_REQUEST_TIMEOUT_S),
  },
  {
    key: 'budgetTokens',
    flag: '--budget-tokens',
    value: '<n>',
    help: 'token budget for the skill text shown to the judge',
    library: ['judge', 'budgetTokens'],
    commands: JUDGING,
    default: () => 24_000,
    check: whole(1, 1_000_000),
  },
  {
    key: 'cache',
    flag: '--no-cache',
    help: 'neither read nor write the response cache',
    env: 'PLUGIN_EVAL_CACHE',
    config: ['cache', 'enabled'],
    configHelp: 'read and write the response cache (default true)',
    commands: PROVIDER,
    default: () => true,
    check: flagBoolean,
  },
  { key: 'cacheTtlDays', config: ['cache', 'ttlDays'], commands: PROVIDER, default: () => undefined, check: positive },
  {
    key: 'cacheDir',
    env: 'PLUGIN_EVAL_CACHE_DIR',
    config: ['cache', 'dir'],
    configHelp: 'folder of the response cache (PLUGIN_EVAL_CACHE_DIR wins over it)',
    commands: [...PROVIDER, 'cache'],
    default: () => undefined,
    check: text,
  },
  {
    key: 'prices',
    config: ['prices'],
    configHelp: 'USD per million tokens, per model id: {input, output, cacheRead?, cacheWrite?}',
    commands: PROVIDER,
    default: () => undefined,
    check: prices,
  },
  {
    key: 'rules',
    config: ['rules'],
    configHelp:
      'severity per rule id: off | info | warn | error (changes diagnostics and the exit code, never a score)',
    commands: [...SCORING, 'validate'],
    default: () => undefined,
    check: ruleSeverities,
  },
  {
    key: 'ignorePatterns',
    config: ['ignorePatterns'],
    configHelp: 'globs, relative to the config file, of folders and files that score and validate skip',
    commands: [...SCORING, 'validate'],
    default: () => undefined,
    check: globList,
  },
  {
    key: 'fix',
    flag: '--fix',
    help: "apply the rules' certain fixes (docs/rules.md lists them) to the files, atomically, and report what remains",
    commands: ['score', 'validate'],
    default: () => false,
    check: flagBoolean,
  },
  {
    key: 'fixDryRun',
    flag: '--fix-dry-run',
    help: 'print the fixes --fix would make as a unified diff (git apply takes it) and write nothing',
    commands: ['score', 'validate'],
    default: () => false,
    check: flagBoolean,
  },
  {
    key: 'watch',
    flag: '--watch',
    help: 'run again, printing the whole report, each time a file under the paths changes; Ctrl-C stops (exit 130)',
    commands: ['score', 'validate'],
    default: () => false,
    check: flagBoolean,
  },
  {
    key: 'maxRuns',
    flag: '--mc-n',
    value: '<n>',
    help: 'Monte Carlo: agent runs per skill at most',
    helpDefault: '50 at deep, 100 at thorough',
    env: 'PLUGIN_EVAL_MC_N',
    config: ['monteCarlo', 'n'],
    library: ['monteCarlo', 'maxRuns'],
    monteCarlo: true,
    commands: SCORING,
    default: () => undefined,
    check: whole(1, 10_000),
  },
  {
    key: 'adaptive',
    flag: '--adaptive',
    help: 'Monte Carlo: stop early once more runs could not change what is reported',
    helpDefault: 'on at deep and thorough',
    negation: 'Monte Carlo: always make N runs',
    config: ['monteCarlo', 'adaptive'],
    library: ['monteCarlo', 'adaptive'],
    monteCarlo: true,
    commands: SCORING,
    default: () => undefined,
    check: flagBoolean,
  },
  {
    key: 'uplift',
    flag: '--uplift',
    help: 'Monte Carlo: also run each positive prompt without the skill and report the measured uplift first',
    negation: 'Monte Carlo: no runs without the skill, no uplift',
    env: 'PLUGIN_EVAL_UPLIFT',
    config: ['monteCarlo', 'uplift'],
    library: ['monteCarlo', 'uplift'],
    monteCarlo: true,
    commands: SCORING,
    default: (c) => c === 'certify',
    check: flagBoolean,
  },
  {
    key: 'ciWidth',
    flag: '--ci-width',
    value: '<w>',
    help: "Monte Carlo: adaptive stop once every rate's 95% interval half-width is at most w",
    config: ['monteCarlo', 'ciWidth'],
    library: ['monteCarlo', 'ciWidth'],
    monteCarlo: true,
    commands: SCORING,
    default: () => 0.05,
    check: between(0.005, 0.49),
  },
  {
    key: 'minPrompts',
    flag: '--mc-min-prompts',
    value: '<n>',
    help:
      'Monte Carlo: distinct prompts each side (should trigger, near miss) needs before an adaptive stop; judge-written ' +
      'sets with fewer distinct real prompts are not measured',
    config: ['monteCarlo', 'minPrompts'],
    library: ['monteCarlo', 'minPrompts'],
    monteCarlo: true,
    commands: SCORING,
    default: () => DEFAULT_MIN_PROMPTS,
    check: whole(1, 1000),
  },
  {
    key: 'maxCostUsd',
    flag: '--max-cost',
    value: '<usd>',
    help:
      'no model call or agent run starts once the run has spent this many USD (judge calls included, every ' +
      'depth); the run is then partial (exit 3)',
    env: 'PLUGIN_EVAL_MAX_COST',
    config: ['monteCarlo', 'maxCostUsd'],
    library: ['maxCostUsd'],
    monteCarlo: true,
    commands: [...AGENT, 'worker'],
    default: () => undefined,
    check: positive,
  },
  {
    key: 'runner',
    flag: '--runner',
    value: '<name>',
    help: `Monte Carlo: ${runnerChoicesText()}`,
    choices: AGENT_RUNNER_KINDS,
    config: ['monteCarlo', 'runner'],
    library: ['monteCarlo', 'runner'],
    monteCarlo: true,
    commands: AGENT,
    default: () => DEFAULT_AGENT_RUNNER,
    check: choice(AGENT_RUNNER_KINDS),
  },
  {
    key: 'sandbox',
    flag: '--no-sandbox',
    help:
      "run the agent without the bubblewrap sandbox: the skill's hooks, commands and Bash run on this machine as " +
      'you (every output says so)',
    env: 'PLUGIN_EVAL_SANDBOX',
    config: ['sandbox'],
    library: ['monteCarlo', 'sandbox'],
    monteCarlo: true,
    configHelp:
      "agent runs (deep, certify, evals) inside bubblewrap (default true); false runs skills' code on this " +
      'machine as you (PLUGIN_EVAL_SANDBOX wins over it; docs/security.md)',
    commands: AGENT,
    default: () => true,
    check: flagBoolean,
  },
  {
    key: 'claudePath',
    flag: '--claude-path',
    value: '<file>',
    help:
      "the Claude Code the agent runs: an installed `claude`, or `bundled` for the Agent SDK's own binary (an " +
      'install with --omit=optional has none)',
    helpDefault: '`claude` on PATH, else the bundled binary',
    env: 'PLUGIN_EVAL_CLAUDE_PATH',
    config: ['claudePath'],
    library: ['monteCarlo', 'claudePath'],
    monteCarlo: true,
    configHelp: 'an installed `claude` (relative to the config file), or "bundled" for the Agent SDK\'s own binary',
    commands: AGENT,
    default: () => undefined,
    check: text,
    foundConfig: { limit: 'program', why: 'it is a program plugin-eval runs' },
  },
  {
    key: 'agentModel',
    flag: '--agent-model',
    value: '<model>',
    help: 'Monte Carlo: the model the agent runs with',
    env: 'PLUGIN_EVAL_AGENT_MODEL',
    config: ['monteCarlo', 'model'],
    library: ['monteCarlo', 'model'],
    monteCarlo: true,
    commands: AGENT,
    default: () => DEFAULT_AGENT_MODEL,
    check: text,
  },
  {
    key: 'prompts',
    flag: '--prompts',
    value: '<file>',
    help: 'Monte Carlo: prompts in the trigger eval-set format [{"query", "should_trigger"}]',
    helpDefault: 'written by the judge',
    config: ['monteCarlo', 'prompts'],
    library: ['monteCarlo', 'promptsFile'],
    monteCarlo: true,
    configHelp: 'trigger eval-set file [{"query", "should_trigger"}], relative to the config file',
    commands: SCORING,
    default: () => undefined,
    check: text,
  },
  {
    key: 'stateDir',
    env: 'PLUGIN_EVAL_STATE_DIR',
    config: ['stateDir'],
    monteCarlo: true,
    configHelp:
      'folder of saved run state for --resume (PLUGIN_EVAL_STATE_DIR wins over it); default ~/.plugineval/runs',
    commands: SCORING,
    default: () => undefined,
    check: text,
  },
  {
    key: 'references',
    flag: '--references',
    value: '<n>',
    help: 'reference skills to play for Elo, 5 to 50',
    env: 'PLUGIN_EVAL_REFERENCES',
    config: ['references'],
    commands: ['certify'],
    default: () => DEFAULT_ELO_REFERENCES,
    check: whole(MIN_ELO_REFERENCES, 50),
  },
  {
    key: 'store',
    flag: '--store',
    value: '<path>',
    help: 'results store file this run is recorded in',
    helpDefault:
      '$PLUGIN_EVAL_DATA_DIR/results.db, else $XDG_DATA_HOME/plugin-eval/results.db, else ' +
      '~/.local/share/plugin-eval/results.db',
    negation: 'record nothing in the results store',
    env: 'PLUGIN_EVAL_STORE',
    config: ['store'],
    configHelp:
      'the results store file (SQLite) every score, certify, evals and judge run is recorded in; relative to ' +
      'the config file; false: record nothing (PLUGIN_EVAL_STORE wins over it; default ' +
      '$PLUGIN_EVAL_DATA_DIR/results.db, else $XDG_DATA_HOME/plugin-eval/results.db, else ' +
      '~/.local/share/plugin-eval/results.db)',
    commands: ['score', 'certify', 'evals', 'judge', 'history'],
    default: () => defaultStorePath(),
    check: storeLocation,
  },
  {
    key: 'queue',
    flag: '--queue',
    value: '<url>',
    help: 'score on workers through a BullMQ queue at redis://HOST:PORT (plugin-eval worker; docs/queue.md)',
    env: 'PLUGIN_EVAL_QUEUE',
    config: ['queue'],
    configHelp:
      'redis://HOST:PORT: score and certify enqueue their targets there for plugin-eval worker (docs/queue.md); ' +
      'PLUGIN_EVAL_QUEUE wins over it',
    commands: ['score', 'certify', 'worker'],
    default: () => undefined,
    check: redisUrl,
    foundConfig: { limit: 'endpoint', why: "it is where the run's targets are sent and its results come from" },
  },
  {
    key: 'queueName',
    flag: '--queue-name',
    value: '<name>',
    help: 'the BullMQ queue at that Redis',
    env: 'PLUGIN_EVAL_QUEUE_NAME',
    config: ['queueName'],
    configHelp: 'the BullMQ queue name at that Redis (default plugin-eval)',
    commands: ['score', 'certify', 'worker'],
    default: () => 'plugin-eval',
    check: queueName,
  },
  {
    key: 'allowEndpoints',
    flag: '--allow-endpoint',
    value: '<url>',
    repeatable: true,
    help: "a model endpoint a job may name besides this worker's own (repeatable)",
    helpDefault: 'none',
    env: 'PLUGIN_EVAL_ALLOW_ENDPOINTS',
    config: ['worker', 'allowEndpoints'],
    configHelp: "model endpoints a job may name besides the worker's own (exact URLs; default none)",
    commands: ['worker'],
    default: () => [],
    check: endpointList,
    foundConfig: { limit: 'authority', why: "it widens the endpoints a worker's jobs may send requests to" },
  },
  {
    key: 'allowRoots',
    flag: '--allow-root',
    value: '<dir>',
    repeatable: true,
    help: "a folder jobs' targets and plan files must lie under (repeatable)",
    helpDefault: '--root, else the working folder',
    env: 'PLUGIN_EVAL_ALLOW_ROOTS',
    config: ['worker', 'allowRoots'],
    configHelp:
      "folders a job's target must lie under, relative to the config file (default: --root, else the working folder)",
    commands: ['worker'],
    default: () => undefined,
    check: folderList,
    foundConfig: { limit: 'authority', why: "it widens the folders a worker's jobs may read" },
  },
  {
    key: 'corpusDir',
    flag: '--corpus-dir',
    value: '<dir>',
    help: 'folder of the corpus index Elo rates against (plugin-eval init)',
    helpDefault: '~/.plugineval/corpus',
    env: 'PLUGIN_EVAL_CORPUS_DIR',
    config: ['corpusDir'],
    configHelp:
      'folder of the Elo corpus index (PLUGIN_EVAL_CORPUS_DIR wins over it); relative to the config file; ' +
      'default ~/.plugineval/corpus',
    commands: ['init', 'certify'],
    default: () => defaultCorpusDir(),
    check: text,
  },
];

/** Environment variables read elsewhere (by the provider layer): listed in provenance, their values never shown. */
export const CREDENTIAL_VARIABLES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'OPENAI_API_KEY'] as const;
