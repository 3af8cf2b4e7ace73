// The CLI's own stdout and stderr. Why not process.stdout and process.stderr for everything: creating either stream
// for a pipe or a socket loads Node's net and stream modules, a few ms of a one-skill run's start-up. A regular file,
// pipe or socket is written with fs.writeSync, which is what Node's streams do for files, and in effect for pipes on
// Linux (synchronous writes). A terminal, or anything else, is written through the stream as before.
import { fstatSync, writeSync } from 'node:fs';

/** One output of the process (fd 1 or 2). */
export interface OutputWriter {
  /** Dropped once the reader has gone (EPIPE): nobody reads what follows. */
  write(text: string): void;
  /** Whether the output is a terminal. Only a character device can be one; the stream decides for those. */
  isTTY(): boolean;
}

/** A regular file, pipe or socket: written directly. A character device (a terminal, /dev/null) or an error is not. */
function writtenDirectly(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFile() || stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

const isClosedPipe = (error: NodeJS.ErrnoException): boolean =>
  error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED';

/** The stream an output falls back to: process.stdout for fd 1, created only when first asked for. */
export type FallbackStream = NodeJS.WritableStream & { isTTY?: boolean };

export function outputWriter(fd: number, fallback: () => FallbackStream): OutputWriter {
  let direct = writtenDirectly(fd);
  let closed = false;
  let stream: FallbackStream | undefined;
  const streamOf = (): FallbackStream => {
    if (stream !== undefined) return stream;
    stream = fallback();
    // A reader that stops early (`plugin-eval schema score-run | head -1`) closes the pipe; with no listener the
    // stream's EPIPE 'error' event would end the process with a stack trace. Writes already queued fail with
    // ERR_STREAM_DESTROYED: same cause.
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!isClosedPipe(error)) throw error;
      closed = true;
    });
    return stream;
  };
  const writeDirectly = (text: string): void => {
    const bytes = Buffer.from(text, 'utf8');
    let at = 0;
    try {
      while (at < bytes.length) at += writeSync(fd, bytes, at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') closed = true;
      else if (code === 'EAGAIN') {
        // A non-blocking pipe that is full: the stream waits for it; everything after goes the same way, in order.
        direct = false;
        streamOf().write(bytes.subarray(at));
      } else throw error;
    }
  };
  return {
    write(text) {
      if (closed) return;
      if (direct) writeDirectly(text);
      else streamOf().write(text);
    },
    isTTY: () => !direct && Boolean(streamOf().isTTY),
  };
}
