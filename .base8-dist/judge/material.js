/**
 * What a judge reads: the whole SKILL.md and the text files under references/, within a token budget.
 * Tokens are estimated at ~4 characters each (the usual figure for English prose and Markdown), which
 * is close enough to keep a prompt inside a context window without a tokenizer dependency. Whatever
 * does not fit is named in a note, so a score never silently rests on part of a skill.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
export const CHARS_PER_TOKEN = 4;
export const DEFAULT_BUDGET_TOKENS = 24_000;
/** Below this many tokens of room, a partial file is more confusing than useful: leave it out whole. */
const MIN_PARTIAL_TOKENS = 200;
export function estimateTokens(text) {
    return Math.ceil(text.length / CHARS_PER_TOKEN);
}
const fileHeader = (rel, note = '') => `=== FILE: ${rel}${note} ===`;
async function readReference(skill, rel) {
    const buffer = await fsp.readFile(path.join(skill.dir, rel)).catch(() => undefined);
    if (buffer === undefined || buffer.subarray(0, 8000).includes(0))
        return undefined;
    return new TextDecoder('utf-8', { fatal: false }).decode(buffer).replace(/^\uFEFF/, '');
}
/**
 * SKILL.md first (an agent always loads it), then references/ in path order. A file that does not fit
 * is cut at a line boundary when enough room is left, otherwise left out; both are noted.
 */
export async function collectSkillMaterial(skill, budgetTokens = DEFAULT_BUDGET_TOKENS) {
    const budgetChars = Math.max(0, Math.floor(budgetTokens * CHARS_PER_TOKEN));
    const parts = [];
    const files = [];
    const notes = [];
    const omitted = [];
    let used = 0;
    /** `always`: SKILL.md is cut to whatever room there is rather than left out (a judge needs something). */
    const add = (rel, content, always = false) => {
        const tokens = estimateTokens(content);
        const room = budgetChars - used - fileHeader(rel).length - 2;
        if (content.length <= room) {
            parts.push(`${fileHeader(rel)}\n${content}`);
            used += content.length + fileHeader(rel).length + 2;
            files.push({ path: rel, tokens, includedTokens: tokens, text: content });
            return;
        }
        if (room >= MIN_PARTIAL_TOKENS * CHARS_PER_TOKEN || always) {
            const cut = content.slice(0, Math.max(0, room - 80));
            const atLine = cut.lastIndexOf('\n') > 0 ? cut.slice(0, cut.lastIndexOf('\n')) : cut;
            const header = fileHeader(rel, ` (cut: first ${estimateTokens(atLine)} of ${tokens} tokens)`);
            parts.push(`${header}\n${atLine}`);
            used = budgetChars;
            files.push({ path: rel, tokens, includedTokens: estimateTokens(atLine), text: atLine });
            omitted.push(`${rel} cut after ${estimateTokens(atLine)} of ${tokens} tokens`);
            return;
        }
        omitted.push(`${rel} (${tokens} tokens)`);
    };
    add('SKILL.md', skill.text, true);
    const references = skill.files.filter((f) => f.rel.startsWith('references/')).map((f) => f.rel).sort();
    for (const rel of references) {
        const content = await readReference(skill, rel);
        if (content === undefined) {
            notes.push(`${rel} was not shown to the judge: binary or unreadable`);
            continue;
        }
        add(rel, content);
    }
    if (omitted.length > 0) {
        notes.push(`The judge's budget of ${budgetTokens} tokens (~${CHARS_PER_TOKEN} chars/token) left out: ${omitted.join('; ')}`);
    }
    const text = parts.join('\n\n');
    return { text, files, notes, budgetTokens, hasCode: /^\s{0,3}(```|~~~)/m.test(text) };
}
//# sourceMappingURL=material.js.map