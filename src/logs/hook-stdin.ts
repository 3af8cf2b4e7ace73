/**
 * Reading a hook's stdin without Node's stream modules: `process.stdin` on a pipe or socket loads net, stream and tty,
 * about 6.5 ms of CPU on every skill call. The reads go through libuv's thread pool (`fs.read`), so the event loop,
 * and with it the deadline's timer, keeps running while one waits.
 */
import { fstatSync, read } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Tty from 'node:tty';

export interface StdinLimits {
  /** Milliseconds until the input must have ended (the writer closed its end). */
  deadlineMs: number;
  maxBytes: number;
}

/** The input did not end in time. */
export class StdinDeadlineError extends Error {
  /**
   * True when a read was still waiting at the deadline. It cannot be cancelled, and Node joins the thread pool's
   * threads at exit, so such a process does not exit until the writer closes: it has to end by a signal.
   */
  readonly readPending: boolean;

  constructor(message: string, readPending: boolean) {
    super(message);
    this.name = 'StdinDeadlineError';
    this.readPending = readPending;
  }
}

const BUFFER_BYTES = 64 * 1024;
// A non-blocking descriptor (one shared with a parent that made it so) answers EAGAIN until data comes: asked again
// after these pauses, the last repeated.
const RETRY_MS = [1, 2, 5, 10, 20];

function isTerminal(fd: number): boolean {
  // node:tty loads net: it is asked only about a character device (a terminal, or /dev/null for a closed stdin).
  // The hook bundle has no file URL of its own (import.meta.url) and a built-in resolves from any absolute path.
  if (!fstatSync(fd).isCharacterDevice()) return false;
  return (createRequire(process.execPath)('node:tty') as typeof Tty).isatty(fd);
}

/** All of `fd` as UTF-8, decoded once the input has ended (a character split across reads stays whole). */
export async function readStdin(limits: StdinLimits, fd = 0): Promise<string> {
  if (isTerminal(fd)) throw new Error('no hook input: stdin is a terminal (Claude Code pipes the hook JSON in)');
  return new Promise((resolve, reject) => {
    const full: Buffer[] = [];
    let buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    let used = 0;
    let size = 0;
    let pending = false;
    let settled = false;
    let retries = 0;
    const settle = (error: Error | undefined, text?: string) => {
      settled = true;
      clearTimeout(deadline);
      if (error === undefined) resolve(text ?? '');
      else reject(error);
    };
    const deadline = setTimeout(
      () => settle(new StdinDeadlineError(`no complete hook input on stdin within ${limits.deadlineMs} ms`, pending)),
      limits.deadlineMs,
    );
    const next = (): void => {
      if (settled) return;
      pending = true;
      read(fd, buffer, used, buffer.length - used, null, (error, bytes) => {
        pending = false;
        if (settled) return;
        if (error?.code === 'EAGAIN') {
          setTimeout(next, RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
          return;
        }
        if (error) return settle(error);
        if (bytes === 0) {
          full.push(buffer.subarray(0, used));
          return settle(undefined, Buffer.concat(full, size).toString('utf8'));
        }
        retries = 0;
        size += bytes;
        if (size > limits.maxBytes)
          return settle(new Error(`hook input larger than ${limits.maxBytes} bytes; not logged`));
        used += bytes;
        if (used === buffer.length) {
          full.push(buffer);
          buffer = Buffer.allocUnsafe(BUFFER_BYTES);
          used = 0;
        }
        next();
      });
    };
    next();
  });
}
