/**
 * The literal text every match of a regular expression's body must contain, read off the body: the secret-format
 * catalogue's tests check each row's `literals` against it (src/data/secret-formats.ts), so a row whose literals do
 * not hold for its body fails. Sound by construction: only what every match of an alternative contains is taken;
 * anything this reader does not understand ends a literal run, and an alternative with no usable run gives the whole
 * body no literals. Case-sensitive.
 */

/** Strings in one run: a cross product past this many is cut (a new run starts). */
const MAX_STRINGS = 32;
/** A literal shorter than this is found in most text: it gates nothing. */
const MIN_LITERAL = 2;

/** One atom of an expression: the strings it matches when it is a literal (or literal alternatives), else undefined. */
interface Atom {
  literals: string[] | undefined;
  /** An escape this reader does not follow (`\u0041`, `\p{L}`, a back reference): the format gets no literals. */
  unknown?: boolean;
}

/** Index just past the group or class that opens at `at` (its closing character), or -1. */
function closingOf(body: string, at: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = at; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      if (i === at) return closingOfClass(body, at);
      inClass = true;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

function closingOfClass(body: string, at: number): number {
  for (let i = at + 1; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === ']') return i + 1;
  }
  return -1;
}

/** The top-level alternatives of `body` (split at each `|` outside groups and classes). */
function alternatives(body: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') {
      const end = closingOf(body, i);
      if (end === -1) return [body];
      i = end - 1;
    } else if (c === '|') {
      out.push(body.slice(from, i));
      from = i + 1;
    }
  }
  out.push(body.slice(from));
  return out;
}

/** The one string an expression with no special characters matches, or undefined. */
function pureLiteral(source: string): string | undefined {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[++i];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      out += next;
    } else if ('[](){}|?*+.^$'.includes(c)) return undefined;
    else out += c;
  }
  return out;
}

/** The atom at `at` and the index after it (its quantifier not included). */
function atomAt(body: string, at: number): [Atom, number] {
  const c = body[at]!;
  if (c === '\\') {
    const next = body[at + 1];
    // \d, \w, \b, \s ...: a class or an assertion, not a literal; other letter or digit escapes are not followed.
    if (next !== undefined && 'dDwWsSbB'.includes(next)) return [{ literals: undefined }, at + 2];
    if (next === undefined || /[A-Za-z0-9]/.test(next)) return [{ literals: undefined, unknown: true }, at + 2];
    return [{ literals: [next] }, at + 2];
  }
  if (c === '[') {
    const end = closingOfClass(body, at);
    return [{ literals: undefined }, end === -1 ? body.length : end];
  }
  if (c === '(') {
    const end = closingOf(body, at);
    if (end === -1) return [{ literals: undefined }, body.length];
    if (!body.startsWith('(?:', at)) return [{ literals: undefined }, end];
    const inner = alternatives(body.slice(at + 3, end - 1)).map(pureLiteral);
    return [{ literals: inner.every((s): s is string => s !== undefined) ? inner : undefined }, end];
  }
  if ('.^$'.includes(c)) return [{ literals: undefined }, at + 1];
  return [{ literals: [c] }, at + 1];
}

/** The quantifier at `at`: whether it allows zero repetitions, and the index after it (and after a lazy `?`). */
function quantifierAt(body: string, at: number): { optional: boolean; repeated: boolean; end: number } {
  const c = body[at];
  let end = at;
  let optional = false;
  let repeated = false;
  if (c === '?' || c === '*' || c === '+') {
    optional = c !== '+';
    repeated = c !== '?';
    end = at + 1;
  } else if (c === '{') {
    const m = /^\{(\d+)(,\d*)?\}/.exec(body.slice(at));
    if (m !== null) {
      optional = Number(m[1]) === 0;
      repeated = m[2] !== undefined || Number(m[1]) > 1;
      end = at + m[0].length;
    }
  }
  if (end > at && body[end] === '?') end++;
  return { optional, repeated, end };
}

/** Literal strings one alternative's every match contains (at least one of them), or undefined. */
function alternativeLiterals(alternative: string): string[] | undefined {
  const runs: string[][] = [];
  let run: string[] = [''];
  const endRun = (): void => {
    if (run.some((s) => s !== '')) runs.push(run);
    run = [''];
  };
  for (let at = 0; at < alternative.length; ) {
    const [atom, next] = atomAt(alternative, at);
    if (atom.unknown === true) return undefined;
    const q = quantifierAt(alternative, next);
    at = q.end;
    const literals = atom.literals;
    if (literals === undefined || q.optional) {
      endRun();
      continue;
    }
    if (run.length * literals.length > MAX_STRINGS) endRun();
    run = run.flatMap((s) => literals.map((l) => s + l));
    // `ab+c` holds `ab` and `bc`, not always `abc`: a repeated atom ends the run it closes and starts the next.
    if (q.repeated) {
      endRun();
      run = [...literals];
    }
  }
  endRun();
  const shortest = (r: string[]): number => Math.min(...r.map((s) => s.length));
  return runs
    .filter((r) => shortest(r) >= MIN_LITERAL)
    .sort((a, b) => shortest(b) - shortest(a) || a.length - b.length)[0];
}

/**
 * Strings at least one of which every match of `body` contains, or undefined when the body gives none usable (the
 * format must then always be run).
 */
export function requiredLiterals(body: string): readonly string[] | undefined {
  const all: string[] = [];
  for (const alternative of alternatives(body)) {
    const literals = alternativeLiterals(alternative);
    if (literals === undefined) return undefined;
    all.push(...literals);
  }
  return [...new Set(all)];
}
