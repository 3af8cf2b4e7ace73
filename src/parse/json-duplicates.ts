/**
 * Keys written twice in one JSON object. JSON.parse keeps the last value and says nothing, and the key locator
 * (locateKeyPosition) finds the first: a file with a duplicate would be read with one value and reported at the
 * line of the other. Frontmatter YAML already refuses duplicates (frontmatter/yaml-syntax); this is the same check
 * for JSON text, one pass with an explicit stack (no recursion, so no nesting depth can overflow it).
 */
import { lineLocator } from '../util/text.js';

export interface DuplicateKey {
  /** Path of the duplicated key: the objects and array indexes that hold it, then the key. */
  path: PropertyKey[];
  /** Offset of the second (later) occurrence's opening quote, and of the first's. */
  offset: number;
  firstOffset: number;
}

interface Frame {
  kind: '{' | '[';
  parent: Frame | undefined;
  /** The step from the parent to this container (its key, or its index). */
  step: PropertyKey | undefined;
  keys: Map<string, number>;
  key: string | undefined;
  index: number;
  expectKey: boolean;
}

/** Just past the closing quote of the string opening at `i`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return text.length;
}

function pathOf(frame: Frame): PropertyKey[] {
  const steps: PropertyKey[] = [];
  for (let f: Frame | undefined = frame; f?.parent !== undefined; f = f.parent) steps.push(f.step!);
  return steps.reverse();
}

/** Every key that repeats one before it in the same object, in text order. `text` must be valid JSON. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  let top: Frame | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (top?.kind === '{' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end)) as string;
        const first = top.keys.get(key);
        if (first === undefined) top.keys.set(key, i);
        else found.push({ path: [...pathOf(top), key], offset: i, firstOffset: first });
        top.key = key;
        top.expectKey = false;
      }
      i = end - 1;
    } else if (c === '{' || c === '[') {
      const step = top === undefined ? undefined : top.kind === '{' ? top.key : top.index;
      top = { kind: c, parent: top, step, keys: new Map(), key: undefined, index: 0, expectKey: c === '{' };
    } else if (c === '}' || c === ']') {
      top = top?.parent;
    } else if (c === ',' && top !== undefined) {
      if (top.kind === '{') top.expectKey = true;
      else top.index++;
    }
  }
  return found;
}

/** A duplicate at its line and column, with the one message the config file and the manifests give for it. */
export interface LocatedDuplicate {
  line: number;
  column: number;
  message: string;
}

/**
 * `a.b: duplicate key "b", first at line 3; JSON keeps only the last value, so write the key once` (the first's
 * column too when both are on one line), for each of `duplicates` found in `text`. Lines are found once for all.
 */
export function locateDuplicates(text: string, duplicates: readonly DuplicateKey[]): LocatedDuplicate[] {
  const lineOf = lineLocator(text);
  const at = (offset: number) => ({ line: lineOf(offset), column: offset - text.lastIndexOf('\n', offset - 1) });
  return duplicates.map((d) => {
    const here = at(d.offset);
    const first = at(d.firstOffset);
    const key = String(d.path[d.path.length - 1]);
    const firstAt = `line ${first.line}${first.line === here.line ? `, column ${first.column}` : ''}`;
    return {
      ...here,
      message:
        `${d.path.join('.')}: duplicate key "${key}", first at ${firstAt}; JSON keeps only the last value, so ` +
        `write the key once`,
    };
  });
}
