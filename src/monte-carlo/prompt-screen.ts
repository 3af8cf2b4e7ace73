/**
 * Screens the prompts the judge wrote before any agent runs them: prompts are the Monte Carlo layer's sampling unit,
 * so a set padded with repeats ("write release notes for v1.2" and "... for v1.3") or with schema filler ("example
 * prompt 1", "<user request>") would count as evidence it is not. Kept: distinct real requests, in the order written.
 *
 * - filler: a placeholder ({{x}}, <x>, [insert ...], lorem ipsum, TODO), or fewer than two words left once generic
 *   words (example, sample, prompt, query, request, test, positive, negative, ...) and numbers are removed;
 * - duplicate: the same words as a prompt kept before it, ignoring case, punctuation and numbers;
 * - near duplicate: word sets with Jaccard similarity >= NEAR_DUPLICATE_JACCARD to a prompt kept before it (on
 *   either side: a near miss that repeats a positive is not a near miss).
 *
 * Cost: each side is cut to a few times the prompts asked for before the pairwise comparison, so a reply listing
 * thousands of prompts costs no more than one listing the right number.
 */

/** Word-set Jaccard similarity at or above which two prompts are one prompt reworded. */
export const NEAR_DUPLICATE_JACCARD = 0.8;
/** How many written prompts per asked-for prompt are screened at most (the rest are never looked at). */
const SCREEN_FACTOR = 4;

export type RejectedWhy = 'filler' | 'duplicate' | 'near duplicate';

export interface ScreenedPrompts {
  positives: string[];
  negatives: string[];
  rejected: { query: string; shouldTrigger: boolean; why: RejectedWhy }[];
}

const GENERIC = new Set(
  (
    'a an the this that some any my your our their of for to in on with and or is be here there ' +
    'example examples sample samples prompt prompts query queries request requests question questions test tests ' +
    'testing positive negative near miss misses user users placeholder string text input output item items dummy ' +
    'generic case cases number no one two three four five six seven eight nine ten first second third fourth ' +
    'fifth etc something thing things task tasks skill'
  ).split(' '),
);

const PLACEHOLDER = [
  /\{\{?[^{}]{0,40}\}\}?/,
  /<\s*[a-z][\w -]{0,40}>/i,
  /\[\s*(insert|your|placeholder|prompt|query|request|example|user)[^\]]{0,60}\]/i,
  /\blorem ipsum\b/i,
  /^\W*(todo|tbd|n\/?a|none|null|undefined|xxx+|\.{3,}|…)\W*$/i,
];

/** Lower-case words of letters (numbers and punctuation dropped), after Unicode compatibility folding. */
function wordsOf(query: string): string[] {
  return query
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0);
}

function isFiller(query: string, words: readonly string[]): boolean {
  if (PLACEHOLDER.some((p) => p.test(query))) return true;
  return words.filter((w) => w.length >= 2 && !GENERIC.has(w)).length < 2;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}

/**
 * The distinct real prompts of each side, up to the numbers asked for, and every prompt left out with why (see the
 * file comment). Positives are screened first, so a near miss that repeats a positive is the one dropped.
 */
export function screenGeneratedPrompts(
  written: { positives: readonly string[]; negatives: readonly string[] },
  asked: { positives: number; negatives: number },
): ScreenedPrompts {
  const out: ScreenedPrompts = { positives: [], negatives: [], rejected: [] };
  const kept: { key: string; words: Set<string> }[] = [];
  const sides = [
    { list: written.positives, into: out.positives, limit: asked.positives, shouldTrigger: true },
    { list: written.negatives, into: out.negatives, limit: asked.negatives, shouldTrigger: false },
  ];
  for (const side of sides) {
    for (const raw of side.list.slice(0, SCREEN_FACTOR * Math.max(1, side.limit))) {
      if (side.into.length >= side.limit) break;
      const query = raw.trim();
      if (query.length === 0) continue;
      const words = wordsOf(query);
      const reject = (why: RejectedWhy): void => {
        out.rejected.push({ query, shouldTrigger: side.shouldTrigger, why });
      };
      if (isFiller(query, words)) {
        reject('filler');
        continue;
      }
      const key = words.join(' ');
      const set = new Set(words);
      if (kept.some((k) => k.key === key)) reject('duplicate');
      else if (kept.some((k) => jaccard(k.words, set) >= NEAR_DUPLICATE_JACCARD)) reject('near duplicate');
      else {
        kept.push({ key, words: set });
        side.into.push(query);
      }
    }
  }
  return out;
}

/** "2 filler ("example prompt 1", ...), 1 near duplicate (...)": what was left out, a few quoted. */
export function rejectedText(rejected: ScreenedPrompts['rejected']): string {
  const quote = (q: string): string => JSON.stringify(q.length > 60 ? `${q.slice(0, 57)}...` : q);
  const groups = new Map<RejectedWhy, string[]>();
  for (const r of rejected) {
    const list = groups.get(r.why);
    if (list) list.push(r.query);
    else groups.set(r.why, [r.query]);
  }
  return [...groups]
    .map(
      ([why, queries]) =>
        `${queries.length} ${why} (${queries.slice(0, 2).map(quote).join(', ')}${queries.length > 2 ? ', ...' : ''})`,
    )
    .join(', ');
}

/**
 * A prompt file's set with repeats removed (the same text on the same side, ignoring case and spacing): a repeated
 * line is one prompt, and counting it twice would count its runs as two prompts' evidence. Order kept.
 */
export function distinctPrompts<P extends { query: string; shouldTrigger: boolean }>(
  prompts: readonly P[],
): { prompts: P[]; repeated: number } {
  const seen = new Set<string>();
  const out: P[] = [];
  for (const p of prompts) {
    const key = `${p.shouldTrigger ? '+' : '-'}${p.query.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return { prompts: out, repeated: prompts.length - out.length };
}

/** Why adaptive sampling cannot stop early on this set: a side with fewer distinct prompts than the minimum. */
export function fewPromptsNote(
  prompts: readonly { shouldTrigger: boolean }[],
  minPrompts: number,
  hasNegatives: boolean,
): string | undefined {
  const positives = prompts.filter((p) => p.shouldTrigger).length;
  const negatives = prompts.length - positives;
  if (positives >= minPrompts && (!hasNegatives || negatives >= minPrompts)) return undefined;
  return (
    `adaptive sampling cannot stop early: ${positives} positive and ${negatives} near-miss prompt(s), fewer than ` +
    `${minPrompts} distinct prompts on a side (--mc-min-prompts); runs continue to N`
  );
}
