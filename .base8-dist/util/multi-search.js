/**
 * Which of many strings occur in a text, in one pass (Aho-Corasick). Checking each with `text.includes()` costs
 * patterns x text, which a folder of thousands of files turns into minutes; this costs text + total pattern length.
 */
export function occurringStrings(text, patterns) {
    // Trie over UTF-16 code units: per node, its children, its failure link and the patterns ending there.
    const children = [new Map()];
    const fail = [0];
    const ends = [[]];
    for (const p of new Set(patterns)) {
        if (p === '')
            continue;
        let node = 0;
        for (let i = 0; i < p.length; i++) {
            const c = p.charCodeAt(i);
            let next = children[node].get(c);
            if (next === undefined) {
                next = children.length;
                children.push(new Map());
                fail.push(0);
                ends.push([]);
                children[node].set(c, next);
            }
            node = next;
        }
        ends[node].push(p);
    }
    // Failure links breadth first; each node's output list is its own patterns plus its failure node's.
    const queue = [...children[0].values()];
    for (let head = 0; head < queue.length; head++) {
        const node = queue[head];
        for (const [c, child] of children[node]) {
            let f = fail[node];
            while (f !== 0 && !children[f].has(c))
                f = fail[f];
            const target = children[f].get(c);
            fail[child] = target !== undefined && target !== child ? target : 0;
            queue.push(child);
        }
    }
    const found = new Set();
    const reported = new Uint8Array(children.length); // a node's outputs are added once, however often it is reached
    let node = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        while (node !== 0 && !children[node].has(c))
            node = fail[node];
        node = children[node].get(c) ?? 0;
        for (let out = node; out !== 0 && reported[out] === 0; out = fail[out]) {
            reported[out] = 1;
            for (const p of ends[out])
                found.add(p);
        }
    }
    return found;
}
//# sourceMappingURL=multi-search.js.map