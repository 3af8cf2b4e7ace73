import path from 'node:path';
import { diagnostic } from '../model/diagnostic.js';
import { fileLine, pathIndex } from '../parse/skill.js';
import { occurringStrings } from '../util/multi-search.js';
import { normaliseRelative } from '../util/paths.js';
/** Links and file references in SKILL.md resolve inside the skill; nothing in references/ is orphaned or empty. */
export const skillFiles = {
    id: 'skill/files',
    appliesTo: 'skill',
    description: 'Relative links resolve and stay inside the skill folder; mentioned references/assets/scripts files exist; no orphan, empty or binary reference files; body under 500 lines.',
    check(skill) {
        const out = [];
        const { files: present, dirsWithFiles } = pathIndex(skill);
        const isDir = (rel) => dirsWithFiles.has(rel);
        const linked = new Set();
        for (const link of skill.markdown.links) {
            const url = link.path;
            if (url === undefined)
                continue;
            const line = fileLine(skill, link.line);
            if (url.startsWith('/')) {
                out.push(diagnostic(skill.file, 'links/absolute-path', 'warning', `link to absolute path ${url} will not exist on other machines`, line, link.column));
                continue;
            }
            const target = normaliseRelative(url);
            if (target.startsWith('..')) {
                // Links to sibling skills or plugin agents are cross-references; anything else escaping is a problem.
                if (!/^\.\.\/(?:[a-z0-9-]+\/SKILL\.md|[a-z0-9-]+\/?$|(?:\.\.\/)?agents\/)/.test(url)) {
                    out.push(diagnostic(skill.file, 'links/escapes-skill', 'warning', `link ${url} points outside the skill folder; it will break when the skill is installed on its own`, line, link.column));
                }
                continue;
            }
            linked.add(target);
            if (!present.has(target) && !isDir(target)) {
                out.push(diagnostic(skill.file, 'links/broken', 'error', `link target ${url} does not exist`, line, link.column));
            }
        }
        for (const code of skill.markdown.inlineCode) {
            const m = /^(?:\.\/)?((?:references|assets|scripts)\/[\w./-]+)$/.exec(code.value);
            if (!m)
                continue;
            const target = normaliseRelative(m[1]);
            linked.add(target);
            if (!present.has(target) && !isDir(target) && !/[*{}<>]|\/$/.test(m[1])) {
                out.push(diagnostic(skill.file, 'files/missing', 'warning', `mentions ${m[1]} but the file does not exist`, fileLine(skill, code.line), 1));
            }
        }
        // Reference files may link each other; treat anything mentioned by name anywhere in SKILL.md as used too.
        const unlinked = skill.files.filter((f) => f.rel.startsWith('references/') && !linked.has(f.rel));
        const mentioned = occurringStrings(skill.text, unlinked.map((f) => path.posix.basename(f.rel)));
        for (const f of skill.files) {
            if (!f.rel.startsWith('references/'))
                continue;
            const file = path.posix.join(skill.displayPath, f.rel);
            if (f.size === 0 || f.blank)
                out.push(diagnostic(file, 'references/empty-file', 'warning', 'empty reference file'));
            else if (f.binary)
                out.push(diagnostic(file, 'references/binary-file', 'warning', 'binary file in references/ (agents read references as text)'));
            if (!linked.has(f.rel) && !mentioned.has(path.posix.basename(f.rel))) {
                out.push(diagnostic(file, 'references/orphan-file', 'warning', 'not linked or mentioned from SKILL.md, so the agent will never load it'));
            }
            if (f.rel.split('/').length > 3)
                out.push(diagnostic(file, 'references/nesting', 'info', 'reference files should be one level deep below references/'));
        }
        const bodyLines = skill.body.split('\n').length;
        if (bodyLines > 500)
            out.push(diagnostic(skill.file, 'skill/body-length', 'warning', `body is ${bodyLines} lines; the Agent Skills guidance is under 500 (move detail to references/)`, skill.bodyStartLine, 1));
        if (skill.frontmatter.present && /\r/.test(skill.text))
            out.push(diagnostic(skill.file, 'file/crlf', 'info', 'CRLF line endings (accepted)', 1, 1));
        return out;
    },
};
//# sourceMappingURL=skill-files.js.map