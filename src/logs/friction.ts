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
 * PAIRS of each set's rarest stems (prefix filtering, as in AllPairs/PPJoin, with the overlap bound taken one token
 * further; details at the index below), so a text meets only the leaders sharing two of its rarest words, and the
 * result is exactly what comparing with every leader gives (tested against that). Measured: 100k random texts
 * (99k distinct, Zipf over 2,000 words) ~2 s; a token-only index took 8-20 s, comparing with every leader minutes.
 * Deterministic: no hash-order or random dependence.
 */

/** Jaccard threshold of two stem sets for them to be one friction point. */
export const FRICTION_SIMILARITY = 0.6;

const STOPWORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does doing for from had has have how i if in into ' +
    'is it its ' +
    'me my no not of on or our so than that the their them then there these they this those to too very was we ' +
    'were what ' +
    'when where which while who why will with would you your just also about over under more most some any all each'
  ).split(' '),
);

/** A few suffix rules: enough to join plurals and verb forms, not a linguistic stemmer. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return undouble(word.slice(0, -3));
  if (word.length > 4 && word.endsWith('ed')) return undouble(word.slice(0, -2));
  if (word.length > 4 && /(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
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

function jaccardWithSet(a: readonly string[], b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.length + b.size - shared);
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
  const order = (a: string, b: string): number =>
    (documentFrequency.get(a) ?? 0) - (documentFrequency.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  const ceil = (x: number): number => Math.ceil(x - 1e-9);

  // Exact candidate search by pairs of rare tokens. Sets A and B reach Jaccard t only with an overlap of at least
  // a = ceil(t/(1+t) (|A|+|B|)) tokens; a >= 2 whenever a merge is possible (a one-stem set is similar only to
  // itself, and keys are distinct). Take the first two shared tokens x < y in the global order (rarest first): y lies
  // within the first |A| - a + 2 tokens of A and the first |B| - a + 2 of B. So a leader is indexed under each pair of
  // its first tokens, keyed by its size and the position of the pair's second token; a probe looks up, for each
  // leader size that can reach t (t|A| .. |A|/t), only its own pairs and positions that bound allows. Pairs of
  // mid-frequency words are rare, so the buckets stay short even on 100k distinct texts.
  // Keys are numbers (size, then the two tokens' ranks in the global order): cheaper than strings by a lot here.
  const rank = new Map<string, number>([...documentFrequency.keys()].sort(order).map((t, i) => [t, i]));
  const width = rank.size + 1;
  const index = new Map<number, { ids: number[]; seconds: number[] }>();
  const slot = (size: number, x: number, y: number): number => (size * width + x) * width + y;
  const overlapNeeded = (a: number, b: number): number => ceil((threshold / (1 + threshold)) * (a + b));

  const leaders: { stats: KeyStats; members: KeyStats[] }[] = [];
  const leaderSets: Set<string>[] = [];
  // One slot per possible leader: which probe last checked it (a Set per probe would cost more than the checks).
  const seen = new Int32Array(keys.length);
  let stamp = 0;
  for (const k of keys) {
    const sorted = k.tokens.map((t) => rank.get(t)!).sort((a, b) => a - b);
    const size = sorted.length;
    let joined: number | undefined;
    if (size > 1) {
      stamp++;
      for (let other = Math.max(2, ceil(threshold * size)); other <= Math.floor(size / threshold + 1e-9); other++) {
        const needed = overlapNeeded(size, other);
        if (needed > Math.min(size, other)) continue;
        const probeDepth = Math.min(size - needed + 1, size - 1);
        const leaderDepth = other - needed + 1;
        for (let i2 = 1; i2 <= probeDepth; i2++) {
          for (let i1 = 0; i1 < i2; i1++) {
            const bucket = index.get(slot(other, sorted[i1]!, sorted[i2]!));
            if (bucket === undefined) continue;
            // Ids ascend in a bucket: stop at the best leader found so far, the most frequent similar group wins.
            for (let n = 0; n < bucket.ids.length; n++) {
              const id = bucket.ids[n]!;
              if (joined !== undefined && id >= joined) break;
              if (bucket.seconds[n]! > leaderDepth || seen[id] === stamp) continue;
              seen[id] = stamp;
              if (jaccardWithSet(k.tokens, leaderSets[id]!) >= threshold) joined = id;
            }
          }
        }
      }
    }
    if (joined !== undefined) {
      leaders[joined]!.members.push(k);
      continue;
    }
    const id = leaders.push({ stats: k, members: [k] }) - 1;
    leaderSets.push(new Set(k.tokens));
    // The deepest second position any probe looks at: the smallest overlap a similar set can need is ceil(t |B|).
    const deepest = size - Math.max(2, ceil(threshold * size)) + 1;
    for (let j2 = 1; j2 <= Math.min(deepest, size - 1); j2++) {
      for (let j1 = 0; j1 < j2; j1++) {
        const key = slot(size, sorted[j1]!, sorted[j2]!);
        const bucket = index.get(key);
        if (bucket === undefined) index.set(key, { ids: [id], seconds: [j2] });
        else {
          bucket.ids.push(id);
          bucket.seconds.push(j2);
        }
      }
    }
  }

  const groups = leaders.map(({ members }) => {
    const wordings = new Map<string, number>();
    for (const m of members) for (const [text, n] of m.texts) wordings.set(text, (wordings.get(text) ?? 0) + n);
    const sorted = [...wordings]
      .map(([text, count]) => ({ text, count }))
      .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    return { label: sorted[0]!.text, count: members.reduce((s, m) => s + m.count, 0), members: sorted };
  });
  return groups.sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
