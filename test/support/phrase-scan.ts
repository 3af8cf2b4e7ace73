/**
 * The two sides every injection-scan parity test compares: the whole-text search the scanner replaced (each
 * pattern as written, with `\p{L}` and `\p{N}`, not the compiled one with explicit ranges, so the expansion is
 * checked too) and the scanner's own matches, both as sorted `pattern@index:"text"` strings.
 */
import type { Phrase } from '../../src/rules/injection/phrase.js';
import { phraseMatches } from '../../src/rules/injection/scan.js';

export function referenceMatches(text: string, phrases: readonly Phrase[]): string[] {
  const out: string[] = [];
  phrases.forEach((p, n) => {
    // A pattern without anchors (structure.ts's requests) is searched in every text.
    if (p.anchors.length > 0 && !p.anchors.some((a) => text.includes(a))) return;
    for (const m of text.matchAll(new RegExp(p.source, p.flags.replace('y', ''))))
      out.push(`${n}@${m.index}:${JSON.stringify(m[0])}`);
  });
  return out.sort();
}

export function scannedMatches(text: string, phrases: readonly Phrase[]): string[] {
  return phraseMatches(text, phrases)
    .map((m) => `${phrases.indexOf(m.phrase)}@${m.index}:${JSON.stringify(m.text)}`)
    .sort();
}

/**
 * What `run` returns and the start of each pattern source it passed to the RegExp constructor (a seam on the global
 * constructor for the call): how the scan tests see that a scan compiled nothing.
 */
export function regExpsConstructedBy<T>(run: () => T): { result: T; made: string[] } {
  const Native = RegExp;
  const made: string[] = [];
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args: [string, string?]) {
      made.push(String(args[0]).slice(0, 40));
      return new target(...args);
    },
  });
  try {
    return { result: run(), made };
  } finally {
    globalThis.RegExp = Native;
  }
}
