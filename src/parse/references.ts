/**
 * The text of a skill's reference files, for rules that read what an agent (or a judge) would load
 * from references/. Read once, on first use, and only regular files: the walk lists no FIFOs or devices,
 * and the file is opened non-blocking and checked again after opening, so a file swapped for a FIFO
 * between the walk and the read cannot block the run.
 */
import { readBoundedSync } from '../util/bounded-read.js';
import { overlaidText } from './overlay.js';
import { looksBinary, MAX_TEXT_BYTES } from './fs.js';
import { takeSniffedBytes, type TreeEntry } from './walk.js';

export interface ReferenceText {
  /** Path relative to the skill folder, e.g. `references/style.md`. */
  rel: string;
  /** UTF-8 text, BOM removed, invalid bytes replaced. */
  text: string;
}

/** Each listed file's text once read (undefined: binary, oversized or unreadable), for the life of its listing. */
const texts = new WeakMap<TreeEntry, { text: string | undefined }>();

/**
 * The text of one listed file (binary, oversized or unreadable: undefined). Read at most once per listing, from the
 * walk's sniff when that read all of it: the rules that follow mentions and the rules that read references share it.
 */
export function readListedText(file: TreeEntry, maxBytes = MAX_TEXT_BYTES): string | undefined {
  if (file.binary || file.size > maxBytes) return undefined;
  const known = texts.get(file);
  if (known !== undefined) return known.text;
  const text = readRegularText(file, maxBytes);
  texts.set(file, { text });
  return text;
}

function readRegularText(file: TreeEntry, maxBytes: number): string | undefined {
  const overlaid = overlaidText(file.abs);
  if (overlaid !== undefined) return overlaid.replace(/^\uFEFF/, '');
  try {
    // The walk keeps a sniffed file's bytes only when it found no NUL in them: they are not looked at again.
    const sniffed = takeSniffedBytes(file);
    const bytes = sniffed ?? readWhole(file.abs, maxBytes);
    if (bytes === undefined || (sniffed === undefined && looksBinary(bytes))) return undefined;
    return bytes.toString('utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined; // unreadable files are reported by the walk and by validate, not here
  }
}

function readWhole(abs: string, maxBytes: number): Buffer | undefined {
  const read = readBoundedSync(abs, maxBytes, true);
  return read.partial ? undefined : read.bytes;
}

/** Text files under references/ (any depth), in path order; binary, oversized and unreadable files are left out. */
export function readReferenceTexts(files: readonly TreeEntry[], maxBytes = MAX_TEXT_BYTES): ReferenceText[] {
  const out: ReferenceText[] = [];
  for (const file of files) {
    if (!file.rel.startsWith('references/')) continue;
    const text = readListedText(file, maxBytes);
    if (text !== undefined) out.push({ rel: file.rel, text });
  }
  return out;
}
