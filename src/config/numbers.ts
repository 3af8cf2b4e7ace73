/**
 * The one reader of numbers people type: every numeric flag, PLUGIN_EVAL_* variable and setting goes through it
 * (the resolver's table in settings.ts and the flags of the other commands alike), so `--jobs`, `--days` and
 * `--holdout` accept and reject the same spellings and say so in the same words.
 *
 * Number() is too generous for that: it reads "0x10" as 16, "1e1" as 10, "0b11" as 3, "+5", "5." and ".5" as
 * numbers, and "Infinity". A person writing --threshold 0x10 has made a mistake, not asked for 16. Only plain
 * decimals pass: digits, an optional fraction, an optional minus. Surrounding spaces are trimmed, as the resolver
 * trims every other value (a variable set from a YAML block often ends in one).
 */
import { UsageError } from '../errors.js';

export interface NumberRange {
  /** Whole numbers only. */
  whole?: boolean;
  /** Inclusive bounds. */
  min?: number;
  max?: number;
  /** Exclusive bounds ("above 0", "below 1"). */
  above?: number;
  below?: number;
}

const WHOLE = /^-?\d+$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The number a raw value holds, or undefined when it is not a plain decimal in range. A string is read strictly; a
 * number (from the config file's JSON or the library's options) is taken as it is and only range-checked.
 */
export function readNumber(raw: unknown, range: NumberRange = {}): number | undefined {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && (range.whole ? WHOLE : DECIMAL).test(raw.trim())) n = Number(raw.trim());
  else return undefined;
  // A whole number must be exact: 2^53 and beyond are not what was typed.
  if (!Number.isFinite(n) || (range.whole && !Number.isSafeInteger(n))) return undefined;
  if (range.min !== undefined && n < range.min) return undefined;
  if (range.max !== undefined && n > range.max) return undefined;
  if (range.above !== undefined && n <= range.above) return undefined;
  if (range.below !== undefined && n >= range.below) return undefined;
  return n;
}

/**
 * What a range accepts, for "--X must be <this>, got ...": "a whole number from 1 to 64", "a number above 0 and below
 * 1".
 */
export function describeRange(range: NumberRange): string {
  const kind = range.whole ? 'a whole number' : 'a number';
  const low =
    range.min !== undefined ? `from ${range.min}` : range.above !== undefined ? `above ${range.above}` : undefined;
  const high =
    range.max !== undefined
      ? range.min !== undefined
        ? `to ${range.max}`
        : `at most ${range.max}`
      : range.below !== undefined
        ? `below ${range.below}`
        : undefined;
  if (low === undefined && high === undefined) return kind;
  if (high === undefined) return range.min !== undefined ? `${kind}, ${range.min} or more` : `${kind} ${low}`;
  if (low === undefined) return `${kind} ${high}`;
  return `${kind} ${low}${range.min !== undefined && range.max !== undefined ? ' ' : ' and '}${high}`;
}

/** A numeric flag outside the settings table: its number, or a UsageError worded as the resolver words one (exit 2). */
export function numberFlag(flag: string, raw: string, range: NumberRange): number {
  const n = readNumber(raw, range);
  if (n === undefined) throw new UsageError(`${flag} must be ${describeRange(range)}, got "${raw}"`);
  return n;
}

/**
 * The same as a commander option parser:
 * `.option('--days <n>', '...', numberOption('--days', { whole: true, min: 1 }))`.
 */
export const numberOption =
  (flag: string, range: NumberRange) =>
  (raw: string): number =>
    numberFlag(flag, raw, range);

/** An optional flag: undefined when not given. */
export const optionalNumberFlag = (flag: string, raw: string | undefined, range: NumberRange): number | undefined =>
  raw === undefined ? undefined : numberFlag(flag, raw, range);
