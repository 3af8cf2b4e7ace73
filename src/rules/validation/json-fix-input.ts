/**
 * What a fix of a JSON file starts from: its text without the byte order mark, and its value. Undefined when an edit
 * could not be certain: the text is not JSON, or a key is written twice (which value Claude Code reads would be a
 * guess).
 */
import { duplicateKeys } from '../../parse/json-duplicates.js';

export function jsonForFix(file: string): { bom: string; text: string; root: unknown } | undefined {
  const bom = file.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const text = bom ? file.slice(1) : file;
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return undefined;
  }
  return duplicateKeys(text).length > 0 ? undefined : { bom, text, root };
}
