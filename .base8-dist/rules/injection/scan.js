import { startSet } from './prefixes.js';
/**
 * The trie, stored flat: `ascii[node * 128 + code]` is the child for an ASCII code unit (0: none), other
 * code units go through `other` (key `node * 65536 + code`). Node 0 is the root.
 */
class StartTrie {
    ascii = new Int32Array(128 * 64);
    other = new Map();
    /** Per node: patterns whose start literal ends there, and patterns one of whose anchors ends there. */
    starts = [undefined];
    anchors = [undefined];
    get size() {
        return this.starts.length;
    }
    flagCache;
    /** Per node, HAS_STARTS and HAS_ANCHORS bits (built once, after the last `add`). */
    flags() {
        if (this.flagCache === undefined) {
            this.flagCache = new Uint8Array(this.size);
            for (let node = 0; node < this.size; node++) {
                this.flagCache[node] = (this.starts[node] ? HAS_STARTS : 0) | (this.anchors[node] ? HAS_ANCHORS : 0);
            }
        }
        return this.flagCache;
    }
    next(node, code) {
        return code < 128 ? this.ascii[node * 128 + code] : (this.other.get(node * 65536 + code) ?? 0);
    }
    add(literal, pattern, table) {
        this.flagCache = undefined;
        let node = 0;
        for (let i = 0; i < literal.length; i++) {
            const code = literal.charCodeAt(i);
            let child = this.next(node, code);
            if (child === 0) {
                child = this.size;
                this.starts.push(undefined);
                this.anchors.push(undefined);
                if (code < 128) {
                    if ((child + 1) * 128 > this.ascii.length) {
                        const grown = new Int32Array(this.ascii.length * 2);
                        grown.set(this.ascii);
                        this.ascii = grown;
                    }
                    this.ascii[node * 128 + code] = child;
                }
                else
                    this.other.set(node * 65536 + code, child);
            }
            node = child;
        }
        const list = (this[table][node] ??= []);
        if (!list.includes(pattern))
            list.push(pattern);
    }
}
const HAS_STARTS = 1;
const HAS_ANCHORS = 2;
/** The compiled form of one phrase table. */
class PhraseScanner {
    phrases;
    trie = new StartTrie();
    /** Non-sticky copies of the patterns whose start set is unknown (searched over the whole text), by number. */
    whole = new Map();
    /** Patterns that may match at any line start. */
    lineStart = [];
    constructor(phrases) {
        this.phrases = phrases;
        phrases.forEach((p, n) => {
            if (!p.re.sticky)
                throw new Error(`phrase pattern ${p.re.source.slice(0, 40)} is not sticky`);
            for (const anchor of p.anchors)
                this.trie.add(anchor, n, 'anchors');
            const starts = startSetOf(p);
            if (starts === undefined) {
                this.whole.set(n, new RegExp(p.re.source, p.re.flags.replace('y', '')));
                return;
            }
            for (const literal of starts.literals)
                this.trie.add(literal, n, 'starts');
            if (starts.lineStarts)
                this.lineStart.push(n);
        });
    }
    /**
     * One pass over the text: which patterns have an anchor in it, and where start literals occur (as
     * pairs of position and trie node; node -1 stands for a line start).
     */
    walk(text) {
        const { ascii, other, anchors } = this.trie;
        const flags = this.trie.flags();
        const anchored = new Uint8Array(this.phrases.length);
        let hits = new Int32Array(1024);
        let count = 0;
        const lineStarts = this.lineStart.length > 0;
        const n = text.length;
        let previous = 10; // as if a line break came before the text: position 0 is a line start
        for (let i = 0; i < n; i++) {
            const first = text.charCodeAt(i);
            if (count + 4 > hits.length) {
                const grown = new Int32Array(hits.length * 2);
                grown.set(hits);
                hits = grown;
            }
            // `^` in multiline mode matches after \n, \r, U+2028 and U+2029.
            if (lineStarts && (previous === 10 || previous === 13 || previous === 0x2028 || previous === 0x2029)) {
                hits[count++] = i;
                hits[count++] = -1;
            }
            previous = first;
            let node = first < 128 ? ascii[first] : (other.get(first) ?? 0);
            for (let j = i + 1; node !== 0; j++) {
                const flag = flags[node];
                if (flag !== 0) {
                    if ((flag & HAS_STARTS) !== 0) {
                        if (count + 2 > hits.length) {
                            const grown = new Int32Array(hits.length * 2);
                            grown.set(hits);
                            hits = grown;
                        }
                        hits[count++] = i;
                        hits[count++] = node;
                    }
                    if ((flag & HAS_ANCHORS) !== 0)
                        for (const p of anchors[node])
                            anchored[p] = 1;
                }
                if (j >= n)
                    break;
                const code = text.charCodeAt(j);
                node = code < 128 ? ascii[node * 128 + code] : (other.get(node * 65536 + code) ?? 0);
            }
        }
        return { hits, count, anchored };
    }
    matches(text) {
        const { hits, count, anchored } = this.walk(text);
        // Candidate positions per pattern, ascending, only for patterns whose anchors occur: a pattern cannot
        // match without one (and a pattern that starts with optional space is not tried along every run of
        // spaces in a text that cannot hold it).
        const candidates = this.phrases.map(() => []);
        for (let h = 0; h < count; h += 2) {
            const at = hits[h];
            const node = hits[h + 1];
            for (const p of node === -1 ? this.lineStart : this.trie.starts[node]) {
                if (anchored[p] === 0)
                    continue;
                const list = candidates[p];
                if (list[list.length - 1] !== at)
                    list.push(at);
            }
        }
        const out = [];
        this.phrases.forEach((phrase, p) => {
            if (anchored[p] === 0)
                return;
            const whole = this.whole.get(p);
            if (whole !== undefined) {
                for (const m of text.matchAll(whole))
                    out.push({ index: m.index, text: m[0], phrase });
                return;
            }
            const re = phrase.re;
            let from = 0; // where the previous match ended: a global search never returns overlapping matches
            for (const at of candidates[p]) {
                if (at < from)
                    continue;
                re.lastIndex = at;
                const m = re.exec(text);
                if (m === null)
                    continue;
                out.push({ index: at, text: m[0], phrase });
                from = at + Math.max(1, m[0].length);
            }
        });
        return out;
    }
}
/** Start sets by phrase: the look-alike view's table (English) shares its phrases with the full one. */
const startSets = new WeakMap();
function startSetOf(p) {
    if (!startSets.has(p))
        startSets.set(p, startSet(p.re.source));
    return startSets.get(p);
}
const scanners = new WeakMap();
/** Every match of every phrase in `text` (already lower case), grouped by phrase in table order. */
export function phraseMatches(text, phrases) {
    let scanner = scanners.get(phrases);
    if (scanner === undefined)
        scanners.set(phrases, (scanner = new PhraseScanner(phrases)));
    return scanner.matches(text);
}
//# sourceMappingURL=scan.js.map