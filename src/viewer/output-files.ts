/**
 * The files of a run's outputs/ folder, read for the review page: text and code inline, Markdown rendered by our
 * own safe renderer, images and PDFs as data URIs, anything else listed with its size. Every size is capped and
 * the whole page has a budget, so one huge output cannot make the page unusable; whatever is cut says so.
 */
import { isUtf8 } from 'node:buffer';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../parse/fs.js';
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

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { textBytes: 256 * 1024, mediaBytes: 8 * 1024 * 1024, filesPerRun: 200 };

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

/** Cut UTF-8 at a byte count without splitting a character. */
function cutUtf8(bytes: Buffer, limit: number): string {
  let end = Math.min(limit, bytes.length);
  // Step back over continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

async function readOutputFile(dir: string, name: string, limits: OutputLimits, budget: PageBudget): Promise<OutputFileView> {
  const full = path.join(dir, ...name.split('/'));
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(full);
  } catch (err) {
    return { name, bytes: 0, kind: 'binary', note: `could not be read: ${describeFsError(err)}` };
  }
  const ext = path.extname(name).toLowerCase();
  const size = bytes.length;
  const mediaMime = IMAGE_TYPES[ext] ?? (ext === '.pdf' ? 'application/pdf' : undefined);
  if (mediaMime !== undefined) {
    const kind = ext === '.pdf' ? 'pdf' : 'image';
    if (size > limits.mediaBytes) return { name, bytes: size, kind, mime: mediaMime, note: `not embedded: larger than ${formatBytes(limits.mediaBytes)}` };
    // base64 is 4/3 the size: that is what the page carries.
    if (!budget.take(Math.ceil(size / 3) * 4)) return { name, bytes: size, kind, mime: mediaMime, note: 'not embedded: the page already holds as much as it can' };
    return { name, bytes: size, kind, mime: mediaMime, dataUri: `data:${mediaMime};base64,${bytes.toString('base64')}` };
  }
  if (!looksLikeText(bytes.subarray(0, Math.min(size, limits.textBytes + 4)))) return { name, bytes: size, kind: 'binary' };
  const truncated = size > limits.textBytes;
  const shown = Math.min(size, limits.textBytes);
  if (!budget.take(shown)) return { name, bytes: size, kind: 'text', note: 'not shown: the page already holds as much as it can' };
  const text = cutUtf8(bytes, shown);
  const note = truncated ? `showing the first ${formatBytes(shown)} of ${formatBytes(size)}` : undefined;
  const cut = truncated ? { truncated: true, note } : {};
  if (MARKDOWN_EXTENSIONS.has(ext)) return { name, bytes: size, kind: 'markdown', html: renderMarkdown(text), ...cut };
  return { name, bytes: size, kind: 'text', text, ...cut };
}

/** Every file of an outputs/ folder (none when it does not exist), in name order. */
export async function readOutputs(outputsDir: string, limits: OutputLimits, budget: PageBudget): Promise<{ files: OutputFileView[]; problems: string[] }> {
  let listing: { files: string[]; more: number };
  try {
    listing = await listFiles(outputsDir, limits.filesPerRun);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], problems: [] };
    return { files: [], problems: [`${outputsDir}: ${describeFsError(err)}`] };
  }
  const files: OutputFileView[] = [];
  for (const name of listing.files) files.push(await readOutputFile(outputsDir, name, limits, budget));
  const problems = listing.more > 0 ? [`${outputsDir}: ${listing.more} more file(s) not listed (only the first ${limits.filesPerRun} are shown)`] : [];
  return { files, problems };
}
