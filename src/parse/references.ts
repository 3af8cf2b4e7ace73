/**
 * The text of a skill's reference files, for rules that read what an agent (or a judge) would load
 * from references/. Read once, on first use, and only regular files: the walk lists no FIFOs or devices,
 * and the file is opened non-blocking and checked again after opening, so a file swapped for a FIFO
 * between the walk and the read cannot block the run.
 */
import { readBoundedSync } from '../util/bounded-read.js';
import { overlaidText } from './overlay.js';
import { MAX_TEXT_BYTES, type TreeEntry } from './fs.js';

export interface ReferenceText {
  /** Path relative to the skill folder, e.g. `references/style.md`. */
  rel: string;
  /** UTF-8 text, BOM removed, invalid bytes replaced. */
  text: string;
}

/** The text of one listed file (binary, oversized or unreadable: undefined). */
export function readListedText(file: TreeEntry, maxBytes = MAX_TEXT_BYTES): string | undefined {
  return file.binary || file.size > maxBytes ? undefined : readRegularText(file.abs, maxBytes);
}

function readRegularText(abs: string, maxBytes: number): string | undefined {
  const overlaid = overlaidText(abs);
  if (overlaid !== undefined) return overlaid.replace(/^\uFEFF/, '');
  try {
    const read = readBoundedSync(abs, maxBytes, true);
    if (read.partial || read.bytes.subarray(0, 8000).includes(0)) return undefined;
    return read.bytes.toString('utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined; // unreadable files are reported by the walk and by validate, not here
  }
}

/** Text files under references/ (any depth), in path order; binary, oversized and unreadable files are left out. */
export function readReferenceTexts(files: readonly TreeEntry[], maxBytes = MAX_TEXT_BYTES): ReferenceText[] {
  const out: ReferenceText[] = [];
  for (const file of files) {
    if (!file.rel.startsWith('references/') || file.binary || file.size > maxBytes) continue;
    const text = readRegularText(file.abs, maxBytes);
    if (text !== undefined) out.push({ rel: file.rel, text });
  }
  return out;
}
