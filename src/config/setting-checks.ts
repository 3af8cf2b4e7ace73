/**
 * The checks a setting's value goes through (one per row of the settings table, settings.ts), each with the shape of
 * its field in the config file (`ConfigShape`): config/schema.ts makes the zod field from the shape, so this module
 * and the table stay free of zod and `score` resolves its options before anything heavy loads.
 */
import path from 'node:path';
import { parseProviderName } from '../providers/select.js';
import type { RuleSetting } from '../rules/config/apply-rule-config.js';
import type { PriceOverrides } from '../providers/pricing.js';
import { describeRange, readNumber, type NumberRange } from './numbers.js';

/** A checked value, or what is wrong with it (the resolver adds where the value came from). */
export type Checked<T> = { ok: true; value: T } | { ok: false; expected: string };

/** An item of a list the config file holds: any string, a non-empty one, or an http(s) URL. */
export type ConfigListItem = 'string' | 'text' | 'http-url';

/**
 * What a setting's field in the config file is. The config file holds JSON values, so its field can be stricter or
 * looser than the check, which also reads the strings of flags and variables; where a field is looser (`string`),
 * the check still runs when the setting is resolved.
 */
export type ConfigShape =
  /** A number in the range. */
  | { range: NumberRange }
  /** "auto" or a number in the range. */
  | { autoOr: NumberRange }
  /** A list of items, at least `min` of them. */
  | { list: ConfigListItem; min?: number }
  /** A string matching the pattern. */
  | { pattern: RegExp }
  | 'boolean'
  /** A non-empty string. */
  | 'text'
  /** Any string. */
  | 'string'
  /** A URL. */
  | 'url'
  /** A file path, or false for none. */
  | 'path-or-false'
  /**
   * Fields whose check needs another module's knowledge (its zod schema or its parser), so config/schema.ts keeps
   * each one's own field: the rule ids plugin-eval knows (with "did you mean"), globs that compile, and the price
   * table's row schema shared with providers/pricing.ts.
   */
  | 'rule-severities'
  | 'globs'
  | 'prices';

type Check<T> = (raw: unknown) => Checked<T>;
const SHAPES = new WeakMap<Check<unknown>, ConfigShape>();
/** The config field's shape a check was made with (`shaped`). */
export const shapeOf = (check: Check<unknown>): ConfigShape | undefined => SHAPES.get(check);
function shaped<T>(shape: ConfigShape, check: Check<T>): Check<T> {
  SHAPES.set(check, shape);
  return check;
}

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = <T>(expected: string): Checked<T> => ({ ok: false, expected });

/** One of `values` (the config field is their enum: the row's `choices`). */
export function choice<T extends string>(values: readonly T[]) {
  return (raw: unknown): Checked<T> =>
    typeof raw === 'string' && (values as readonly string[]).includes(raw.trim())
      ? ok(raw.trim() as T)
      : bad(`one of ${values.join(', ')}`);
}

/** A number in a range, read by the one number reader (numbers.ts: plain decimals only, never 0x10 or 1e1). */
function numeric(range: NumberRange) {
  return shaped({ range }, (raw: unknown): Checked<number> => {
    const n = readNumber(raw, range);
    return n === undefined ? bad(describeRange(range)) : ok(n);
  });
}
export const whole = (min: number, max: number) => numeric({ whole: true, min, max });
export const between = (min: number, max: number) => numeric({ min, max });
export const positive = numeric({ above: 0 });

/** 'auto', or a whole number in a range (worker threads). */
export function autoOrWhole(min: number, max: number) {
  const range = { whole: true, min, max };
  const count = numeric(range);
  return shaped({ autoOr: range }, (raw: unknown): Checked<number | 'auto'> => {
    if (typeof raw === 'string' && raw.trim() === 'auto') return ok('auto');
    const n = count(raw);
    return n.ok ? n : bad(`auto or ${describeRange(range)}`);
  });
}

export const text = shaped(
  'text',
  (raw: unknown): Checked<string> =>
    typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('a non-empty string'),
);

export const redisUrl = shaped({ pattern: /^rediss?:\/\/\S+$/ }, (raw: unknown): Checked<string> => {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!URL.canParse(value) || !/^rediss?:$/.test(new URL(value).protocol) || new URL(value).hostname === '')
    return bad('a Redis URL such as redis://127.0.0.1:6379');
  return ok(value);
});

// BullMQ builds Redis keys from it: ':' would split them.
const QUEUE_NAME = /^[\w.-]{1,100}$/;
export const queueName = shaped(
  { pattern: QUEUE_NAME },
  (raw: unknown): Checked<string> =>
    typeof raw === 'string' && QUEUE_NAME.test(raw.trim())
      ? ok(raw.trim())
      : bad('a queue name of letters, digits, ".", "_" and "-"'),
);

export const url = shaped('url', (raw: unknown): Checked<string> => {
  if (typeof raw !== 'string' || !URL.canParse(raw.trim())) return bad('a URL such as http://localhost:11434/v1');
  return ok(raw.trim());
});

/** "a,b,c" from a flag or the environment, or an array from the config file or the library. */
export const modelList = shaped({ list: 'string', min: 1 }, (raw: unknown): Checked<string[]> => {
  const items =
    typeof raw === 'string'
      ? raw.split(',')
      : Array.isArray(raw) && raw.every((m) => typeof m === 'string')
        ? (raw as string[])
        : undefined;
  const models = items?.map((m) => m.trim()).filter((m) => m !== '');
  return models && models.length > 0 ? ok(models) : bad('one model or a comma-separated list of models');
});

/** "a,b" from a flag or the environment (a repeated flag gives an array), or an array from the config file. */
function listOf(raw: unknown, separator: string): string[] | undefined {
  const items =
    typeof raw === 'string'
      ? raw.split(separator)
      : Array.isArray(raw) && raw.every((m) => typeof m === 'string')
        ? (raw as string[]).flatMap((m) => m.split(separator))
        : undefined;
  return items?.map((m) => m.trim()).filter((m) => m !== '');
}

/** http(s) URLs, compared exactly (after URL normalisation) with the endpoints jobs name. */
export const endpointList = shaped({ list: 'http-url' }, (raw: unknown): Checked<string[]> => {
  const urls = listOf(raw, ',');
  return urls !== undefined && urls.every((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol))
    ? ok(urls)
    : bad('http(s) URLs, comma-separated, such as http://127.0.0.1:8080/v1');
});

/** Folders, separated as in PATH (":" here) in the environment; a repeated flag or a config array otherwise. */
export const folderList = shaped({ list: 'text' }, (raw: unknown): Checked<string[]> => {
  const folders = listOf(raw, path.delimiter);
  return folders !== undefined && folders.length > 0
    ? ok(folders)
    : bad(`one folder or several separated by "${path.delimiter}"`);
});

/** A store path; false from --no-store, the config file's `false`, or PLUGIN_EVAL_STORE=off. */
export const storeLocation = shaped('path-or-false', (raw: unknown): Checked<string | false> => {
  if (raw === false || (typeof raw === 'string' && /^(off|false|none)$/i.test(raw.trim()))) return ok(false);
  // `--store dir/` named a folder, and the store became a file called `dir`: the store is one file.
  if (typeof raw === 'string' && /[\\/]$/.test(raw.trim()))
    return bad('a file path (the store is one SQLite file; this one ends in a slash, a folder), or off');
  return text(raw);
});

export const flagBoolean = shaped('boolean', (raw: unknown): Checked<boolean> => {
  if (typeof raw === 'boolean') return ok(raw);
  if (typeof raw === 'string' && /^(1|true|yes|on)$/i.test(raw.trim())) return ok(true);
  if (typeof raw === 'string' && /^(0|false|no|off)$/i.test(raw.trim())) return ok(false);
  return bad('true or false');
});

/** The config field takes any string: the resolver's message for an unknown provider is the row's `rejected`. */
export const providerName = shaped(
  'string',
  (raw: unknown): Checked<string> =>
    typeof raw === 'string' && parseProviderName(raw) !== undefined
      ? ok(raw.trim())
      : bad('a provider: anthropic, openai, ollama or claude-code'),
);

// The config file's schema has already checked these three (prices' rows, known rule ids, valid globs); only it sets
// them.
export const prices = shaped(
  'prices',
  (raw: unknown): Checked<PriceOverrides> =>
    raw !== null && typeof raw === 'object' ? ok(raw as PriceOverrides) : bad('an object of per-model prices'),
);
export const ruleSeverities = shaped(
  'rule-severities',
  (raw: unknown): Checked<Readonly<Record<string, RuleSetting>>> =>
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? ok(raw as Record<string, RuleSetting>)
      : bad('an object of rule id to off, info, warn or error'),
);
export const globList = shaped(
  'globs',
  (raw: unknown): Checked<readonly string[]> =>
    Array.isArray(raw) && raw.every((g) => typeof g === 'string') ? ok(raw as string[]) : bad('a list of globs'),
);
