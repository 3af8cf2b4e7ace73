/** `./references/a/../b.md` -> `references/b.md`; keeps leading `..` segments (they escape the skill). */
export function normaliseRelative(url) {
    let decoded = url;
    try {
        decoded = decodeURIComponent(url);
    }
    catch {
        // keep the raw text: a malformed escape is still a path we can report
    }
    const out = [];
    for (const part of decoded.split('/')) {
        if (part === '' || part === '.')
            continue;
        if (part === '..' && out.length > 0 && out[out.length - 1] !== '..')
            out.pop();
        else
            out.push(part);
    }
    return out.join('/');
}
//# sourceMappingURL=paths.js.map