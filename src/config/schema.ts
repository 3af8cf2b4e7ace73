import { z } from 'zod';
import { RULE_SETTINGS } from '../rules/config/apply-rule-config.js';
import { GlobError, ignoreMatcher } from '../rules/config/glob.js';
import { closestRuleId, knownRuleIds } from '../rules/config/known-rule-ids.js';
import { priceOverridesSchema } from '../providers/pricing.js';
import { SETTINGS, shapeOf, type ConfigShape, type SettingSpec } from './settings.js';
import type { ConfigListItem } from './setting-checks.js';
import { describeRange, type NumberRange } from './numbers.js';

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

/**
 * The fields whose check needs another module's knowledge (known rule ids, the glob compiler, the price table's row
 * schema): the shapes a row can only name, since settings.ts stays free of zod.
 */
const DOMAIN_FIELDS = {
  'rule-severities': () => RuleSettings,
  globs: () => IgnorePatterns,
  prices: () => priceOverridesSchema,
} satisfies Partial<Record<Extract<ConfigShape, string>, () => z.ZodType>>;

const LIST_ITEMS: Readonly<Record<ConfigListItem, () => z.ZodType>> = {
  string: () => z.string(),
  text: () => z.string().min(1),
  'http-url': () => z.url({ protocol: /^https?$/ }),
};

/** The zod field of a config shape. */
function fieldOf(shape: ConfigShape): z.ZodType {
  if (typeof shape === 'string') {
    if (shape in DOMAIN_FIELDS) return DOMAIN_FIELDS[shape as keyof typeof DOMAIN_FIELDS]();
    if (shape === 'boolean') return z.boolean();
    if (shape === 'text') return z.string().min(1);
    if (shape === 'url') return z.string().url();
    if (shape === 'path-or-false')
      return z.union([z.string().min(1), z.literal(false)], { error: 'must be a file path or false' });
    return z.string();
  }
  if ('range' in shape) return numberField(shape.range);
  if ('autoOr' in shape)
    return z.union([z.literal('auto'), numberField(shape.autoOr)], {
      error: `must be "auto" or ${describeRange(shape.autoOr)}`,
    });
  if ('pattern' in shape) return z.string().regex(shape.pattern);
  const list = z.array(LIST_ITEMS[shape.list]());
  return shape.min === undefined ? list : list.min(shape.min);
}

/** A setting's field in the config file: its choices, else the shape its row or its check names. */
function settingField(spec: SettingSpec): z.ZodType {
  const shape = spec.configShape ?? shapeOf(spec.check);
  const field = spec.choices ? z.enum(spec.choices as [string, ...string[]]) : shape && fieldOf(shape);
  if (field === undefined)
    throw new Error(`setting ${spec.key} has a config key but no config field: give its check or row a ConfigShape`);
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
  .strictObject({
    $schema: z.string().optional(),
    // JSON has no comments: notes to the reader go here (JSON Schema's own annotation key), as config init writes them.
    $comment: z.union([z.string(), z.array(z.string())]).optional(),
    ...settingsShape(),
  })
  .meta({ id: 'PluginEvalConfig', title: 'plugin-eval.config.json' });
export type PluginEvalConfig = z.infer<typeof PluginEvalConfig>;
