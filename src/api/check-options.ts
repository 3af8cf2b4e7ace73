/**
 * The library's guard on what `score(paths, options)` and `validate(paths, options)` are handed (`runPlan`'s plan:
 * run-plan.ts). TypeScript callers get these checks from the types; a JavaScript caller does not, and a misspelt option
 * (`{ dept: 'standard' }`) used to be ignored, so the run scored at the default depth and said nothing. The CLI refuses
 * an unknown config key for the same reason (config/load.ts); this is the same rule for the options object, with the
 * same "did you mean".
 */
import { UsageError } from '../errors.js';
import { closestOf } from '../rules/config/known-rule-ids.js';
import type { EloSetup, JudgeSetup, MonteCarloSetup, ScoreOptions } from '../pipeline/options.js';
import type { ValidateOptions } from '../rules/validate/index.js';
import { isPlainObject } from '../util/plain-object.js';

// `satisfies Record<keyof X, true>`: a key added to an interface and not here (or the reverse) fails the type check.
const SCORE_OPTIONS = {
  methodology: true,
  depth: true,
  judge: true,
  elo: true,
  monteCarlo: true,
  jobs: true,
  threads: true,
  reuse: true,
  onTargets: true,
  onProgress: true,
  onResult: true,
  retainResults: true,
  signal: true,
  events: true,
  layers: true,
  config: true,
  provenance: true,
  ruleConfig: true,
  runId: true,
  onRunEnd: true,
  maxCostUsd: true,
} satisfies Record<keyof ScoreOptions, true>;
const JUDGE_SETUP = {
  provider: true,
  model: true,
  judgeModels: true,
  judges: true,
  budgetTokens: true,
  description: true,
} satisfies Record<keyof JudgeSetup, true>;
const ELO_SETUP = { corpusDir: true, references: true, model: true, seed: true } satisfies Record<keyof EloSetup, true>;
const MONTE_CARLO_SETUP = {
  runner: true,
  sandbox: true,
  claudePath: true,
  model: true,
  maxRuns: true,
  adaptive: true,
  uplift: true,
  ciWidth: true,
  minPrompts: true,
  concurrency: true,
  maxCostUsd: true,
  promptsFile: true,
  positives: true,
  negatives: true,
  maxTurns: true,
  timeoutMs: true,
  allowedTools: true,
  seed: true,
  store: true,
} satisfies Record<keyof MonteCarloSetup, true>;

const NESTED: Record<string, Record<string, true>> = {
  judge: JUDGE_SETUP,
  elo: ELO_SETUP,
  monteCarlo: MONTE_CARLO_SETUP,
};

function checkKeys(value: Record<string, unknown>, known: Record<string, true>, where: string): void {
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(known, key)) continue;
    const near = closestOf(key, Object.keys(known));
    throw new UsageError(
      `${where}.${key}: unknown option${near ? ` (did you mean "${near}"?)` : ''}; ` +
        `known: ${Object.keys(known).join(', ')}`,
    );
  }
}

/** Throws UsageError unless `paths` is an array of non-empty strings; `fn` names the call in the message. */
export function checkPaths(fn: string, paths: unknown): void {
  // A bare string used to be spread into its characters and each one looked up as a path ('/' first: the root).
  if (!Array.isArray(paths))
    throw new UsageError(
      `${fn}(paths, options): paths must be an array of paths, ` +
        `got ${typeof paths === 'string' ? 'a string (wrap it: [path])' : typeof paths}`,
    );
  const bad = paths.findIndex((p) => typeof p !== 'string' || p === '');
  if (bad >= 0)
    throw new UsageError(
      `${fn}(paths, options): paths[${bad}] must be a non-empty string, ` +
        `got ${JSON.stringify(paths[bad]) ?? typeof paths[bad]}`,
    );
}

/** Throws UsageError unless `options` is undefined or an object of known keys; returns it as an object. */
function checkOptionsObject(
  fn: string,
  options: unknown,
  known: Record<string, true>,
): Record<string, unknown> | undefined {
  if (options === undefined) return undefined;
  if (!isPlainObject(options))
    throw new UsageError(
      `${fn}(paths, options): options must be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`,
    );
  checkKeys(options, known, 'options');
  return options;
}

/** Throws UsageError for paths that are not an array of strings and for an option `score` does not know. */
export function checkScoreArguments(paths: unknown, options: unknown): void {
  checkPaths('score', paths);
  const given = checkOptionsObject('score', options, SCORE_OPTIONS);
  if (given === undefined) return;
  for (const [key, known] of Object.entries(NESTED)) {
    const nested = given[key];
    if (nested === undefined) continue;
    if (!isPlainObject(nested))
      throw new UsageError(
        `options.${key} must be an object, got ${Array.isArray(nested) ? 'an array' : typeof nested}`,
      );
    checkKeys(nested, known, `options.${key}`);
  }
}

const VALIDATE_OPTIONS = { ruleConfig: true, signal: true } satisfies Record<keyof ValidateOptions, true>;

/** The same guard for `validate(paths, options)`. */
export function checkValidateArguments(paths: unknown, options: unknown): void {
  checkPaths('validate', paths);
  checkOptionsObject('validate', options, VALIDATE_OPTIONS);
}
