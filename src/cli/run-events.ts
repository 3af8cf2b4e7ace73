/**
 * What the CLI does with the run's event stream: the progress bar, `--verbose` lines on stderr as retries
 * and failures happen, and with `--log-dir DIR` a call log (every model prompt and reply) written next to
 * the run log when the run ends, in `DIR/<runId>/`.
 */
// fs.promises, not node:fs/promises: loaded on first use (--log-dir), not by every run (see util/make-dir.ts).
import { constants, promises as fsPromises } from 'node:fs';
import path from 'node:path';
import type { EventSink, RunEvent } from '../events/types.js';
import type { ScoreRun } from '../model/run.js';
import { UsageError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { makeDir } from '../util/make-dir.js';
import { progressBar } from './io.js';
import type { Ui } from './ui.js';

export interface RunEventOptions {
  verbose: boolean;
  logDir?: string;
}

export interface RunEventHandler {
  /** Undefined when nothing listens (no bar, no --verbose, no --log-dir): the run builds no events at all. */
  sink: EventSink | undefined;
  /** Clear the progress bar. */
  finish(): void;
  /** Write the run log and the call log (with --log-dir); returns the folder written, if any. */
  writeLogs(run: ScoreRun): Promise<string | undefined>;
}

/** Events a call log keeps: every reply (fresh or cached) and every retry and failure, in order. */
const CALL_EVENTS = new Set<RunEvent['type']>(['call.finished', 'call.cached', 'call.retried', 'call.failed']);

const where = (e: { target?: string; layer?: string; dimension?: string }): string =>
  [e.target, [e.layer, e.dimension].filter(Boolean).join('/')].filter(Boolean).join(' ');

/** The `--verbose` line for an event, or undefined when it is not one `--verbose` reports. */
export function verboseLine(e: RunEvent): string | undefined {
  const at = where(e);
  const prefix = `plugin-eval: ${at ? `${at}: ` : ''}`;
  switch (e.type) {
    case 'call.retried':
      return `${prefix}${e.provider} attempt ${e.attempt} failed (${e.reason}); retrying in ${e.delayMs} ms`;
    case 'call.failed':
      // No attempt: the provider had already failed for good, so the call was never sent.
      if (e.attempts === 0) return `${prefix}${e.provider} call not sent (the provider already failed): ${e.reason}`;
      return (
        `${prefix}${e.provider} call failed after ${e.attempts} ` + `attempt${e.attempts === 1 ? '' : 's'}: ${e.reason}`
      );
    case 'agent.run':
      return e.status === 'infra'
        ? `${prefix}agent run ${e.runIndex + 1}${e.phase === 'without-skill' ? ' without the skill' : ''} measured ` +
            `nothing: infrastructure error (${e.infraKind ?? 'unknown'}); not counted`
        : undefined;
    case 'call.finished':
      return e.reply.ok ? undefined : `${prefix}${e.provider} reply unusable: ${e.reply.reason ?? 'invalid'}`;
    case 'threads.started':
      return (
        `${prefix}scoring on ${e.mainThread === true ? 'the main thread and ' : ''}up to ${e.workers} worker ` +
        `thread${e.workers === 1 ? '' : 's'} (--threads 1: on the main thread alone)`
      );
    case 'thread.lost':
      return (
        `${prefix}a scoring thread ended ` +
        `(${e.reason}); ${e.targets.length === 0 ? 'it had no target in hand' : `scoring ${e.targets.join(', ')} on the main thread instead`}`
      );
    default:
      return undefined;
  }
}

/**
 * Make sure `--log-dir` can be written before any model call is paid for: a log folder that turns out
 * unwritable only when the run ends would lose what the run was asked to keep.
 */
export async function prepareLogDir(dir: string): Promise<void> {
  try {
    await makeDir(dir);
    await fsPromises.access(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'a file is in the way (it must be a folder)'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'not writable'
          : `cannot be created (${code ?? String(error)})`;
    throw new UsageError(`--log-dir ${dir}: ${why}`);
  }
}

/** The progress line of Monte Carlo runs: activations, infrastructure errors, cost so far, and an ETA at N. */
export function agentProgressLabel(
  e: Extract<RunEvent, { type: 'agent.run' }>,
  startedAt: number,
  now: number,
): string {
  const perRun = (now - startedAt) / Math.max(1, e.done);
  const eta = Math.max(0, Math.round((perRun * (e.planned - e.done)) / 1000));
  const cost = e.costUsd === null ? 'cost unknown' : `$${e.costUsd.toFixed(2)}`;
  if (e.phase === 'without-skill')
    return `runs ${e.target} without the skill (uplift, counted in the cost): ${e.infraSoFar} infra errors, ${cost}`;
  return (
    `runs ${e.target}: ${e.activatedSoFar} activated, ${e.infraSoFar} infra errors, ${cost}, ` +
    `ETA ${eta < 90 ? `${eta}s` : `${Math.round(eta / 60)}m`} at most`
  );
}

export function runEventHandler(ui: Ui, options: RunEventOptions): RunEventHandler {
  const barOn = ui.stderrIsTTY && !ui.quiet;
  const bar = progressBar(barOn);
  const calls: string[] = [];
  const agentStarted = new Map<string, number>();
  const listening = barOn || options.verbose || options.logDir !== undefined;
  const sink: EventSink | undefined = listening
    ? (e) => {
        if (e.type === 'target.done' && e.total > 1) bar.update(e.done, e.total, e.target);
        if (e.type === 'agent.plan') agentStarted.set(e.target, e.at);
        if (e.type === 'agent.run')
          bar.update(e.done, e.planned, agentProgressLabel(e, agentStarted.get(e.target) ?? e.at, e.at));
        if (options.verbose) {
          const line = verboseLine(e);
          if (line !== undefined) ui.stderr(line);
        }
        if (options.logDir !== undefined && CALL_EVENTS.has(e.type)) calls.push(JSON.stringify(e));
      }
    : undefined;
  return {
    sink,
    finish: () => bar.finish(),
    async writeLogs(run) {
      if (options.logDir === undefined) return undefined;
      const dir = path.join(options.logDir, run.runId);
      await makeDir(dir);
      await writeFileAtomic(path.join(dir, 'calls.jsonl'), calls.map((c) => `${c}\n`).join(''));
      await writeFileAtomic(path.join(dir, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
      return dir;
    },
  };
}
