import { z } from 'zod';
import { RULE_SETTINGS } from '../rules/config/apply-rule-config.js';
import { GlobError, ignoreMatcher } from '../rules/config/glob.js';
import { closestRuleId, knownRuleIds } from '../rules/config/known-rule-ids.js';
import { priceOverridesSchema } from '../providers/pricing.js';
import { SETTINGS, shapeOf, type SettingKey, type SettingSpec } from './settings.js';
import type { NumberRange } from './numbers.js';

/** `rules`: a severity per rule id; an id plugin-eval does not know is an error (a typo would otherwise do nothing). */
const RuleSettings = z.record(z.string(), z.enum(RULE_SETTINGS)).superRefine((rules, ctx) => {
  const known = knownRuleIds();
  for (const id of Object.keys(rules)) {
    if (known.has(id)) continue;
    const near = closestRuleId(id);
    ctx.addIssue({
      code: 'custom',
      path: [id],
      message:
        `unknown rule id "${id}"${near ? ` (did you mean "${near}"?)` : ''}; docs/configuration.md lists the rule ` +
        `ids`,
    });
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

/** A number field in a setting's range (numbers.ts's NumberRange). */
function numberField(range: NumberRange): z.ZodNumber {
  let field = range.whole ? z.number().int() : z.number();
  if (range.min !== undefined) field = field.min(range.min);
  if (range.max !== undefined) field = field.max(range.max);
  if (range.above !== undefined) field = field.gt(range.above);
  if (range.below !== undefined) field = field.lt(range.below);
  return field;
}

/** Config fields of the settings whose check is more than choices, a number range, a switch or a string. */
const SHAPED_FIELDS: Partial<Record<SettingKey, z.ZodType>> = {
  threads: z
    .union([z.literal('auto'), z.number().int().min(1).max(64)], {
      error: 'must be "auto" or a whole number from 1 to 64',
    })
    .describe(
      "worker threads a static-only run scores on: auto (default: the machine's cores, for a run of many " +
        'targets) or 1 to 64 (PLUGIN_EVAL_THREADS and --threads win over it)',
    ),
  provider: z.string().describe('anthropic | openai | openai-compatible | ollama | claude-code'),
  model: z.string().describe('judge model or alias (haiku, sonnet, opus)'),
  judgeModels: z.array(z.string()).min(1),
  baseUrl: z.string().url(),
  rules: RuleSettings.describe(
    'severity per rule id: off | info | warn | error (changes diagnostics and the exit code, never a score)',
  ),
  ignorePatterns: IgnorePatterns.describe(
    'globs, relative to the config file, of folders and files that score and validate skip',
  ),
  store: z
    .union([z.string().min(1), z.literal(false)], { error: 'must be a file path or false' })
    .describe(
      'the results store file (SQLite) every score, certify, evals and judge run is recorded in; relative to ' +
        'the config file; false: record nothing (PLUGIN_EVAL_STORE wins over it; default ' +
        '$PLUGIN_EVAL_DATA_DIR/results.db, else $XDG_DATA_HOME/plugin-eval/results.db, else ' +
        '~/.local/share/plugin-eval/results.db)',
    ),
  queue: z
    .string()
    .regex(/^rediss?:\/\/\S+$/)
    .describe(
      'redis://HOST:PORT: score and certify enqueue their targets there for plugin-eval worker (docs/queue.md); ' +
        'PLUGIN_EVAL_QUEUE wins over it',
    ),
  queueName: z
    .string()
    .regex(/^[\w.-]{1,100}$/)
    .describe('the BullMQ queue name at that Redis (default plugin-eval)'),
  allowEndpoints: z
    .array(z.url({ protocol: /^https?$/ }))
    .describe("model endpoints a job may name besides the worker's own (exact URLs; default none)"),
  allowRoots: z
    .array(z.string().min(1))
    .describe(
      "folders a job's target must lie under, relative to the config file (default: --root, else the working folder)",
    ),
  prices: priceOverridesSchema.describe(
    'USD per million tokens, per model id: {input, output, cacheRead?, cacheWrite?}',
  ),
};

/**
 * A setting's field in the config file: its own schema above, else made from its row (choices, range, switch, string).
 */
function settingField(spec: SettingSpec): z.ZodType {
  const own = SHAPED_FIELDS[spec.key];
  if (own) return own;
  const shape = shapeOf(spec.check);
  const field = spec.choices
    ? z.enum(spec.choices as [string, ...string[]])
    : shape === 'boolean'
      ? z.boolean()
      : shape === 'text'
        ? z.string().min(1)
        : shape !== undefined
          ? numberField(shape.range)
          : undefined;
  if (field === undefined)
    throw new Error(`setting ${spec.key} has a config key but no config field: give it one in SHAPED_FIELDS`);
  const help = spec.configHelp ?? spec.help;
  return help === undefined ? field : field.describe(help);
}

/** What the config file's objects of settings (`cache`, `monteCarlo`, `worker`) are for. */
const GROUP_NOTES: Readonly<Record<string, string>> = {
  monteCarlo: 'Layer 3 (Monte Carlo with the agent): depth deep and thorough, and certify',
  worker: 'plugin-eval worker: what a job from the queue may name (docs/queue.md)',
};

/** Every setting with a config key, at its path: a row of the settings table is its field here. */
function settingsShape(): Record<string, z.ZodType> {
  const top: Record<string, z.ZodType> = {};
  const groups = new Map<string, Record<string, z.ZodType>>();
  for (const spec of SETTINGS) {
    if (spec.config === undefined) continue;
    const [first, second] = spec.config as [string, string?];
    const field = settingField(spec).optional();
    if (second === undefined) top[first] = field;
    else groups.set(first, { ...groups.get(first), [second]: field });
  }
  for (const [name, shape] of groups) {
    const group = z.strictObject(shape).optional();
    top[name] = GROUP_NOTES[name] === undefined ? group : group.describe(GROUP_NOTES[name]);
  }
  return top;
}

/**
 * `plugin-eval.config.json`: defaults for every command and the library. Flags > environment > this file > built-in
 * defaults.
 */
export const PluginEvalConfig = z
  .strictObject({ $schema: z.string().optional(), ...settingsShape() })
  .meta({ id: 'PluginEvalConfig', title: 'plugin-eval.config.json' });
export type PluginEvalConfig = z.infer<typeof PluginEvalConfig>;
