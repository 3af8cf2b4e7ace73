import { z } from 'zod';
import { RULE_SETTINGS } from '../lint/apply-rule-config.js';
import { GlobError, ignoreMatcher } from '../lint/glob.js';
import { closestRuleId, knownRuleIds } from '../lint/known-rule-ids.js';
import { AGENT_RUNNER_KINDS } from '../agent/runner-kinds.js';
import { priceOverridesSchema } from '../providers/pricing.js';
import { MAX_REQUEST_TIMEOUT_S } from './settings.js';

/** `rules`: a severity per rule id; an id plugin-eval does not know is an error (a typo would otherwise do nothing). */
const RuleSettings = z.record(z.string(), z.enum(RULE_SETTINGS)).superRefine((rules, ctx) => {
  const known = knownRuleIds();
  for (const id of Object.keys(rules)) {
    if (known.has(id)) continue;
    const near = closestRuleId(id);
    ctx.addIssue({ code: 'custom', path: [id], message: `unknown rule id "${id}"${near ? ` (did you mean "${near}"?)` : ''}; docs/configuration.md lists the rule ids` });
  }
});

/** `ignorePatterns`: globs compiled now, so a malformed one is a config error, not a surprise mid-run. */
const IgnorePatterns = z.array(z.string()).superRefine((patterns, ctx) => {
  patterns.forEach((p, i) => {
    try {
      ignoreMatcher([p]);
    } catch (err) {
      if (!(err instanceof GlobError)) throw err;
      ctx.addIssue({ code: 'custom', path: [i], message: err.message });
    }
  });
});

/** `plugin-eval.config.json`: defaults for every command and the library. Flags > environment > this file > built-in defaults. */
export const PluginEvalConfig = z
  .strictObject({
    $schema: z.string().optional(),
    methodology: z.enum(['default', 'compat']).optional(),
    depth: z.enum(['quick', 'standard', 'deep', 'thorough']).optional(),
    threshold: z.number().min(0).max(100).optional(),
    provider: z.string().optional().describe('anthropic | openai | openai-compatible | ollama | claude-code'),
    model: z.string().optional().describe('judge model or alias (haiku, sonnet, opus)'),
    judgeModels: z.array(z.string()).min(1).optional(),
    judges: z.number().int().min(1).max(20).optional(),
    baseURL: z.string().url().optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    requestTimeout: z.number().min(1).max(MAX_REQUEST_TIMEOUT_S).optional().describe('seconds one model call attempt may take before it is cut and retried (default 120; PLUGIN_EVAL_REQUEST_TIMEOUT and --request-timeout win over it)'),
    threads: z.union([z.literal('auto'), z.number().int().min(1).max(64)], { error: 'must be "auto" or a whole number from 1 to 64' }).optional().describe('worker threads a static-only run scores on: auto (default: the machine\'s cores, for a run of many targets) or 1 to 64 (PLUGIN_EVAL_THREADS and --threads win over it)'),
    cache: z
      .strictObject({
        enabled: z.boolean().optional(),
        ttlDays: z.number().positive().optional(),
        dir: z.string().min(1).optional().describe('folder of the response cache (PLUGIN_EVAL_CACHE_DIR wins over it)'),
      })
      .optional(),
    rules: RuleSettings.optional().describe('severity per rule id: off | info | warn | error (changes diagnostics and the exit code, never a score)'),
    ignorePatterns: IgnorePatterns.optional().describe('globs, relative to the config file, of folders and files that score and validate skip'),
    references: z.number().int().min(5).max(50).optional().describe('reference skills certify plays against for Elo (default 10; PluginEval methodology: at least 5)'),
    store: z
      .union([z.string().min(1), z.literal(false)], { error: 'must be a file path or false' })
      .optional()
      .describe('the results store file (SQLite) every score, certify, evals and judge run is recorded in; relative to the config file; false: record nothing (PLUGIN_EVAL_STORE wins over it; default $PLUGIN_EVAL_DATA_DIR/results.db, else $XDG_DATA_HOME/plugin-eval/results.db, else ~/.local/share/plugin-eval/results.db)'),
    corpusDir: z.string().min(1).optional().describe('folder of the Elo corpus index (PLUGIN_EVAL_CORPUS_DIR wins over it); relative to the config file; default ~/.plugineval/corpus'),
    monteCarlo: z
      .strictObject({
        n: z.number().int().min(1).max(10_000).optional().describe('agent runs per skill at most (default 50 at deep, 100 at thorough)'),
        adaptive: z.boolean().optional().describe('stop early once more runs could not change what is reported (default on at deep and thorough)'),
        ciWidth: z.number().min(0.005).max(0.49).optional().describe('adaptive stop: every rate\'s 95% interval half-width at most this (default 0.05)'),
        maxCostUsd: z.number().positive().optional().describe('stop cleanly once this many USD are spent'),
        runner: z.enum(AGENT_RUNNER_KINDS).optional().describe('the real agent (default), or the messages simulation of its routing'),
        model: z.string().min(1).optional().describe('model the agent runs with (default sonnet)'),
        prompts: z.string().min(1).optional().describe('trigger eval-set file [{"query", "should_trigger"}], relative to the config file'),
      })
      .optional()
      .describe('Layer 3 (Monte Carlo with the agent): depth deep and thorough, and certify'),
    sandbox: z.boolean().optional().describe('agent runs (deep, certify, evals) inside bubblewrap (default true); false runs skills\' code on this machine as you (PLUGIN_EVAL_SANDBOX wins over it; docs/security.md)'),
    stateDir: z.string().min(1).optional().describe('folder of saved run state for --resume (PLUGIN_EVAL_STATE_DIR wins over it); default ~/.plugineval/runs'),
    queue: z.string().regex(/^rediss?:\/\/\S+$/).optional().describe('redis://HOST:PORT: score and certify enqueue their targets there for plugin-eval worker (docs/queue.md); PLUGIN_EVAL_QUEUE wins over it'),
    queueName: z.string().regex(/^[\w.-]{1,100}$/).optional().describe('the BullMQ queue name at that Redis (default plugin-eval)'),
    worker: z
      .strictObject({
        allowEndpoints: z.array(z.url({ protocol: /^https?$/ })).optional().describe('model endpoints a job may name besides the worker\'s own (exact URLs; default none)'),
        allowRoots: z.array(z.string().min(1)).optional().describe('folders a job\'s target must lie under, relative to the config file (default: --root, else the working folder)'),
      })
      .optional()
      .describe('plugin-eval worker: what a job from the queue may name (docs/queue.md)'),
    prices: priceOverridesSchema.optional().describe('USD per million tokens, per model id: {input, output, cacheRead?, cacheWrite?}'),
  })
  .meta({ id: 'PluginEvalConfig', title: 'plugin-eval.config.json' });
export type PluginEvalConfig = z.infer<typeof PluginEvalConfig>;
