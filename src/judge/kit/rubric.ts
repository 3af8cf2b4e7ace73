/**
 * Rubric generation and rubric files. A generated rubric is checked against its scale (one level
 * per integer score; gaps and strays are reported as warnings) and can be saved as YAML or JSON and
 * loaded again by direct scoring, where each criterion is scored with its own rubric.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { extname } from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { InputError, PluginEvalError } from '../../errors.js';
import type { Provider } from '../../providers/index.js';
import { normaliseName } from './direct.js';
import { RUBRIC_TEMPLATE, fill, promptVersion, strictnessRule } from './prompts.js';
import { Rubric, RubricLevel } from './schemas.js';
import type { Criterion, Scale, Strictness } from './schemas.js';

export interface RubricRequest {
  criterion: string;
  description?: string;
  scale?: Scale;
  domain?: string;
  strictness?: Strictness;
  /** Ask for an example text per level; default true. */
  includeExamples?: boolean;
}

export interface RubricOptions {
  model: string;
  maxTokens?: number;
  signal?: AbortSignal;
}

export const rubricReplySchema = z.object({
  levels: z.array(RubricLevel),
  scoringGuidelines: z.array(z.string()),
  edgeCases: z.array(z.object({ situation: z.string(), guidance: z.string() })),
});

/** Keep one level per score inside the scale, sorted; say what was missing or dropped. */
export function checkLevels(
  levels: readonly RubricLevel[],
  scale: Scale,
): { levels: RubricLevel[]; warnings: string[] } {
  const warnings: string[] = [];
  const byScore = new Map<number, RubricLevel>();
  for (const level of levels) {
    if (level.score < 1 || level.score > scale) warnings.push(`level ${level.score} is outside 1-${scale}; dropped`);
    else if (byScore.has(level.score)) warnings.push(`level ${level.score} appears twice; the first is kept`);
    else byScore.set(level.score, level);
  }
  const missing = Array.from({ length: scale }, (_u, i) => i + 1).filter((s) => !byScore.has(s));
  if (missing.length > 0) warnings.push(`no level for score(s) ${missing.join(', ')}`);
  return { levels: [...byScore.values()].sort((a, b) => a.score - b.score), warnings };
}

/** Ask the model for a rubric. Throws when the reply is unusable: there is nothing to fall back to. */
export async function generateRubric(
  provider: Provider,
  request: RubricRequest,
  options: RubricOptions,
): Promise<Rubric> {
  const scale = request.scale ?? 5;
  const strictness = request.strictness ?? 'balanced';
  const includeExamples = request.includeExamples ?? true;
  const user = fill(RUBRIC_TEMPLATE.user, {
    criterion: request.criterion,
    description: request.description ?? '(none given)',
    max: String(scale),
    domain: request.domain ? `${request.domain}: use its terminology in the level descriptions.` : 'General.',
    strictness,
    strictnessRule: strictnessRule(strictness),
    examplesRule: includeExamples
      ? 'Give a short representative example text for each level.'
      : 'Do not include examples.',
  });
  const result = await provider.complete({
    model: options.model,
    system: RUBRIC_TEMPLATE.system,
    messages: [{ role: 'user', content: user }],
    schema: rubricReplySchema,
    schemaName: 'rubric',
    // Some variety in wording helps a rubric; the structure is still validated.
    temperature: 0.4,
    maxTokens: options.maxTokens ?? 4096,
    signal: options.signal,
  });
  // The model's failure, not the user's input: exit 3 (could not measure), like any judge that gave no usable answer.
  if (!result.ok)
    throw new PluginEvalError(
      'NOT_MEASURED',
      `could not measure: the ${result.model || options.model} judge did not produce a usable rubric for ` +
        `"${request.criterion}": ${result.reason.replace(/\s+/g, ' ')}`,
    );
  const { levels, warnings } = checkLevels(result.value.levels, scale);
  if (levels.length === 0)
    throw new PluginEvalError(
      'NOT_MEASURED',
      `could not measure: the ${result.model || options.model} judge wrote a rubric for "${request.criterion}" ` +
        `with no level inside 1-${scale}`,
    );
  return Rubric.parse({
    criterion: request.criterion,
    description: request.description ?? '',
    scale: { min: 1, max: scale },
    ...(request.domain ? { domain: request.domain } : {}),
    strictness,
    levels: includeExamples ? levels : levels.map(({ example: _dropped, ...rest }) => rest),
    scoringGuidelines: result.value.scoringGuidelines,
    edgeCases: result.value.edgeCases,
    generatedBy: { model: result.model || options.model, prompt: promptVersion(RUBRIC_TEMPLATE) },
    warnings,
  });
}

const isYamlPath = (path: string): boolean => ['.yaml', '.yml'].includes(extname(path).toLowerCase());

/** Serialise one rubric or several; the format follows the file extension (.yaml/.yml, else JSON). */
export function formatRubrics(rubrics: Rubric | readonly Rubric[], path: string): string {
  return isYamlPath(path) ? YAML.stringify(rubrics) : `${JSON.stringify(rubrics, null, 2)}\n`;
}

export async function saveRubrics(rubrics: Rubric | readonly Rubric[], path: string): Promise<void> {
  await writeFileAtomic(path, formatRubrics(rubrics, path));
}

const RubricFile = z.union([Rubric, z.array(Rubric).min(1), z.object({ rubrics: z.array(Rubric).min(1) })]);

/** Read a rubric file: one rubric, a list, or `{rubrics: [...]}`, in YAML or JSON. */
export async function loadRubrics(path: string): Promise<Rubric[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read rubric file ${path}: ${(error as Error).message}`, path, error);
  }
  let raw: unknown;
  try {
    // YAML is a superset of JSON, so one parser reads both.
    raw = YAML.parse(text);
  } catch (error) {
    throw new InputError(`${path}: not valid YAML or JSON: ${(error as Error).message}`, path, error);
  }
  const parsed = RubricFile.safeParse(raw);
  if (!parsed.success) throw new InputError(`${path}: not a rubric file:\n${z.prettifyError(parsed.error)}`, path);
  const data = parsed.data;
  return Array.isArray(data) ? data : 'rubrics' in data ? data.rubrics : [data];
}

/**
 * Give each criterion ITS OWN rubric, matched by name. With no criteria, every rubric becomes a
 * criterion (weight 1), so a rubric file alone is enough to score with; otherwise a rubric that
 * matches no criterion is reported and ignored.
 */
export function attachRubrics(
  criteria: readonly Criterion[],
  rubrics: readonly Rubric[],
  scale: Scale,
): { criteria: Criterion[]; warnings: string[] } {
  const warnings: string[] = [];
  const byName = new Map(rubrics.map((r) => [normaliseName(r.criterion), r]));
  for (const r of rubrics) {
    if (r.scale.max !== scale)
      warnings.push(`rubric "${r.criterion}" is written for 1-${r.scale.max} but scoring uses 1-${scale}`);
  }
  const out: Criterion[] = criteria.map((c) => {
    const rubric = byName.get(normaliseName(c.name));
    byName.delete(normaliseName(c.name));
    return rubric ? { ...c, rubric, description: c.description || rubric.description } : c;
  });
  for (const rubric of byName.values()) {
    if (criteria.length === 0) out.push({ name: rubric.criterion, description: rubric.description, weight: 1, rubric });
    else warnings.push(`rubric "${rubric.criterion}" matches no criterion; ignored`);
  }
  return { criteria: out, warnings };
}
