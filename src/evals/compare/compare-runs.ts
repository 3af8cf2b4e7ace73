/**
 * `evals compare A B` as one library call: read both runs, judge them blind (comparison.json), then, for a decided
 * comparison, the un-blinded analyzer (analysis.json). A file is written only once its judge call succeeded: an
 * unusable reply leaves no comparison.json behind that could be read as a verdict.
 */
import path from 'node:path';
import { UsageError } from '../../errors.js';
import type { Provider } from '../../providers/index.js';
import { analyzeComparison } from './analyze.js';
import { readCompareSide, readSkillText, taskPromptOf } from './compare-read.js';
import { blindCompare } from './compare.js';
import { writeJsonAs } from '../json-files.js';
import { Analysis, Comparison } from '../schemas/index.js';
import type { EvalsCompareSummary } from '../schemas/summaries.js';

export const COMPARISON_FILE = 'comparison.json';
export const ANALYSIS_FILE = 'analysis.json';

export interface CompareRunsOptions {
  provider: Provider;
  model: string;
  seed: number;
  passes?: 1 | 2;
  /** The task; default eval_metadata.json's prompt beside A (then B). */
  prompt?: string;
  /** Expectation texts for the comparator; default the texts graded in A's (then B's) grading.json. */
  expectations?: string[];
  skillA?: string;
  skillB?: string;
  /** Skip the analyzer. */
  analyze?: boolean;
  /** Where to write; default the folder holding A's run folder. */
  outDir?: string;
  signal?: AbortSignal;
}

export interface CompareRunsResult {
  comparison: Comparison;
  analysis: Analysis | undefined;
  /** Why there is no analysis.json, when there is none. */
  analysisSkipped: string | undefined;
  files: { comparison: string; analysis: string | undefined };
}

/**
 * What `evals compare --output json` prints (schema `evals-compare-summary`): absent parts as null, in skill-creator's
 * case.
 */
export function compareSummary(result: CompareRunsResult): EvalsCompareSummary {
  return {
    files: result.files,
    comparison: result.comparison,
    analysis: result.analysis ?? null,
    analysis_skipped: result.analysisSkipped ?? null,
  };
}

export async function compareRuns(a: string, b: string, options: CompareRunsOptions): Promise<CompareRunsResult> {
  const sideA = await readCompareSide(a);
  const sideB = await readCompareSide(b);
  if (sideA.runDir === sideB.runDir) throw new UsageError(`A and B are the same run (${sideA.runDir})`);
  const task = options.prompt ?? (await taskPromptOf(sideA)) ?? (await taskPromptOf(sideB));
  if (task === undefined)
    throw new UsageError('no task prompt: no eval_metadata.json beside either run; pass --prompt TEXT');
  const expectations = options.expectations ?? (sideA.expectations ?? sideB.expectations)?.map((e) => e.text);
  // Named skills must exist; the skill run.json recorded is read when it is still there.
  const skills = {
    A: readSkillText(options.skillA, '--skill-a') ?? readSkillText(sideA.skillPath),
    B: readSkillText(options.skillB, '--skill-b') ?? readSkillText(sideB.skillPath),
  };
  const outDir = options.outDir ?? path.dirname(sideA.runDir);
  const comparison = await blindCompare(
    options.provider,
    { task, a: sideA, b: sideB, ...(expectations !== undefined ? { expectations } : {}) },
    {
      model: options.model,
      seed: options.seed,
      ...(options.passes ? { passes: options.passes } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  const files: CompareRunsResult['files'] = { comparison: path.join(outDir, COMPARISON_FILE), analysis: undefined };
  const written = await writeJsonAs(files.comparison, Comparison, comparison);
  let analysisSkipped: string | undefined;
  if (options.analyze === false) analysisSkipped = 'the analyzer was not asked for (--no-analyzer)';
  else if (written.winner === 'TIE') analysisSkipped = 'the comparison is a TIE: there is no winner to explain';
  if (analysisSkipped !== undefined) return { comparison: written, analysis: undefined, analysisSkipped, files };
  const analysis = await analyzeComparison(
    options.provider,
    { comparison: written, a: sideA, b: sideB, skills },
    { model: options.model, ...(options.signal ? { signal: options.signal } : {}) },
  );
  files.analysis = path.join(outDir, ANALYSIS_FILE);
  return {
    comparison: written,
    analysis: await writeJsonAs(files.analysis, Analysis, analysis),
    analysisSkipped: undefined,
    files,
  };
}
