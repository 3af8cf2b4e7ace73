import { diagnostic } from '../model/diagnostic.js';
import { positionAt } from '../util/text.js';
import { readTextFile } from './fs.js';
/** Parse JSON text; a syntax error becomes a diagnostic at its line and column. */
export function parseJsonText(text, file) {
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch (err) {
        const message = err.message;
        const at = /position (\d+)/.exec(message);
        const pos = at ? positionAt(text, Number(at[1])) : /line (\d+) column (\d+)/.exec(message);
        const line = pos ? ('line' in pos ? pos.line : Number(pos[1])) : 0;
        const column = pos ? ('column' in pos ? pos.column : Number(pos[2])) : 0;
        const reason = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
        return { ok: false, diagnostic: diagnostic(file, 'json/syntax', 'error', `invalid JSON: ${reason}`, line, column) };
    }
}
/** Read, parse and validate a JSON file against a zod schema; every problem is a diagnostic, never a throw. */
export async function readJsonFile(abs, file, schema, ruleId, within) {
    const read = await readTextFile(abs, file, undefined, within);
    if (!read.ok)
        return { ok: false, diagnostics: [read.diagnostic] };
    const parsed = parseJsonText(read.file.text, file);
    if (!parsed.ok)
        return { ok: false, diagnostics: [...read.file.diagnostics, parsed.diagnostic] };
    const result = schema.safeParse(parsed.value);
    if (!result.success) {
        const diagnostics = result.error.issues.slice(0, 10).map((issue) => {
            const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
            const line = locateKey(read.file.text, issue.path);
            const msg = issue.code === 'invalid_type' && issue.path.length === 0 ? `must be a JSON object` : issue.message;
            return diagnostic(file, ruleId, 'error', `${where}: ${msg}`, line, line > 0 ? 1 : 0);
        });
        return { ok: false, diagnostics: [...read.file.diagnostics, ...diagnostics] };
    }
    return { ok: true, value: result.data, raw: parsed.value, diagnostics: read.file.diagnostics };
}
/** Best-effort line of the last named key of a path, for pointing at a schema error. */
export function locateKey(text, path) {
    const key = [...path].reverse().find((p) => typeof p === 'string');
    if (typeof key !== 'string')
        return path.length === 0 ? 1 : 0;
    const idx = text.indexOf(`"${key}"`);
    return idx === -1 ? 0 : positionAt(text, idx).line;
}
//# sourceMappingURL=json.js.map