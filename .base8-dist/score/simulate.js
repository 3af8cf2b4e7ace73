import path from 'node:path';
import { applyEdits } from '../checks/improvements/edits.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { analyseMarkdown } from '../parse/markdown.js';
import { markdownComponentFromText } from '../parse/plugin.js';
/**
 * The skill as it would be after `edits`, built in memory (no file is touched): SKILL.md re-parsed, written files
 * added to the file list with their sizes, deleted ones removed. Only the files the edits touch are read, and
 * only from the edits themselves; everything else is the original document's.
 */
export function editedSkill(skill, edits) {
    const files = new Map([['SKILL.md', skill.text]]);
    const changed = applyEdits(files, edits);
    const text = files.get('SKILL.md') ?? '';
    const written = new Map();
    for (const rel of changed)
        if (rel !== 'SKILL.md')
            written.set(rel, files.get(rel) ?? null);
    const entries = skill.files.filter((f) => !written.has(f.rel));
    const dirs = new Set(skill.dirs);
    for (const [rel, content] of written) {
        if (content === null)
            continue;
        entries.push({ rel, abs: path.join(skill.dir, rel), size: Buffer.byteLength(content), binary: false, blank: content.trim() === '' });
        for (let d = path.posix.dirname(rel); d !== '.' && d !== ''; d = path.posix.dirname(d))
            dirs.add(d);
    }
    // Edits that leave the frontmatter block as it was (most of them) reuse its parse: on a large frontmatter the
    // YAML parse costs more than everything else a simulation does.
    const head = skill.frontmatter.present && skill.text.endsWith(skill.body) ? skill.text.slice(0, skill.text.length - skill.body.length) : undefined;
    const frontmatter = head !== undefined && text.startsWith(head) ? { ...skill.frontmatter, body: text.slice(head.length) } : parseFrontmatter(text, skill.file);
    const data = frontmatter.data ?? {};
    let markdown;
    // A frontmatter-only edit leaves the body as it was: its Markdown facts are reused, not rebuilt.
    const sameBody = frontmatter.body === skill.body;
    return {
        ...skill,
        bytes: Buffer.byteLength(text),
        text,
        rawText: text,
        frontmatter,
        name: typeof data.name === 'string' ? data.name : undefined,
        description: typeof data.description === 'string' ? data.description : '',
        body: frontmatter.body,
        bodyStartLine: frontmatter.bodyStartLine,
        get markdown() {
            return (markdown ??= sameBody ? skill.markdown : analyseMarkdown(frontmatter.body));
        },
        files: entries,
        dirs: [...dirs],
        hasReferencesDir: dirs.has('references'),
        hasAssetsDir: dirs.has('assets'),
        diagnostics: [],
    };
}
/**
 * An agent or command as it would be after `edits` (paths relative to its folder), re-parsed in memory exactly as
 * reading the edited file would parse it. Edits to other files are ignored: a component is one file.
 */
export function editedComponent(component, edits) {
    const name = path.basename(component.abs);
    const files = new Map([[name, component.text]]);
    applyEdits(files, edits);
    return markdownComponentFromText(files.get(name) ?? '', component);
}
//# sourceMappingURL=simulate.js.map