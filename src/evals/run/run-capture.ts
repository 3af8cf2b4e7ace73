/**
 * Everything one finished agent run leaves in its run folder, captured by us rather than asked of the agent
 * (skill-creator's executor writes its own metrics and timing, and the numbers are only as good as its memory):
 *
 *   outputs/             files the agent created or changed in its project (not .claude/, not unchanged inputs)
 *   outputs/final_response.md   the agent's final reply, so the viewer shows it beside the files
 *   outputs/metrics.json tool calls by tool, steps, files, errors, sizes
 *   transcript.md        the session step by step
 *   timing.json          tokens (and their split), wall time, cost
 *   run.json             ok or infrastructure error, the tool calls in order, the final reply
 *
 * An infrastructure run gets transcript.md, timing.json and run.json but no outputs/: nothing about the skill was
 * measured, and a folder without outputs/ is not offered to skill-creator's viewer as a run to review.
 */
import { copyFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentRunResult } from '../../agent/types.js';
import { readBounded, sha256OfFileSync } from '../../util/bounded-read.js';
import { makeDir } from '../../util/make-dir.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { writeJsonAs } from '../json-files.js';
import { RunMetrics, RunRecord, RunTiming } from '../schemas/index.js';
import { renderTranscript } from './transcript.js';
import { OUTPUT_READ_BYTES, RUN_FILES } from '../workspace.js';

/** The final reply's file inside outputs/. */
export const FINAL_RESPONSE_FILE = 'final_response.md';
/** Names at the top of outputs/ that are ours; an agent file of such a name is kept as `agent_<name>`. */
const RESERVED = new Set([FINAL_RESPONSE_FILE, path.basename(RUN_FILES.metrics)]);

export interface CapturedFile {
  /** Path inside outputs/. */
  path: string;
  chars: number;
}

/**
 * Characters of a text file; bytes of a binary one (a NUL byte in the first 8 KB), or of one past what is read of any
 * output.
 */
async function sizeOf(file: string): Promise<number> {
  const read = await readBounded(file, OUTPUT_READ_BYTES);
  return read.partial || read.bytes.subarray(0, 8192).includes(0) ? read.size : read.bytes.toString('utf8').length;
}

/** Same bytes, compared a chunk at a time (an agent can write a file of any size). */
const sameContent = async (a: string, b: string): Promise<boolean> =>
  (await stat(a)).size === (await stat(b)).size && sha256OfFileSync(a) === sha256OfFileSync(b);

async function projectFiles(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const child = rel === '' ? entry.name : path.join(rel, entry.name);
    if (rel === '' && entry.name === '.claude') continue;
    if (entry.isDirectory()) out.push(...(await projectFiles(root, child)));
    // Regular files only: a symlink the agent made may point anywhere on the machine.
    else if (entry.isFile()) out.push(child);
  }
  return out.sort();
}

/**
 * Copy what the agent created or changed into `outputsDir`. An input file still equal to its source is left out
 * (it is the eval's, not the agent's); an input the agent edited is kept.
 */
export async function collectOutputs(
  projectDir: string,
  inputs: readonly { from: string; to: string }[],
  outputsDir: string,
): Promise<{ files: CapturedFile[]; renamed: string[] }> {
  const files: CapturedFile[] = [];
  const renamed: string[] = [];
  for (const rel of await projectFiles(projectDir)) {
    const source = path.join(projectDir, rel);
    const input = inputs.find((i) => path.normalize(i.to) === rel);
    if (input !== undefined && (await sameContent(input.from, source))) continue;
    let target = rel;
    if (RESERVED.has(rel)) {
      target = `agent_${rel}`;
      renamed.push(`the agent's own ${rel} is kept as outputs/${target} (outputs/${rel} is plugin-eval's)`);
    }
    await makeDir(path.dirname(path.join(outputsDir, target)));
    await copyFile(source, path.join(outputsDir, target));
    files.push({ path: target.split(path.sep).join('/'), chars: await sizeOf(source) });
  }
  return { files, renamed };
}

export interface RunIdentity {
  evalId: number;
  evalName: string;
  configuration: string;
  runNumber: number;
  prompt: string;
  promptSent: string;
  /** Eval input files: the source in the skill folder, and the path in the project (as evals.json gives it). */
  inputs: readonly { from: string; to: string }[];
  /** The skill folder the configuration installed, if any. */
  skillPath?: string;
}

export function metricsOf(result: AgentRunResult, files: readonly CapturedFile[], transcriptChars: number): RunMetrics {
  const byTool: Record<string, number> = {};
  for (const call of result.toolCalls) byTool[call.name] = (byTool[call.name] ?? 0) + 1;
  return {
    tool_calls: byTool,
    total_tool_calls: result.toolCalls.length,
    // A step is one model response (one turn of the agent loop), as the runner counted them.
    total_steps: result.turns,
    files_created: files.map((f) => f.path),
    errors_encountered:
      result.toolCalls.filter((c) => c.isError === true).length + (result.agentError !== undefined ? 1 : 0),
    // The files' text plus the final reply: what a reader of the run has to read.
    output_chars: files.reduce((sum, f) => sum + f.chars, 0) + result.output.length,
    transcript_chars: transcriptChars,
  };
}

export function timingOf(result: AgentRunResult, started: Date, ended: Date): RunTiming {
  const u = result.usage;
  const seconds = Math.round(result.durationMs) / 1000;
  return {
    total_tokens: u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens,
    duration_ms: Math.round(result.durationMs),
    total_duration_seconds: seconds,
    executor_start: started.toISOString(),
    executor_end: ended.toISOString(),
    executor_duration_seconds: seconds,
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    cache_read_tokens: u.cacheReadTokens,
    cache_write_tokens: u.cacheWriteTokens,
    cost_usd: result.costUsd,
    cost_priced: result.priced,
  };
}

/** Write the run folder's files. `projectDir` is the kept project of an ok run (outputs are copied from it). */
export async function writeRunFolder(
  runDir: string,
  id: RunIdentity,
  result: AgentRunResult,
  times: { started: Date; ended: Date },
  model: string,
): Promise<RunMetrics | undefined> {
  await makeDir(runDir);
  const ok = result.status === 'ok';
  const outputsDir = path.join(runDir, RUN_FILES.outputs);
  let captured: { files: CapturedFile[]; renamed: string[] } = { files: [], renamed: [] };
  if (ok) {
    await makeDir(outputsDir);
    if (result.projectDir !== undefined) captured = await collectOutputs(result.projectDir, id.inputs, outputsDir);
    if (result.output.trim() !== '')
      await writeFileAtomic(path.join(outputsDir, FINAL_RESPONSE_FILE), `${result.output.trimEnd()}\n`);
  }
  const transcript = renderTranscript({
    title: `eval ${id.evalId} (${id.evalName}), ${id.configuration}, run ${id.runNumber}`,
    prompt: id.prompt,
    promptSent: id.promptSent,
    inputFiles: id.inputs.map((i) => i.to),
    result,
  });
  await writeFileAtomic(path.join(runDir, RUN_FILES.transcript), transcript);
  let metrics: RunMetrics | undefined;
  if (ok)
    metrics = await writeJsonAs(
      path.join(runDir, RUN_FILES.metrics),
      RunMetrics,
      metricsOf(result, captured.files, transcript.length),
    );
  await writeJsonAs(path.join(runDir, RUN_FILES.timing), RunTiming, timingOf(result, times.started, times.ended));
  const warnings = [...(result.warnings ?? []), ...captured.renamed];
  await writeJsonAs(path.join(runDir, RUN_FILES.record), RunRecord, {
    status: result.status,
    ...(result.infraError ? { infra_error: result.infraError } : {}),
    ...(result.agentError !== undefined ? { agent_error: result.agentError } : {}),
    runner: result.runner,
    simulated: result.simulated,
    model,
    configuration: id.configuration,
    ...(id.skillPath !== undefined ? { skill_path: id.skillPath } : {}),
    activated: result.activated,
    started_at: times.started.toISOString(),
    ended_at: times.ended.toISOString(),
    tool_calls: result.toolCalls.map((c) => ({
      name: c.name,
      input: c.input,
      ...(c.isError ? { is_error: true } : {}),
    })),
    final_response: result.output,
    prompt_sent: id.promptSent,
    turns: result.turns,
    ...(warnings.length > 0 ? { warnings } : {}),
  });
  return metrics;
}
