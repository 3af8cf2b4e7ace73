/**
 * Reading judgekit inputs: JSONL batches (every bad line is an InputError naming the file and the
 * 1-based line) and criteria given as a JSON/YAML file or inline as `name:weight,...`.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { InputError, UsageError } from '../../errors.js';
import { jsonLinesOf } from '../../parse/json-reader.js';
import { Criterion, Winner } from './schemas.js';
import type { CriterionInput } from './schemas.js';

const Id = z.union([z.string(), z.number()]).transform(String).optional();

export const ScoreLine = z.object({
  id: Id,
  prompt: z.string(),
  response: z.string(),
  context: z.string().optional(),
  reference: z.string().optional(),
  /** Model that wrote the response (self-enhancement check). */
  model: z.string().optional(),
});
export type ScoreLine = z.infer<typeof ScoreLine>;

export const CompareLine = z.object({
  id: Id,
  prompt: z.string(),
  responseA: z.string(),
  responseB: z.string(),
  context: z.string().optional(),
  reference: z.string().optional(),
  modelA: z.string().optional(),
  modelB: z.string().optional(),
});
export type CompareLine = z.infer<typeof CompareLine>;

const HumanVerdict = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), Winner);
export const LabelledScoreLine = ScoreLine.extend({ humanScore: z.number() });
export const LabelledCompareLine = CompareLine.extend({ humanVerdict: HumanVerdict });
export type LabelledScoreLine = z.infer<typeof LabelledScoreLine>;
export type LabelledCompareLine = z.infer<typeof LabelledCompareLine>;

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read ${what} ${path}: ${(error as Error).message}`, path, error);
  }
}

/** Parse JSONL text; blank lines are skipped, anything else must be one valid item. */
export function parseJsonl<T>(text: string, schema: z.ZodType<T>, path: string): T[] {
  const items = jsonLinesOf(text, schema).map((l) => {
    if (l.ok) return l.value;
    throw new InputError(
      `${path}:${l.line}: ${l.syntax === undefined ? l.reason : `not valid JSON (${l.syntax})`}`,
      path,
    );
  });
  if (items.length === 0) throw new InputError(`${path}: no items (the file is empty)`, path);
  return items;
}

export async function readJsonl<T>(path: string, schema: z.ZodType<T>): Promise<T[]> {
  return parseJsonl(await readText(path, 'input file'), schema, path);
}

/**
 * A labelled calibration file holds score items (humanScore) or pairwise items (humanVerdict),
 * never both; the first line decides.
 */
export async function readLabelled(
  path: string,
): Promise<{ mode: 'score'; items: LabelledScoreLine[] } | { mode: 'pairwise'; items: LabelledCompareLine[] }> {
  const text = await readText(path, 'input file');
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const pairwise = /"humanVerdict"\s*:/.test(first) || /"responseA"\s*:/.test(first);
  return pairwise
    ? { mode: 'pairwise', items: parseJsonl(text, LabelledCompareLine, path) }
    : { mode: 'score', items: parseJsonl(text, LabelledScoreLine, path) };
}

const CriteriaFile = z.union([z.array(Criterion).min(1), z.object({ criteria: z.array(Criterion).min(1) })]);

/** `name:weight,name2:weight2` (weight optional, default 1). */
export function parseInlineCriteria(spec: string): CriterionInput[] {
  const parts = spec
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) throw new UsageError('--criteria is empty');
  return parts.map((part) => {
    const colon = part.lastIndexOf(':');
    if (colon === -1) return { name: part };
    const name = part.slice(0, colon).trim();
    const weight = Number(part.slice(colon + 1));
    if (name === '' || !Number.isFinite(weight) || weight <= 0)
      throw new UsageError(`--criteria: "${part}" is not name:weight with a positive weight`);
    return { name, weight };
  });
}

const looksLikeFile = (spec: string): boolean => ['.json', '.yaml', '.yml'].includes(extname(spec).toLowerCase());

/** Criteria from a JSON/YAML file (a list, or `{criteria: [...]}`) or an inline spec. */
export async function loadCriteria(spec: string): Promise<CriterionInput[]> {
  if (!looksLikeFile(spec)) return parseInlineCriteria(spec);
  const text = await readText(spec, 'criteria file');
  let raw: unknown;
  try {
    raw = YAML.parse(text);
  } catch (error) {
    throw new InputError(`${spec}: not valid YAML or JSON: ${(error as Error).message}`, spec, error);
  }
  const parsed = CriteriaFile.safeParse(raw);
  if (!parsed.success) throw new InputError(`${spec}: not a criteria file:\n${z.prettifyError(parsed.error)}`, spec);
  return Array.isArray(parsed.data) ? parsed.data : parsed.data.criteria;
}
