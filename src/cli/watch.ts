/**
 * `--watch` for score and validate: one run, then another each time a file under the targets changes. Events are
 * gathered until none came for a short while, one run goes at a time, and a change during a run queues one more.
 * Ctrl-C ends the watch with exit 130, as it ends any other run.
 */
import { lstatSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { CancelledError, PluginEvalError, UsageError } from '../errors.js';
import { isTempFileOf } from '../util/atomic-write.js';
import { debounce } from '../util/debounce.js';
import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';

/** Quiet time after the last event before the next run: an editor's save is several events. */
const SETTLE_MS = 150;

export interface WatchOptions {
  /**
   * Files the runs write (the `--out` report, the results store), filled by the run once it has resolved them: their
   * changes, and those of their temporary and journal files, are not edits.
   */
  written: Set<string>;
  settleMs?: number;
}

/** A folder target is watched whole; a file target (a SKILL.md, a .skill package) through its folder. */
function watchedFolder(target: string): string {
  const full = path.resolve(target);
  try {
    return statSync(full).isDirectory() ? full : path.dirname(full);
  } catch {
    return path.dirname(full);
  }
}

/**
 * Whether the path passes through a symbolic link below `root`: what a link leads to is not part of the target
 * (scoring does not follow it), so its changes are not edits. A path that is gone was deleted, which is an edit.
 */
function throughLink(root: string, relative: string): boolean {
  let at = root;
  for (const part of relative.split(path.sep)) {
    at = path.join(at, part);
    try {
      if (lstatSync(at).isSymbolicLink()) return true;
    } catch {
      return false;
    }
  }
  return false;
}

function isWritten(file: string, written: ReadonlySet<string>): boolean {
  for (const out of written) {
    if (file === out || file.startsWith(`${out}-`)) return true;
    if (path.dirname(file) === path.dirname(out) && isTempFileOf(out, path.basename(file))) return true;
  }
  return false;
}

/**
 * Runs `runOnce`, then again after each settled change under `paths`, until `ui.signal` aborts. An error of the first
 * run (bad usage, a config file that does not parse) ends the watch as it would end one run; a later run's error is
 * said on stderr and the watch goes on, since the next save may mend it.
 */
export async function watchRuns(
  paths: readonly string[],
  ui: Ui,
  runOnce: () => Promise<number>,
  options: WatchOptions,
): Promise<number> {
  const signal = ui.signal;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const roots = [...new Set(paths.map(watchedFolder))];
  let pending = false;
  const settled = debounce(settleMs, () => {
    pending = true;
    wake?.();
  });
  let wake: (() => void) | undefined;
  const onEvent = (root: string, name: string | null) => {
    if (name !== null) {
      const file = path.join(root, name);
      if (isWritten(file, options.written) || throughLink(root, name)) return;
    }
    settled.schedule(undefined);
  };
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  // Watching starts before the first run, so a save made while it runs is not missed.
  const watchers: FSWatcher[] = roots.map((root) =>
    watch(root, { recursive: true }, (_event, name) => onEvent(root, name)).on('error', (error) =>
      ui.stderr(`plugin-eval: --watch: ${root}: ${error.message}`),
    ),
  );
  try {
    await runOnce();
    for (;;) {
      if (!ui.quiet) ui.stderr(`plugin-eval: watching ${roots.join(', ')} for changes (Ctrl-C to stop)`);
      await new Promise<void>((resolve) => {
        if (pending || signal?.aborted) resolve();
        else wake = resolve;
      });
      wake = undefined;
      if (signal?.aborted) break;
      pending = false;
      try {
        await runOnce();
      } catch (error) {
        if (error instanceof CancelledError || signal?.aborted) break;
        if (error instanceof UsageError || !(error instanceof PluginEvalError)) throw error;
        ui.stderr(`plugin-eval: ${error.message}`);
      }
    }
  } finally {
    settled.cancelAll();
    signal?.removeEventListener('abort', onAbort);
    for (const watcher of watchers) watcher.close();
  }
  ui.stderr('plugin-eval: stopped watching (exit 130)');
  return EXIT.INTERRUPTED;
}
