import { filesUnder } from '../../parse/skill.js';
import { normaliseRelative } from '../../util/paths.js';
import { countMatches } from '../../util/text.js';
import { DIRECTIVE } from '../shared/directives.js';
const cache = new WeakMap();
/** Runs of anything but letters (ASCII and the common non-ASCII letter blocks) become one space. */
const NOT_LETTERS = /[^a-z\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]+/g;
/**
 * Lowercase, turn digits, punctuation and list markers into spaces and collapse them, so "Step 3: do X." and
 * "Step 4: do X!" compare equal. (A plain character class: the Unicode-property version dominated scoring time.)
 */
export function normaliseLine(line) {
    return line.toLowerCase().replace(NOT_LETTERS, ' ').trim();
}
/** NOT_LETTERS that keeps line breaks, for normalising a whole body in one pass. */
const NOT_LETTERS_OR_NEWLINE = /[^a-z\n\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]+/g;
/** At least three words (two spaces) in a normalised line; cheaper than splitting. */
function hasThreeWords(line) {
    const first = line.indexOf(' ');
    return first !== -1 && line.indexOf(' ', first + 1) !== -1;
}
export function signals(skill) {
    const hit = cache.get(skill);
    if (hit)
        return hit;
    const md = skill.markdown;
    const prose = [];
    for (const line of md.proseLines) {
        const trimmed = line.trim();
        if (trimmed !== '')
            prose.push(trimmed);
    }
    const proseText = prose.join('\n');
    const proseLower = proseText.toLowerCase();
    // All prose lines normalised in one regex pass over the joined text, not one call per line.
    const normalised = proseLower.replace(NOT_LETTERS_OR_NEWLINE, ' ').split('\n').map((l) => l.trim());
    // Only lines with some substance take part in the duplicate count: table rules, "---" and one-word lines
    // repeat in any well-formed document.
    const substantive = normalised.filter(hasThreeWords);
    const distinct = new Set(substantive).size;
    const distinctRatio = substantive.length === 0 ? 1 : distinct / substantive.length;
    // Real skills keep >= 90% distinct lines; below 80% the text is padded, and the bonuses it earns shrink in proportion.
    const integrity = Math.min(1, distinctRatio / 0.8);
    // .gitkeep-style placeholders keep a folder in git; they are not content and not padding.
    const real = (f) => !/(^|\/)\.(?:gitkeep|keep)$/.test(f.rel);
    const refs = filesUnder(skill, 'references').filter((f) => !f.binary && real(f));
    const assets = filesUnder(skill, 'assets').filter(real);
    const isEmpty = (f) => f.size === 0 || f.blank === true;
    const linkedPaths = new Set();
    for (const link of md.links) {
        if (link.path !== undefined && !link.path.startsWith('/'))
            linkedPaths.add(normaliseRelative(link.path));
    }
    for (const code of md.inlineCode) {
        if (/^(?:\.\/)?(?:references|assets|scripts)\/[^\s]+$/.test(code.value))
            linkedPaths.add(normaliseRelative(code.value));
    }
    const result = {
        prose,
        directives: countMatches(proseText, DIRECTIVE),
        normalised,
        proseText,
        proseLower,
        distinctRatio,
        integrity,
        referenceFiles: refs.filter((f) => !isEmpty(f)).map((f) => f.rel),
        emptyReferenceFiles: refs.filter(isEmpty).map((f) => f.rel),
        assetFiles: assets.filter((f) => !isEmpty(f)).map((f) => f.rel),
        emptyAssetFiles: assets.filter(isEmpty).map((f) => f.rel),
        linkedPaths,
        // File lines = frontmatter lines + body lines, without scanning the text again.
        lineCount: skill.bodyStartLine - 1 + md.lineCount,
    };
    cache.set(skill, result);
    return result;
}
const NEGATION = /\b(?:not|never|don't|do not|doesn't|does not|avoid|except|unless|no need to|instead of)\b/i;
/** Trigger phrases, as PluginEval looks for them plus "use for"/"use to" forms. */
const TRIGGER = /\b(?:should\s+be\s+)?use[ds]?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever|for|to)\b|\buse\s+proactively\b|\btrigger(?:s|ed)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b|\bwhen\s+the\s+user\s+(?:asks|wants|needs|mentions|says)\b/gi;
const CLAUSE_END = new Set(['.', ';', '!', '?', ':', '\n']);
const NEGATION_ALL = new RegExp(NEGATION.source, 'gi');
const BLANK = /\s/;
/**
 * Split a description into clauses and keep trigger phrases whose clause does not negate them. One forward pass:
 * the clause start, the last comma and the last negation are carried along as the matches advance (searching
 * backwards from every match was quadratic on a long description full of trigger phrases).
 */
export function analyseTriggers(description) {
    const positive = [];
    const negated = [];
    const negations = [...description.matchAll(NEGATION_ALL)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    let clauseStart = 0; // just after the last clause-ending character before the scan position
    let afterComma = false; // a comma in this clause with only blanks after it so far
    let scanned = 0;
    let nextNegation = 0;
    let lastNegationStart = -1; // start of the last negation that ends before the current match
    for (const m of description.matchAll(TRIGGER)) {
        for (; scanned < m.index; scanned++) {
            const ch = description[scanned];
            if (CLAUSE_END.has(ch)) {
                clauseStart = scanned + 1;
                afterComma = false;
            }
            else if (ch === ',')
                afterComma = true;
            else if (afterComma && !BLANK.test(ch))
                afterComma = false;
        }
        while (nextNegation < negations.length && negations[nextNegation].end <= m.index)
            lastNegationStart = negations[nextNegation++].start;
        // "..., use when X" starts a new clause at the comma; "do not use for X, or when Y" does not.
        const clauseNegated = !afterComma && lastNegationStart >= clauseStart;
        (clauseNegated ? negated : positive).push(m[0]);
    }
    return { positive, negated };
}
const ACTIVATION_WORDS = /\b(?:use|used|uses|trigger|triggers|invoke|invoked|proactively|automatically|always|whenever|activate|activates)\b/gi;
const OVERBROAD = /\b(?:anything|everything|any task|every task|all tasks|always use)\b/i;
/** Descriptions written for the scorer rather than the model: piles of activation words, repeats, catch-alls. */
export function analyseStuffing(description) {
    const words = description.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
    const reasons = [];
    const activation = description.match(ACTIVATION_WORDS)?.length ?? 0;
    if (activation >= 5 && activation / Math.max(1, words.length) > 0.08)
        reasons.push(`${activation} activation words in ${words.length}`);
    // Topic words repeat in honest descriptions ("agent" nine times in plugin-dev's agent skill), so only
    // activation vocabulary, clause counts and catch-all claims are treated as signs of writing for the scorer.
    const whenClauses = description.match(/\bwhen\b/gi)?.length ?? 0;
    if (whenClauses >= 7)
        reasons.push(`${whenClauses} "when" clauses`);
    // A catch-all alone can be an honest (if vague) description; with a pile of activation words it is gaming.
    if (OVERBROAD.test(description) && activation >= 4)
        reasons.push('claims to apply to anything');
    return { stuffed: reasons.length > 0, reasons };
}
//# sourceMappingURL=signals.js.map