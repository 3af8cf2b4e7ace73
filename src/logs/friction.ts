/**
 * Grouping free-text friction points (and suggestions) that say the same thing in different words, so
 * "Missing examples for X" and "missing example for x!" count as one problem, while "Missing examples for X" and
 * "Missing examples for Y" stay two.
 *
 * Text -> key: lowercase, accents and punctuation dropped, stopwords dropped, each word stemmed by a few suffix rules;
 * the key is the sorted set of stems. Two keys are similar when the Jaccard index of their stem sets is at least
 * `FRICTION_SIMILARITY` (0.6: one differing content word in three separates, one extra word in five does not).
 *
 * Clustering is greedy "leader" clustering: distinct keys are taken most frequent first (ties by key), each joins the
 * first group whose leader is similar enough, else leads a new group. Comparing with leaders only (not single-link)
 * stops chains like A~B~C merging A and C that share nothing. Candidate leaders come from an inverted index over
 * prefix tokens (prefix filtering, as in AllPairs/PPJoin: two sets with Jaccard >= t share a token among the first
 * few of each under one global order, rarest first; details at the index below), so a text meets only the leaders
 * that share one of its rarest words, not every leader. Deterministic: no hash-order or random dependence.
 */

/** Jaccard threshold of two stem sets for them to be one friction point. */
export const FRICTION_SIMILARITY = 0.6;

const STOPWORDS = new Set(
  ('a an and are as at be been being but by can could did do does doing for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this those to too very was we were what ' +
    'when where which while who why will with would you your just also about over under more most some any all each').split(' '),
);

/** A few suffix rules: enough to join plurals and verb forms, not a linguistic stemmer. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return undouble(word.slice(0, -3));
  if (word.length > 4 && word.endsWith('ed')) return undouble(word.slice(0, -2));
  if (word.length > 4 && /(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** "stopp" (from stopped) -> "stop", so both verb forms meet; "miss" keeps its double s. */
function undouble(word: string): string {
  return /([^aeiouls])\1$/.test(word) ? word.slice(0, -1) : word;
}

/** The sorted, de-duplicated stems of a text; empty when it holds only stopwords or punctuation. */
export function frictionTokens(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !STOPWORDS.has(w));
  return [...new Set(words.map(stem))].sort();
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const setB = new Set(b);
  let shared = 0;
  for (const t of a) if (setB.has(t)) shared++;
  const union = a.length + b.length - shared;
  return union === 0 ? 1 : shared / union;
}

export interface FrictionGroup {
  /** The most frequent original wording in the group (ties: the alphabetically first). */
  label: string;
  /** How many mentions the group holds. */
  count: number;
  /** Every original wording with its count, most frequent first. */
  members: { text: string; count: number }[];
}

interface KeyStats {
  key: string;
  tokens: string[];
  count: number;
  texts: Map<string, number>;
}

/** Group texts by meaning; groups are returned largest first (ties by label). */
export function groupFriction(texts: Iterable<string>, threshold = FRICTION_SIMILARITY): FrictionGroup[] {
  const byKey = new Map<string, KeyStats>();
  // Logs repeat the same wording many times: normalise each distinct text once.
  const statsOfText = new Map<string, KeyStats>();
  for (const raw of texts) {
    const text = raw.trim();
    if (text === '') continue;
    let stats = statsOfText.get(text);
    if (stats === undefined) {
      const tokens = frictionTokens(text);
      // Text with no content word groups only with the same text (case-insensitively).
      const key = tokens.length > 0 ? tokens.join(' ') : `\u0000${text.toLowerCase()}`;
      stats = byKey.get(key);
      if (stats === undefined) byKey.set(key, (stats = { key, tokens, count: 0, texts: new Map() }));
      statsOfText.set(text, stats);
    }
    stats.count++;
    stats.texts.set(text, (stats.texts.get(text) ?? 0) + 1);
  }
  const keys = [...byKey.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  // Global token order for prefix filtering: rarest first over distinct keys, ties alphabetical.
  const documentFrequency = new Map<string, number>();
  for (const k of keys) for (const t of k.tokens) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  const order = (a: string, b: string): number => (documentFrequency.get(a) ?? 0) - (documentFrequency.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  const ceil = (x: number): number => Math.ceil(x - 1e-9);

  // Leaders are indexed by (token, size). Two sets need an overlap of ceil(t/(1+t) (|A|+|B|)) for Jaccard >= t, and
  // the first shared token (in the global order) lies within each set's first |S| - overlap + 1 tokens. A probe A no
  // smaller than leader B needs at least ceil(2t/(1+t) |B|), so B's shorter "mid" prefix suffices for it; a smaller
  // probe needs only ceil(t |B|), so the rest of B's standard prefix is indexed apart ("extra") and read only by
  // probes smaller than B. Sizes outside t|A|..|A|/t cannot reach the threshold and are not looked at.
  const mid = new Map<string, number[]>();
  const extra = new Map<string, number[]>();
  const slot = (token: string, size: number): string => `${size}\u0000${token}`;
  const add = (index: Map<string, number[]>, key: string, id: number): void => {
    const list = index.get(key);
    if (list === undefined) index.set(key, [id]);
    else list.push(id);
  };

  const leaders: { stats: KeyStats; members: KeyStats[] }[] = [];
  for (const k of keys) {
    const sorted = [...k.tokens].sort(order);
    const size = sorted.length;
    let joined: number | undefined;
    if (size > 0) {
      const candidates = new Set<number>();
      const probe = sorted.slice(0, size - ceil(threshold * size) + 1);
      for (let other = ceil(threshold * size); other <= Math.floor(size / threshold + 1e-9); other++) {
        for (const t of probe) {
          for (const id of mid.get(slot(t, other)) ?? []) candidates.add(id);
          if (other > size) for (const id of extra.get(slot(t, other)) ?? []) candidates.add(id);
        }
      }
      // Leaders in creation order, so the most frequent similar group wins.
      for (const id of [...candidates].sort((a, b) => a - b)) {
        if (jaccard(k.tokens, leaders[id]!.stats.tokens) >= threshold) {
          joined = id;
          break;
        }
      }
    }
    if (joined !== undefined) {
      leaders[joined]!.members.push(k);
      continue;
    }
    const id = leaders.push({ stats: k, members: [k] }) - 1;
    const midLength = size - ceil(((2 * threshold) / (1 + threshold)) * size) + 1;
    const standardLength = size - ceil(threshold * size) + 1;
    sorted.forEach((t, position) => {
      if (position < midLength) add(mid, slot(t, size), id);
      else if (position < standardLength) add(extra, slot(t, size), id);
    });
  }

  const groups = leaders.map(({ members }) => {
    const wordings = new Map<string, number>();
    for (const m of members) for (const [text, n] of m.texts) wordings.set(text, (wordings.get(text) ?? 0) + n);
    const sorted = [...wordings].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    return { label: sorted[0]!.text, count: members.reduce((s, m) => s + m.count, 0), members: sorted };
  });
  return groups.sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
