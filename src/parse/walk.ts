/**
 * Listing a skill's or plugin's files: each folder once, links followed only while they stay inside the folder
 * walked, FIFOs and devices never opened, and the files whose text is read anyway sniffed whole so they are opened
 * once. Synchronous behind an async signature, like the reads in ./fs.ts.
 */
import type { Dirent } from 'node:fs';
import * as fs from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { NotRegularFileError, readBoundedSync } from '../util/bounded-read.js';
import { describeFsError, isInside, looksBinary, SNIFF_BYTES } from './fs.js';

export interface TreeEntry {
  /** Path relative to the walk root, with forward slashes. */
  rel: string;
  abs: string;
  /** Bytes; 0 in a walk told not to size files (`sized: false`) and, until the parse sets it, for SKILL.md. */
  size: number;
  /** True when the first 8 KB hold a NUL byte; only sniffed for paths the caller asks about (else false). */
  binary: boolean;
  /** True when the whole file is whitespace (sniffed paths only). */
  blank?: boolean;
}

export interface WalkResult {
  files: TreeEntry[];
  /** Folders (relative), empty ones included. */
  dirs: string[];
  diagnostics: Diagnostic[];
}

const SKIP_DIRS = new Set(['node_modules', '.git']);

/** What the sniff reads of a file whose text is read whole anyway (`readWhole`): most references are smaller. */
const WHOLE_SNIFF_BYTES = 64 * 1024;

/**
 * True when every byte is one that String#trim removes from a Latin-1 reading of the bytes (tab, line feed, vertical
 * tab, form feed, carriage return, space, no-break space), without decoding them: it stops at the first other byte.
 */
export function allWhitespace(bytes: Uint8Array): boolean {
  for (const b of bytes) if (!((b >= 0x09 && b <= 0x0d) || b === 0x20 || b === 0xa0)) return false;
  return true;
}

/** Sniffed text files the sniff read whole: their bytes, so reading the text later opens nothing again. */
const wholeSniffs = new WeakMap<TreeEntry, Buffer>();

/**
 * The bytes of a listed text file when the walk's sniff already read all of it, else undefined. Taken once: the
 * reader keeps the text, so the bytes are let go.
 */
export function takeSniffedBytes(file: TreeEntry): Buffer | undefined {
  const bytes = wholeSniffs.get(file);
  wholeSniffs.delete(file);
  return bytes;
}

/**
 * List files under `root` recursively. Symlinks are followed only while they stay inside `root` and do not
 * revisit a directory (loops are reported, not followed).
 */
export async function walkFiles(
  root: string,
  displayRoot: string,
  options: {
    maxFiles?: number;
    sniff?: (rel: string) => boolean;
    /**
     * Sniffed paths whose whole text the caller reads: the sniff reads up to WHOLE_SNIFF_BYTES of them, so a file
     * that size or smaller is opened once, not again for its text.
     */
    readWhole?: (rel: string) => boolean;
    /** Entries of folders listed earlier in the run, by absolute path: each one used is taken out. */
    listed?: Map<string, Dirent[]>;
    /**
     * A file the caller opens itself straight after the walk (SKILL.md), by relative path: not stat()ed here, its
     * `size` is 0 until the caller sets it from that read.
     */
    sizedByCaller?: string;
    /**
     * false: files are not stat()ed for their size (every `size` is 0), for a caller that needs only their names,
     * such as a content hash that reads each file anyway. Sniffed files are sized by their read all the same.
     */
    sized?: boolean;
  } = {},
): Promise<WalkResult> {
  const maxFiles = options.maxFiles ?? 10_000;
  const files: TreeEntry[] = [];
  const dirs: string[] = [];
  const diagnostics: Diagnostic[] = [];
  // The root's real path matters only to a link (does it stay inside, does it lead back): resolved at the first one.
  let realRoot: string | undefined;
  const visited = new Set<string>();
  const resolveRoot = (): string => {
    if (realRoot === undefined) visited.add((realRoot = fs.realpathSync.native(root))); // one realpath(3)
    return realRoot;
  };
  const display = (rel: string) => (displayRoot ? `${displayRoot}/${rel}` : rel);

  // A root that cannot be resolved is reported as itself (it is missing, or a dangling link), not as its listing.
  const unreadableFolder = (relDir: string, err: unknown): Diagnostic => {
    if (relDir === '') {
      try {
        resolveRoot();
      } catch (rootErr) {
        return diagnostic(displayRoot, 'file/unreadable', 'error', describeFsError(rootErr));
      }
    }
    return diagnostic(display(relDir || '.'), 'file/unreadable', 'error', describeFsError(err));
  };

  async function visit(dirAbs: string, relDir: string): Promise<void> {
    let entries = options.listed?.get(dirAbs);
    if (entries !== undefined) {
      // Each folder is walked once a run: the entries are not needed again, and holding them costs memory.
      options.listed!.delete(dirAbs);
    } else {
      try {
        entries = fs.readdirSync(dirAbs, { withFileTypes: true });
      } catch (err) {
        diagnostics.push(unreadableFolder(relDir, err));
        return;
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (files.length >= maxFiles) {
        diagnostics.push(
          diagnostic(
            display(relDir || '.'),
            'file/too-many',
            'warning',
            `more than ${maxFiles} files; the rest were not listed`,
          ),
        );
        return;
      }
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      const abs = path.join(dirAbs, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let target: string | undefined;
      if (entry.isSymbolicLink()) {
        try {
          target = fs.realpathSync(abs);
        } catch (err) {
          diagnostics.push(
            diagnostic(
              display(rel),
              'file/broken-symlink',
              'warning',
              `symlink cannot be resolved: ${describeFsError(err)}`,
            ),
          );
          continue;
        }
        let inside: boolean;
        try {
          inside = isInside(target, resolveRoot());
        } catch {
          inside = false; // the root is gone since it was listed: follow nothing
        }
        if (!inside) {
          diagnostics.push(
            diagnostic(
              display(rel),
              'file/symlink-escapes',
              'warning',
              'symlink points outside the skill directory; not followed',
            ),
          );
          continue;
        }
        const st = fs.statSync(target, { throwIfNoEntry: false });
        isDir = st?.isDirectory() ?? false;
        isFile = st?.isFile() ?? false;
        if (isDir && visited.has(target)) {
          diagnostics.push(diagnostic(display(rel), 'file/symlink-loop', 'warning', 'symlink loop; not followed'));
          continue;
        }
      }
      if (
        !isDir &&
        !isFile &&
        (entry.isFIFO() ||
          entry.isSocket() ||
          entry.isCharacterDevice() ||
          entry.isBlockDevice() ||
          target !== undefined)
      ) {
        diagnostics.push(
          diagnostic(
            display(rel),
            'file/special',
            'warning',
            'not a regular file or folder (a FIFO, socket or device); not read',
          ),
        );
        continue;
      }
      if (isDir) {
        if (SKIP_DIRS.has(entry.name)) continue;
        // Only a symlink can lead back into a visited folder, so only symlinks need resolving.
        if (target !== undefined) visited.add(target);
        dirs.push(rel);
        await visit(abs, rel);
      } else if (isFile) {
        let size: number;
        let binary = false;
        let blank = false;
        let whole: Buffer | undefined;
        try {
          if (options.sniff && options.sniff(rel)) {
            const head = readBoundedSync(abs, options.readWhole?.(rel) ? WHOLE_SNIFF_BYTES : SNIFF_BYTES);
            size = head.size;
            binary = looksBinary(head.bytes);
            blank = !head.partial && head.bytes.length <= SNIFF_BYTES && allWhitespace(head.bytes);
            // Binary files are never read as text, so their bytes are not kept.
            if (!head.partial && !binary) whole = head.bytes;
          } else if (options.sized === false || (rel === options.sizedByCaller && target === undefined)) {
            size = 0;
          } else {
            size = fs.statSync(abs).size;
          }
        } catch (err) {
          if (err instanceof NotRegularFileError) continue; // replaced by a FIFO or device since it was listed
          diagnostics.push(diagnostic(display(rel), 'file/unreadable-entry', 'warning', describeFsError(err)));
          continue;
        }
        const listed: TreeEntry = { rel, abs, size, binary, ...(blank ? { blank } : {}) };
        if (whole !== undefined) wholeSniffs.set(listed, whole);
        files.push(listed);
      }
    }
  }

  await visit(root, '');
  return { files, dirs, diagnostics };
}
