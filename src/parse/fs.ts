import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { type BoundedRead, NO_FOLLOW_OPEN, NotRegularFileError, readBoundedSync } from '../util/bounded-read.js';
import { overlaidText, overlayActive } from './overlay.js';

/** An in-memory text read as a file of at most `maxBytes` would be. */
function boundedText(bytes: Buffer, maxBytes: number): BoundedRead {
  return { bytes: bytes.subarray(0, maxBytes), partial: bytes.length > maxBytes, size: bytes.length };
}

/** Files larger than this are reported and not analysed: nothing an agent loads is this big. */
export const MAX_TEXT_BYTES = 4 * 1024 * 1024;

export interface TextFile {
  /** Decoded text with a leading BOM removed and line endings as they were. */
  text: string;
  /** The text exactly as PluginEval's Python reader would see it (BOM kept). */
  rawText: string;
  bytes: number;
  hadBom: boolean;
  hasCrlf: boolean;
  diagnostics: Diagnostic[];
}

export type ReadResult = { ok: true; file: TextFile } | { ok: false; diagnostic: Diagnostic };

export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'file does not exist (or is a broken symlink)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, expected a file';
    case 'ELOOP':
      return 'symlink loop';
    default:
      return code ? `cannot read (${code})` : `cannot read (${String(err)})`;
  }
}

/** Line of the first byte sequence that is not valid UTF-8 (1-based), or 0. */
function firstInvalidUtf8Line(buf: Buffer): number {
  let line = 1;
  for (let i = 0; i < buf.length; ) {
    const b = buf[i]!;
    if (b === 0x0a) line++;
    let need: number;
    if (b < 0x80) need = 0;
    else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return line;
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return line;
    }
    i += need + 1;
  }
  return 0;
}

/** What the binary sniff reads of a file. */
export const SNIFF_BYTES = 8000;

export function looksBinary(buf: Buffer): boolean {
  return buf.subarray(0, SNIFF_BYTES).includes(0);
}

/*
 * File access here is synchronous behind async signatures: skill files are small, and a thread-pool hop per
 * stat/read cost more than the reads themselves (the parser's share of scoring time halved). Callers keep
 * awaiting, so this can change back without touching them.
 */

const OUTSIDE = Symbol('outside');

/**
 * The read without resolving the path, where resolving it cannot change what is read: no overlaid texts (they are
 * found by real path too), and either no folder to stay in or a file directly in that folder opened without
 * following a final link, so it lies in the folder's real path whatever the folder's own path goes through. A link
 * there fails the open and takes the resolving read. Undefined: take that read.
 */
function readDirect(absPath: string, maxBytes: number, within: string | undefined): BoundedRead | undefined {
  if (overlayActive()) return undefined;
  if (within === undefined) return readBoundedSync(absPath, maxBytes, true);
  if (!NO_FOLLOW_OPEN || path.dirname(absPath) !== path.resolve(within)) return undefined;
  try {
    return readBoundedSync(absPath, maxBytes, true, true);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') return undefined;
    throw err;
  }
}

/** The read through the file's real path (one realpath(3), not an lstat per component), refused outside `within`. */
function readResolved(absPath: string, maxBytes: number, within: string | undefined): BoundedRead | typeof OUTSIDE {
  const real = fs.realpathSync.native(absPath);
  if (within !== undefined && !isInside(real, fs.realpathSync.native(within))) return OUTSIDE;
  const overlaid = overlaidText(absPath, real);
  // Non-blocking, and checked on the open descriptor: a FIFO never blocks the run and nothing but a regular
  // file is read, even if the path changed after it was listed; never more than maxBytes of it.
  return overlaid === undefined ? readBoundedSync(real, maxBytes, true) : boundedText(Buffer.from(overlaid), maxBytes);
}

/**
 * Read a text file for analysis. Never throws: every problem becomes a diagnostic. Invalid UTF-8 is decoded
 * with replacement characters (and reported) so a skill with one bad byte still gets a score.
 */
export async function readTextFile(
  absPath: string,
  displayPath: string,
  maxBytes = MAX_TEXT_BYTES,
  within?: string,
): Promise<ReadResult> {
  let buf: Buffer;
  try {
    const read = readDirect(absPath, maxBytes, within) ?? readResolved(absPath, maxBytes, within);
    if (read === OUTSIDE) {
      return {
        ok: false,
        diagnostic: diagnostic(
          displayPath,
          'file/read-outside',
          'error',
          `symlink points outside ${path.basename(within!) || within}; not followed`,
        ),
      };
    }
    if (read.partial) {
      return {
        ok: false,
        diagnostic: diagnostic(
          displayPath,
          'file/too-large',
          'error',
          `file is ${(read.size / 1048576).toFixed(1)} MiB; files over ${(maxBytes / 1048576).toFixed(0)} MiB ` +
            `are not analysed (an agent would load all of it into context)`,
        ),
      };
    }
    buf = read.bytes;
  } catch (err) {
    const problem =
      err instanceof NotRegularFileError
        ? err.kind === 'a directory'
          ? 'is a directory, expected a file'
          : 'not a regular file (a FIFO, socket or device)'
        : describeFsError(err);
    return { ok: false, diagnostic: diagnostic(displayPath, 'file/unreadable', 'error', problem) };
  }
  const diagnostics: Diagnostic[] = [];
  if (looksBinary(buf)) {
    return {
      ok: false,
      diagnostic: diagnostic(
        displayPath,
        'file/binary',
        'error',
        'binary content (NUL bytes) where Markdown text was expected',
      ),
    };
  }
  // isUtf8 is a native check; decoding with a fatal TextDecoder cost more than reading the file.
  const rawText = buf.toString('utf8');
  if (!isUtf8(buf)) {
    const line = firstInvalidUtf8Line(buf);
    diagnostics.push(
      diagnostic(
        displayPath,
        'file/invalid-utf8',
        'error',
        'invalid UTF-8; bad bytes were replaced with U+FFFD for analysis',
        line,
        1,
      ),
    );
  }
  const hadBom = rawText.charCodeAt(0) === 0xfeff;
  const text = hadBom ? rawText.slice(1) : rawText;
  if (hadBom)
    diagnostics.push(
      diagnostic(displayPath, 'file/bom', 'info', 'UTF-8 byte order mark at start of file (ignored)', 1, 1),
    );
  return { ok: true, file: { text, rawText, bytes: buf.length, hadBom, hasCrlf: text.includes('\r\n'), diagnostics } };
}

/** True when `real` is `root` or lies under it (both already resolved with realpath). */
export function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
