/**
 * Undo the cheap disguises an injection uses before the phrase patterns run: invisible characters
 * (zero-width space/joiners, word joiner, BOM, soft hyphen, bidi controls) are dropped, compatibility
 * forms are folded with NFKC (full-width `ｉｇｎｏｒｅ`, mathematical bold letters), and, in a second
 * view, Cyrillic and Greek look-alikes become the Latin letters they imitate (`іgnоrе`).
 *
 * The look-alike view is separate because folding Cyrillic in place would break the Russian patterns:
 * each view keeps a map back to the original offsets so findings point at the real line and column.
 */
/** Characters that render as nothing (or only change direction) and can split a word without showing. */
const INVISIBLE_RANGES = [
    [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180e],
    [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x2064], [0x2066, 0x206f], [0x3164, 0x3164], [0xfe00, 0xfe0f],
    [0xfeff, 0xfeff], [0xffa0, 0xffa0],
];
const isInvisible = (code) => INVISIBLE_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
/**
 * Cyrillic, Greek and a few Latin-extension letters that look like basic Latin ones (after the Unicode
 * confusables list, restricted to the letters a phrase could be spelled with).
 */
const CONFUSABLES = {
    // Cyrillic lower case
    а: 'a', в: 'b', е: 'e', ё: 'e', з: '3', і: 'i', ї: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
    ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ɡ: 'g', ԍ: 'g', ү: 'y', ѵ: 'v', ꙇ: 'i',
    // Cyrillic upper case
    А: 'A', В: 'B', Е: 'E', Ё: 'E', З: '3', І: 'I', Ї: 'I', Ј: 'J', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X',
    Ѕ: 'S', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Һ: 'H', Ӏ: 'I', Ү: 'Y', Ѵ: 'V',
    // Greek
    α: 'a', β: 'b', γ: 'y', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ϲ: 'c', ϳ: 'j',
    Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C',
    // Latin look-alikes outside ASCII that NFKC keeps
    ı: 'i', ȷ: 'j', ɑ: 'a', ɩ: 'i', ɪ: 'i', ʟ: 'l', ᴀ: 'a', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ᴊ: 'j', ᴋ: 'k', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
};
const CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');
export function originalOffset(view, offset) {
    if (view.origin === undefined)
        return offset;
    if (offset < view.origin.length)
        return view.origin[offset];
    return view.origin.length === 0 ? 0 : view.origin[view.origin.length - 1] + 1;
}
/**
 * Invisible characters dropped and NFKC applied, run by run of non-ASCII text (ASCII is already
 * normal, so a plain-English file is returned as is and costs one scan). NFKC of a run can change its
 * length (ligatures); its characters then map proportionally onto the run, which keeps columns close.
 */
export function normaliseForDetection(text) {
    if (!/[\u0080-\uffff]/.test(text))
        return { text, origin: undefined };
    const parts = [];
    // Offsets go straight into a typed array (grown when NFKC lengthens a run): a plain array of numbers
    // pushed one by one was most of this function's cost on long texts.
    let origin = new Int32Array(text.length + 16);
    let size = 0;
    const put = (offset) => {
        if (size === origin.length) {
            const grown = new Int32Array(origin.length * 2);
            grown.set(origin);
            origin = grown;
        }
        origin[size++] = offset;
    };
    let last = 0;
    for (const run of text.matchAll(/[\u0080-\uffff]+/g)) {
        const start = run.index;
        for (let i = last; i < start; i++)
            put(i);
        parts.push(text.slice(last, start));
        const kept = [];
        let stripped = '';
        const value = run[0];
        for (let i = 0; i < value.length; i++) {
            const ch = value[i];
            if (isInvisible(ch.charCodeAt(0)))
                continue;
            stripped += ch;
            kept.push(start + i);
        }
        const folded = stripped.normalize('NFKC');
        parts.push(folded);
        if (folded.length === kept.length)
            for (const k of kept)
                put(k);
        else
            for (let i = 0; i < folded.length; i++)
                put(kept[Math.min(kept.length - 1, Math.floor((i * kept.length) / folded.length))] ?? start);
        last = start + value.length;
    }
    for (let i = last; i < text.length; i++)
        put(i);
    parts.push(text.slice(last));
    return { text: parts.join(''), origin: origin.slice(0, size) };
}
/** True when the text holds a letter that only the look-alike view would change. */
export function hasConfusables(text) {
    CONFUSABLE_CHARS.lastIndex = 0;
    return CONFUSABLE_CHARS.test(text);
}
/** The look-alike view: same length and offsets as `view`, each confusable letter replaced by its Latin twin. */
export function latinise(view) {
    return { text: view.text.replace(CONFUSABLE_CHARS, (ch) => CONFUSABLES[ch] ?? ch), origin: view.origin };
}
//# sourceMappingURL=normalise.js.map