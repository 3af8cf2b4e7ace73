/**
 * `evals aggregate` as one library call: find the iteration, read its runs, build benchmark.json, add the analyst
 * model's notes when a judge is given, and write benchmark.json and benchmark.md beside the runs (atomically).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { readIterationRuns } from './aggregate-read.js';
import { buildBenchmark, type AggregateOptions, type AggregateResult } from './aggregate.js';
import { modelNotes } from './analyst.js';
import { renderBenchmarkMarkdown } from './benchmark-markdown.js';
import { writeJsonAs } from '../json-files.js';
import { Benchmark } from '../schemas/index.js';
import type { EvalsAggregateSummary } from '../schemas/summaries.js';
import type { Provider } from '../../providers/index.js';
import { evalsUplift } from './evals-uplift.js';
import {
  BENCHMARK_FILE,
  BENCHMARK_MARKDOWN_FILE,
  iterationDir,
  latestIteration,
  listIterations,
} from '../workspace.js';

/**
 * The folder to aggregate: iteration N of a workspace (default the latest), or, when `target` has no iteration-*
 * folders, `target` itself (any folder laid out like an iteration).
 */
export function resolveIterationFolder(target: string, iteration?: number): string {
  if (!existsSync(target)) throw new InputError(`${target}: no such folder`, target);
  const iterations = listIterations(target);
  if (iteration !== undefined) {
    if (!iterations.includes(iteration))
      throw new InputError(
        `${target}: no iteration-${iteration} (found: ${iterations.map((n) => `iteration-${n}`).join(', ') || 'none'})`,
        target,
      );
    return iterationDir(target, iteration);
  }
  const latest = latestIteration(target);
  return latest === undefined ? target : iterationDir(target, latest);
}

export interface AnalystJudge {
  provider: Provider;
  model: string;
}

export interface AggregateIterationOptions extends AggregateOptions {
  /** The analyzer's benchmark mode; without it the notes are the deterministic ones only. */
  analyst?: AnalystJudge;
  signal?: AbortSignal;
}

export interface AggregateIterationResult extends AggregateResult {
  folder: string;
  files: { json: string; markdown: string };
  /** How the notes were made, said to the user: deterministic only (and why), or with the model's. */
  analyst: { model?: string; error?: string };
}

/**
 * What `evals aggregate --output json` prints (schema `evals-aggregate-summary`); `analystLine` is the text output's
 * line.
 */
export function aggregateSummary(result: AggregateIterationResult, analystLine: string): EvalsAggregateSummary {
  const uplift = evalsUplift(result.benchmark, result.pair);
  return {
    folder: result.folder,
    files: result.files,
    analyst: { ...result.analyst, line: analystLine },
    ...(uplift ? { uplift } : {}),
    benchmark: result.benchmark,
  };
}

export async function aggregateIteration(
  folder: string,
  options: AggregateIterationOptions = {},
): Promise<AggregateIterationResult> {
  const read = await readIterationRuns(folder);
  const result = buildBenchmark(read, options);
  const analyst: AggregateIterationResult['analyst'] = {};
  if (options.analyst !== undefined) {
    try {
      const extra = await modelNotes(options.analyst.provider, options.analyst.model, result.benchmark, options.signal);
      result.benchmark.notes.push(...extra.notes);
      result.benchmark.metadata.analyzer_model = extra.model;
      analyst.model = extra.model;
    } catch (error) {
      // The figures stand without the model's notes; the failure is reported, never turned into a note that looks
      // measured.
      if ((error as { code?: string }).code === 'CANCELLED') throw error;
      analyst.error = error instanceof Error ? error.message : String(error);
    }
  }
  const files = { json: path.join(folder, BENCHMARK_FILE), markdown: path.join(folder, BENCHMARK_MARKDOWN_FILE) };
  const written = await writeJsonAs(files.json, Benchmark, result.benchmark);
  await writeFileAtomic(files.markdown, renderBenchmarkMarkdown(written));
  return { ...result, benchmark: written, folder, files, analyst };
}
