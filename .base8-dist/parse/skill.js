import { readdirSync } from 'node:fs';
import path from 'node:path';
import { diagnostic } from '../model/diagnostic.js';
import { parseFrontmatter } from './frontmatter.js';
import { readTextFile, walkFiles } from './fs.js';
import { analyseMarkdown } from './markdown.js';
import { readReferenceTexts } from './references.js';
/** List paths under `dir` up to `depth` levels, relative with forward slashes. Missing folders list as empty. */
export async function listPaths(dir, depth = 4) {
    const out = new Set();
    const visit = async (abs, rel, level) => {
        if (level > depth)
            return;
        let entries;
        try {
            entries = readdirSync(abs, { withFileTypes: true });
        }
        catch {
            return;
        }
        for (const e of entries) {
            if (e.name === 'node_modules' || e.name === '.git')
                continue;
            const r = rel ? `${rel}/${e.name}` : e.name;
            out.add(r);
            if (e.isDirectory())
                await visit(path.join(abs, e.name), r, level + 1);
        }
    };
    await visit(dir, '', 1);
    return out;
}
/** Agent names in `<pluginRoot>/agents/*.md`. */
export async function listAgents(pluginRoot) {
    if (!pluginRoot)
        return [];
    try {
        return readdirSync(path.join(pluginRoot, 'agents')).filter((n) => n.endsWith('.md')).map((n) => n.slice(0, -3));
    }
    catch {
        return [];
    }
}
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'];
export async function findSkillFile(dir) {
    // Sync on purpose (see parse/fs.ts): one readdir is cheaper than a thread-pool round trip.
    let names;
    try {
        names = readdirSync(dir);
    }
    catch {
        return undefined;
    }
    return SKILL_FILE_NAMES.find((n) => names.includes(n));
}
/**
 * Parse a skill folder. Never throws for bad content: problems become diagnostics, and only an unreadable
 * SKILL.md (missing, too large, binary) makes the result unusable.
 */
export async function parseSkill(dir, options = {}) {
    const abs = path.resolve(dir);
    const displayPath = options.displayPath ?? dir;
    const fileName = await findSkillFile(abs);
    if (!fileName) {
        return { ok: false, diagnostics: [diagnostic(displayPath, 'skill/missing-skill-md', 'error', 'no SKILL.md in this folder')] };
    }
    const file = `${displayPath}/${fileName}`;
    const read = await readTextFile(path.join(abs, fileName), file, undefined, abs);
    if (!read.ok)
        return { ok: false, diagnostics: [read.diagnostic] };
    const { text, rawText, bytes } = read.file;
    const diagnostics = [...read.file.diagnostics];
    if (fileName === 'skill.md') {
        diagnostics.push(diagnostic(file, 'skill/lowercase-file-name', 'info', 'skill.md is accepted; SKILL.md is the conventional name'));
    }
    const frontmatter = parseFrontmatter(text, file);
    diagnostics.push(...frontmatter.diagnostics);
    const data = frontmatter.data ?? {};
    const name = typeof data.name === 'string' ? data.name : undefined;
    const description = typeof data.description === 'string' ? data.description : '';
    // Binary sniffing opens each file, so it is limited to the folders whose text the checks read.
    const walk = await walkFiles(abs, displayPath, { sniff: (rel) => rel.startsWith('references/') || rel.startsWith('assets/') });
    const hasReferencesDir = walk.dirs.includes('references');
    const hasAssetsDir = walk.dirs.includes('assets');
    diagnostics.push(...walk.diagnostics);
    const skillsDir = options.context?.skillsDir ?? path.dirname(abs);
    const pluginRoot = options.context?.pluginRoot;
    const context = {
        skillsDir,
        pluginRoot,
        siblings: options.context?.siblings ?? (await listPaths(skillsDir)),
        agents: options.context?.agents ?? (await listAgents(pluginRoot)),
    };
    let markdown;
    let references;
    const skill = {
        kind: 'skill',
        dir: abs,
        displayPath,
        dirName: path.basename(abs),
        file,
        fileName,
        bytes,
        text,
        rawText,
        frontmatter,
        name,
        description,
        body: frontmatter.body,
        bodyStartLine: frontmatter.bodyStartLine,
        // Built on first use: the compat methodology never reads the Markdown tree.
        get markdown() {
            return (markdown ??= analyseMarkdown(frontmatter.body));
        },
        get references() {
            return (references ??= readReferenceTexts(walk.files));
        },
        files: walk.files,
        dirs: walk.dirs,
        hasReferencesDir,
        hasAssetsDir,
        context,
        diagnostics,
    };
    return { ok: true, skill };
}
const pathIndexes = new WeakMap();
/** Set views of the skill's files and folders, built once per skill so lookups per link or match stay O(1). */
export function pathIndex(skill) {
    const hit = pathIndexes.get(skill);
    if (hit)
        return hit;
    const dirsWithFiles = new Set();
    for (const f of skill.files) {
        for (let slash = f.rel.lastIndexOf('/'); slash > 0; slash = f.rel.lastIndexOf('/', slash - 1)) {
            const dir = f.rel.slice(0, slash);
            if (dirsWithFiles.has(dir))
                break; // its parents are in already
            dirsWithFiles.add(dir);
        }
    }
    const index = { files: new Set(skill.files.map((f) => f.rel)), dirs: new Set(skill.dirs), dirsWithFiles };
    pathIndexes.set(skill, index);
    return index;
}
/** Files directly inside `<skill>/<folder>/` (PluginEval only looks one level deep). */
export function topLevelFiles(skill, folder) {
    const prefix = `${folder}/`;
    return skill.files.filter((f) => f.rel.startsWith(prefix) && !f.rel.slice(prefix.length).includes('/'));
}
/** Files anywhere under `<skill>/<folder>/`. */
export function filesUnder(skill, folder) {
    const prefix = `${folder}/`;
    return skill.files.filter((f) => f.rel.startsWith(prefix));
}
/** Convert a 1-based body line to a SKILL.md line. */
export function fileLine(skill, bodyLine) {
    return bodyLine + skill.bodyStartLine - 1;
}
//# sourceMappingURL=skill.js.map