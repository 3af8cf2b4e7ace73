/**
 * The files of a run's outputs/ folder, read for the review page: text and code inline, Markdown rendered safely
 * (markdown.ts), images and PDFs as data URIs, anything else listed with its size. Every file is read only up to
 * its cap (a 2 GB output costs what its first 256 KB cost) and the whole page has a budget, so one huge output
 * cannot make the page unusable; whatever is cut says so.
 */
import { isUtf8 } from 'node:buffer';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../../parse/fs.js';
import { type BoundedRead, NotRegularFileError, readBounded, utf8PrefixLength } from '../../util/bounded-read.js';
import { renderMarkdown } from './markdown.js';
import type { OutputFileView } from './model.js';

export interface OutputLimits {
  /** Text shown inline per file, in bytes; the rest is cut with a note. */
  textBytes: number;
  /** Largest image or PDF embedded as a data URI. */
  mediaBytes: number;
  /** Files listed per run: an agent that wrote thousands of files still gives a usable page. */
  filesPerRun: number;
}

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = {
  textBytes: 256 * 1024,
  mediaBytes: 8 * 1024 * 1024,
  filesPerRun: 200,
};

/**
 * Bytes embedded in one page, shared by every run (current and previous). Past it, files are listed with a note.
 * Mutable on purpose: collection spends it as it goes.
 */
export class PageBudget {
  constructor(public remaining: number) {}
  take(bytes: number): boolean {
    if (bytes > this.remaining) return false;
    this.remaining -= bytes;
    return true;
  }
}

export const DEFAULT_PAGE_BUDGET_BYTES = 96 * 1024 * 1024;

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  // An SVG shown through <img> runs no script and loads nothing: safe to show.
  '.svg': 'image/svg+xml',
};
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown']);

/** Bytes as people read them: 512 B, 3.4 KB, 12.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Files under `dir`, relative with `/`, sorted; symlinks are not followed (they could point anywhere on disk). */
async function listFiles(dir: string, limit: number): Promise<{ files: string[]; more: number }> {
  const files: string[] = [];
  let more = 0;
  const walk = async (rel: string): Promise<void> => {
    const entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        if (files.length < limit) files.push(child);
        else more++;
      }
    }
  };
  await walk('');
  return { files, more };
}

/** Text is UTF-8 without NUL bytes; anything else is shown as a binary file. */
const looksLikeText = (bytes: Buffer): boolean => !bytes.includes(0) && isUtf8(bytes);

async function readOutputFile(
  dir: string,
  name: string,
  limits: OutputLimits,
  budget: PageBudget,
): Promise<OutputFileView> {
  const full = path.join(dir, ...name.split('/'));
  const ext = path.extname(name).toLowerCase();
  const mediaMime = IMAGE_TYPES[ext] ?? (ext === '.pdf' ? 'application/pdf' : undefined);
  let read: BoundedRead;
  try {
    // Media is embedded whole or not at all; text is shown up to its limit. Nothing past either is read.
    read = await readBounded(full, mediaMime === undefined ? limits.textBytes : limits.mediaBytes);
  } catch (err) {
    return {
      name,
      bytes: 0,
      kind: 'binary',
      note:
        `could not be ` +
        `read: ${err instanceof NotRegularFileError ? `${err.kind}, not a regular file` : describeFsError(err)}`,
    };
  }
  const size = read.size;
  if (mediaMime !== undefined) {
    const kind = ext === '.pdf' ? 'pdf' : 'image';
    if (read.partial)
      return {
        name,
        bytes: size,
        kind,
        mime: mediaMime,
        note: `not embedded: larger than ${formatBytes(limits.mediaBytes)}`,
      };
    // base64 is 4/3 the size: that is what the page carries.
    if (!budget.take(Math.ceil(size / 3) * 4))
      return {
        name,
        bytes: size,
        kind,
        mime: mediaMime,
        note: 'not embedded: the page already holds as much as it can',
      };
    return {
      name,
      bytes: size,
      kind,
      mime: mediaMime,
      dataUri: `data:${mediaMime};base64,${read.bytes.toString('base64')}`,
    };
  }
  const shown = read.bytes.subarray(0, utf8PrefixLength(read.bytes, read.partial));
  if (!looksLikeText(shown)) return { name, bytes: size, kind: 'binary' };
  if (!budget.take(shown.length))
    return { name, bytes: size, kind: 'text', note: 'not shown: the page already holds as much as it can' };
  const text = shown.toString('utf8');
  const cut = read.partial
    ? { truncated: true, note: `showing the first ${formatBytes(shown.length)} of ${formatBytes(size)}` }
    : {};
  if (MARKDOWN_EXTENSIONS.has(ext))
    return { name, bytes: size, kind: 'markdown', html: await renderMarkdown(text), ...cut };
  return { name, bytes: size, kind: 'text', text, ...cut };
}

/** A turn of the event loop: the review server answers other requests between one file's rendering and the next. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Every file of an outputs/ folder (none when it does not exist), in name order; `pause` runs after each file. */
export async function readOutputs(
  outputsDir: string,
  limits: OutputLimits,
  budget: PageBudget,
  pause: () => Promise<void> = nextTurn,
): Promise<{ files: OutputFileView[]; problems: string[] }> {
  let listing: { files: string[]; more: number };
  try {
    listing = await listFiles(outputsDir, limits.filesPerRun);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], problems: [] };
    return { files: [], problems: [`${outputsDir}: ${describeFsError(err)}`] };
  }
  const files: OutputFileView[] = [];
  for (const name of listing.files) {
    files.push(await readOutputFile(outputsDir, name, limits, budget));
    await pause();
  }
  const problems =
    listing.more > 0
      ? [`${outputsDir}: ${listing.more} more file(s) not listed (only the first ${limits.filesPerRun} are shown)`]
      : [];
  return { files, problems };
}
