/**
 * Temp folders removed however the process ends: on exit, and on SIGINT or SIGTERM when nothing else handles the
 * signal (then the signal is raised again, so the process ends as it would have). When the CLI handles the signal
 * itself (it stops cleanly and exits), the exit hook takes what is left: removing folders at the signal would race
 * the work still stopping.
 */
import { rmSync } from 'node:fs';

/** A process still stopping may write into a folder while it goes (ENOTEMPTY): retried a few times. */
export const REMOVE_FOLDER = { recursive: true, force: true, maxRetries: 5, retryDelay: 50 } as const;

export interface FolderCleanup {
  /** Remove `dir` when the process ends, unless `forget` comes first. */
  add(dir: string): void;
  /** `dir` was removed (or is kept) by its owner. */
  forget(dir: string): void;
  /** The folders still registered. */
  folders(): string[];
}

export function folderCleanup(): FolderCleanup {
  const live = new Set<string>();
  let hooked = false;
  const removeAll = (): void => {
    for (const dir of live) {
      try {
        rmSync(dir, REMOVE_FOLDER);
      } catch {
        // Left for the OS temp cleaner: cleanup runs in exit and signal handlers and must never throw there.
      }
    }
    live.clear();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (process.listenerCount(signal) > 1) return;
    removeAll();
    unhook();
    process.kill(process.pid, signal);
  };
  const unhook = (): void => {
    if (!hooked) return;
    hooked = false;
    process.off('exit', removeAll);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  return {
    add(dir) {
      live.add(dir);
      if (hooked) return;
      hooked = true;
      process.on('exit', removeAll);
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
    forget(dir) {
      live.delete(dir);
      if (live.size === 0) unhook();
    },
    folders: () => [...live],
  };
}
