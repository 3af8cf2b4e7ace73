/**
 * A small glob matcher for `ignorePatterns` (Node 20 has no `path.matchesGlob`; a dependency would be larger than
 * this). Paths are relative, with forward slashes. Supported: `*` (any characters but `/`), `**` (any number of
 * whole segments), `?` (one character but `/`), `[abc]`, `[a-z]`, `[!abc]`, `{a,b}` (no nesting), `\` escapes,
 * and gitignore's two habits that users expect: a pattern without a `/` (other than a trailing one) matches a
 * name at any depth, and a pattern that matches a folder matches everything inside it. A leading `!` re-includes
 * what an earlier pattern excluded (the last matching pattern wins). Matching is segment by segment, so its cost is
 * linear in the path for each pattern, however many `**` it has (no regex backtracking).
 */

export interface IgnoreMatcher {
  /** Whether a relative path (forward slashes, no leading `./`) is ignored. */
  ignores(relPath: string): boolean;
  readonly patterns: readonly string[];
}

interface Compiled {
  negated: boolean;
  /** One matcher per path segment; `**` is any number of whole segments. */
  segments: (RegExp | '**')[];
}

const REGEX_SPECIAL = /[.+^$()|\\]/;

/** The regex source for one path segment of a pattern (no `/` inside). */
function translate(glob: string, pattern: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '\\') {
      const next = glob[++i];
      if (next === undefined) throw new GlobError(pattern, 'ends with a lone backslash');
      out += escapeChar(next);
    } else if (ch === '*') {
      if (glob[i + 1] === '*') throw new GlobError(pattern, '`**` must be a whole path segment (as in `a/**/b`)');
      out += '[^/]*';
    } else if (ch === '?') out += '[^/]';
    else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) throw new GlobError(pattern, 'has a `[` without its `]`');
      let body = glob.slice(i + 1, close);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      out += `[${negate ? '^/' : ''}${body.replace(/[\\\]^]/g, (c) => `\\${c}`)}]`;
      i = close;
    } else if (ch === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) throw new GlobError(pattern, 'has a `{` without its `}`');
      const inner = glob.slice(i + 1, close);
      if (inner.includes('{')) throw new GlobError(pattern, 'nested `{}` is not supported');
      out += `(?:${inner
        .split(',')
        .map((alt) => translate(alt, pattern))
        .join('|')})`;
      i = close;
    } else out += escapeChar(ch);
  }
  return out;
}

function escapeChar(ch: string): string {
  return REGEX_SPECIAL.test(ch) || ch === '*' || ch === '?' || ch === '[' || ch === ']' || ch === '{' || ch === '}'
    ? `\\${ch}`
    : ch;
}

/** A pattern that cannot be compiled; the config loader turns it into a message naming the file and line. */
export class GlobError extends Error {
  constructor(
    readonly pattern: string,
    readonly problem: string,
  ) {
    super(`ignore pattern "${pattern}" ${problem}`);
  }
}

function compile(pattern: string): Compiled {
  let p = pattern.trim();
  const negated = p.startsWith('!');
  if (negated) p = p.slice(1);
  p = p.replace(/^\.\//, '').replace(/\/+$/, '');
  // gitignore: a slash at the start or in the middle anchors the pattern; otherwise it matches at any depth.
  const anchored = p.includes('/');
  p = p.replace(/^\/+/, '');
  if (p === '') throw new GlobError(pattern, 'is empty');
  if (/\{[^}]*\/[^}]*\}/.test(p)) throw new GlobError(pattern, 'has a `/` inside `{}`, which is not supported');
  const segments = p
    .split('/')
    .map((seg): RegExp | '**' => (seg === '**' ? '**' : new RegExp(`^${translate(seg, pattern)}$`)));
  return { negated, segments: anchored ? segments : ['**', ...segments] };
}

/**
 * Whether the pattern matches the path or one of its parent folders (everything inside a matched folder is
 * matched). Dynamic programming over (pattern segment, path segment): O(pattern x path), whatever the `**`s.
 */
function matches(c: Compiled, parts: readonly string[]): boolean {
  // reach[j]: the pattern segments so far match the first j path segments.
  let reach = new Array<boolean>(parts.length + 1).fill(false);
  reach[0] = true;
  for (const seg of c.segments) {
    const next = new Array<boolean>(parts.length + 1).fill(false);
    if (seg === '**') {
      let any = false;
      for (let j = 0; j <= parts.length; j++) next[j] = any ||= reach[j]!;
    } else {
      for (let j = 0; j < parts.length; j++) if (reach[j] && seg.test(parts[j]!)) next[j + 1] = true;
    }
    reach = next;
  }
  return reach.some((r, j) => r && j > 0);
}

/** Compile patterns once; throws GlobError for a pattern that cannot be read. */
export function ignoreMatcher(patterns: readonly string[]): IgnoreMatcher {
  const compiled = patterns.map(compile);
  return {
    patterns,
    ignores(relPath: string): boolean {
      const p = relPath.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
      if (p === '' || p === '.' || p.startsWith('../') || p === '..') return false;
      const parts = p.split('/');
      let ignored = false;
      for (const c of compiled) if (c.negated === ignored && matches(c, parts)) ignored = !c.negated;
      return ignored;
    },
  };
}
