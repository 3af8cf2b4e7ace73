/** The library's score options: a plan and a context in one bag (`score(paths, options)`). */
import type { AgentRunnerKind } from '../model/runner-kinds.js';
import type { EventSink } from '../events/types.js';
import type { ScoreRun } from '../model/run.js';
import type { Depth, Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import type { Target } from '../parse/discover.js';
import type { Provider } from '../providers/types.js';
import type { Provenance } from '../config/resolve.js';
import type { RuleConfig } from '../rules/config/apply-rule-config.js';
import type { McStateStore } from '../monte-carlo/state.js';
import type { AgentRunner } from '../agent/types.js';
import type { Layer } from './layers/contract.js';
import type { ScorePlan } from './plan.js';

/** How to run Layer 2 (the LLM judge); without it, depths that ask for the judge report it as not run. */
export interface JudgeSetup {
  provider: Provider;
  model: string;
  judgeModels?: string[];
  judges?: number;
  budgetTokens?: number;
  /** Which provider this is and why it was chosen, for every output. */
  description?: string;
}

/**
 * Rate each skill against a corpus (certify): matchups judged by the judge's provider, in the finalise step.
 * Without a judge setup the results say Elo was not measured and why.
 */
export interface EloSetup {
  /** The corpus index folder (`plugin-eval init`). */
  corpusDir: string;
  /** Reference skills to play against; default 5 (PluginEval's methodology: at least 5). */
  references?: number;
  /** Matchup judge model; default the judge's model. */
  model?: string;
  /** Seeds the Bradley-Terry bootstrap; default 0. */
  seed?: number;
}

/** How to run Layer 3 (Monte Carlo with the agent); depths deep and thorough ask for it. */
export interface MonteCarloSetup {
  /**
   * Which agent runs: claude-agent-sdk (default), the real agent; messages, a simulation of its routing through the
   * judge provider; or a runner of your own (another harness, a test double). The plan's `runner` names the kind.
   */
  runner?: AgentRunnerKind | AgentRunner;
  /** Run the real agent inside bubblewrap (default true); false runs the skill's code on this machine, as you. */
  sandbox?: boolean;
  /**
   * The Claude Code the real agent runs: a path to an installed `claude`, or `bundled` for the Agent SDK's own binary;
   * default `claude` on PATH when there is one, else the bundled binary.
   */
  claudePath?: string;
  /** Model the agent runs with (default sonnet). */
  model?: string;
  /** N (default 50 at deep, 100 at thorough). */
  maxRuns?: number;
  /** Default true. */
  adaptive?: boolean;
  /**
   * Run each positive prompt again without the skill and compare the two outputs with the judge (measured uplift);
   * default false (certify's settings turn it on).
   */
  uplift?: boolean;
  /** Default 0.05. */
  ciWidth?: number;
  /**
   * Distinct prompts each side needs before an adaptive stop, and for judge-written prompts to be measured (default
   * 5).
   */
  minPrompts?: number;
  /** Agent runs at once (default 4). */
  concurrency?: number;
  /**
   * A cap on the whole run (as ScoreOptions.maxCostUsd); kept here for callers that set it with the Monte Carlo set-up.
   */
  maxCostUsd?: number;
  /** Trigger eval-set file; default: the judge writes the prompts. */
  promptsFile?: string;
  /** Prompts the judge writes (default 10 positives, 10 near misses). */
  positives?: number;
  negatives?: number;
  maxTurns?: number;
  timeoutMs?: number;
  allowedTools?: readonly string[];
  /** Default 1. */
  seed?: number;
  /** Where finished runs are saved (resume); default: not saved. */
  store?: McStateStore;
}

export interface ScoreOptions {
  methodology?: Methodology;
  depth?: Depth;
  judge?: JudgeSetup;
  /** Elo against a corpus (what `certify` asks for); absent: no rating, and the Elo line of the badges is skipped. */
  elo?: EloSetup;
  monteCarlo?: MonteCarloSetup;
  /**
   * USD the whole run may spend, at every depth (judge calls, agent runs, grading, Elo): see src/providers/spend.ts.
   */
  maxCostUsd?: number;
  /** Targets scored at once (default 4). */
  jobs?: number;
  /** Worker threads a static-only run scores on (default 'auto': see src/pipeline/scoring-threads.ts). */
  threads?: number | 'auto';
  /** A stored result that can stand for a target, asked before it is scored (see RunContext.reuse). */
  reuse?: (target: Target, plan: ScorePlan) => Promise<ScoreResult | undefined>;
  /** Called once with the number of targets found, before any is scored (see RunContext.onTargets). */
  onTargets?: (count: number) => void;
  /** Called after each target, for progress bars. */
  onProgress?: (done: number, total: number, target: Target) => void;
  /** Called with each result as soon as it exists (streaming reporters). */
  onResult?: (result: ScoreResult) => void;
  /** Keep results in the returned run (default true); false keeps memory flat on huge trees when streaming. */
  retainResults?: boolean;
  signal?: AbortSignal;
  /** Every event of the run (layers, model calls, retries, cache hits, failures, targets done). */
  events?: EventSink;
  /** The layer table (default LAYER_TABLE); a new layer is one more entry. */
  layers?: readonly Layer[];
  /**
   * The config file: a path, `false` for none, or undefined to use plugin-eval.config.json found from the
   * working folder (as ESLint's API does). Options given here win over the environment and the file.
   */
  config?: string | false;
  /**
   * Where each setting came from (filled by the resolver; the CLI passes its own), recorded as the run log's
   * `settings`.
   */
  provenance?: Provenance;
  /**
   * The config file's `rules` and `ignorePatterns`: what diagnostics report and which paths are skipped, never a score.
   */
  ruleConfig?: RuleConfig;
  runId?: string;
  /** Called once with the run log however the run ends, even when it then throws (cancelled, error). */
  onRunEnd?: (run: ScoreRun) => void;
}
