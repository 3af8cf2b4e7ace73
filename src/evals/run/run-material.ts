/**
 * What a grader looks at in one run folder: the eval (eval_metadata.json), how the run ended and its tool calls
 * (run.json; skill-creator's own runs have none and count as ended), the final reply, the transcript, the text of
 * every output file and the executor's user_notes.md. Read once, used by the programmatic checks and the LLM grader.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { decodePrefix, readBounded } from '../../util/bounded-read.js';
import { readJsonAs } from '../json-files.js';
import { FINAL_RESPONSE_FILE } from './run-capture.js';
import { EvalMetadata, RunMetrics, RunRecord, RunTiming, type RecordedToolCall } from '../schemas/index.js';
import { EVAL_METADATA_FILE, OUTPUT_READ_BYTES, RUN_FILES, type FoundRun } from '../workspace.js';

export interface OutputFile {
  /** Path inside outputs/, with `/`. */
  path: string;
  /** Text, or undefined for a binary file. */
  text: string | undefined;
  bytes: number;
  /** The file is larger than OUTPUT_READ_BYTES: `text` is its start. */
  partial?: true;
}

export interface RunMaterial {
  run: FoundRun;
  metadataFile: string;
  metadata: EvalMetadata;
  record: RunRecord | undefined;
  metrics: RunMetrics | undefined;
  timing: RunTiming | undefined;
  finalResponse: string;
  transcript: string;
  /** The agent's files in outputs/ (not metrics.json, not the final reply's file). */
  files: OutputFile[];
  userNotes: string | undefined;
  /** Tool calls in order, when run.json recorded them. */
  toolCalls: RecordedToolCall[] | undefined;
}

/** Files of ours in outputs/: not the agent's work. */
const OURS = new Set([path.basename(RUN_FILES.metrics), FINAL_RESPONSE_FILE, 'user_notes.md']);

async function listFiles(root: string, rel = ''): Promise<string[]> {
  if (!existsSync(path.join(root, rel))) return [];
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await listFiles(root, child)));
    else if (entry.isFile()) out.push(child);
  }
  return out.sort();
}

/** The text of a run's own file (transcript, notes), its start when it is larger than OUTPUT_READ_BYTES. */
async function readIfThere(file: string): Promise<string | undefined> {
  if (!existsSync(file)) return undefined;
  const read = await readBounded(file, OUTPUT_READ_BYTES);
  return decodePrefix(read.bytes, read.partial);
}

/** eval_metadata.json of a run: the configuration folder's copy, else the eval folder's. */
export function metadataFileOf(run: FoundRun): string | undefined {
  return [
    path.join(run.configDir, EVAL_METADATA_FILE),
    path.join(run.evalDir, EVAL_METADATA_FILE),
    path.join(run.runDir, EVAL_METADATA_FILE),
  ].find((f) => existsSync(f));
}

/** run.json of a run, when there is one (a bad one is bad input: exit 2 naming it). */
export async function runRecordOf(run: FoundRun): Promise<RunRecord | undefined> {
  const file = path.join(run.runDir, RUN_FILES.record);
  return existsSync(file) ? readJsonAs(file, RunRecord) : undefined;
}

export async function readRunMaterial(run: FoundRun): Promise<RunMaterial> {
  const metadataFile = metadataFileOf(run);
  if (metadataFile === undefined)
    throw new InputError(
      `${run.runDir}: no eval_metadata.json in the run's configuration or eval folder, so its expectations are unknown`,
      run.runDir,
    );
  const metadata = await readJsonAs(metadataFile, EvalMetadata);
  const record = await runRecordOf(run);
  const metricsFile = path.join(run.runDir, RUN_FILES.metrics);
  const timingFile = path.join(run.runDir, RUN_FILES.timing);
  const metrics = existsSync(metricsFile) ? await readJsonAs(metricsFile, RunMetrics) : undefined;
  const timing = existsSync(timingFile) ? await readJsonAs(timingFile, RunTiming) : undefined;
  const outputs = path.join(run.runDir, RUN_FILES.outputs);
  const files: OutputFile[] = [];
  for (const rel of await listFiles(outputs)) {
    if (OURS.has(rel)) continue;
    const read = await readBounded(path.join(outputs, rel), OUTPUT_READ_BYTES);
    const binary = read.bytes.subarray(0, 8192).includes(0);
    files.push({
      path: rel,
      text: binary ? undefined : decodePrefix(read.bytes, read.partial),
      bytes: read.size,
      ...(read.partial ? { partial: true as const } : {}),
    });
  }
  const finalResponse =
    record?.final_response ?? (await readIfThere(path.join(outputs, FINAL_RESPONSE_FILE)))?.trimEnd() ?? '';
  return {
    run,
    metadataFile,
    metadata,
    record,
    metrics,
    timing,
    finalResponse,
    transcript: (await readIfThere(path.join(run.runDir, RUN_FILES.transcript))) ?? '',
    files,
    userNotes: await readIfThere(path.join(outputs, 'user_notes.md')),
    toolCalls: record?.tool_calls,
  };
}
