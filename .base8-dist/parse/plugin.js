import { promises as fsp, realpathSync } from 'node:fs';
import path from 'node:path';
import { diagnostic } from '../model/diagnostic.js';
import { PLUGIN_MANIFEST_KEYS } from '../model/names.js';
import { parseFrontmatter } from './frontmatter.js';
import { isInside, readTextFile } from './fs.js';
import { readJsonFile } from './json.js';
import { readMarketplace } from './marketplace.js';
import { analyseMarkdown } from './markdown.js';
import { findSkillFile, listAgents, listPaths, parseSkill } from './skill.js';
async function listDir(abs) {
    try {
        const entries = await fsp.readdir(abs, { withFileTypes: true });
        return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    catch {
        return [];
    }
}
const exists = (p) => fsp.stat(p).then(() => true, () => false);
/** Whether a symlink resolves inside `root` (a broken link counts as inside: reading it then reports it as missing). */
function linksInside(link, root) {
    try {
        return isInside(realpathSync(link), realpathSync(root));
    }
    catch {
        return true;
    }
}
export async function parseMarkdownComponent(abs, file, kind, within) {
    const read = await readTextFile(abs, file, undefined, within);
    if (!read.ok)
        return read.diagnostic;
    return markdownComponentFromText(read.file.text, { abs, file, kind }, read.file.diagnostics);
}
/**
 * An agent or command from its text (pure): what `parseMarkdownComponent` builds after reading the file, and what
 * a tip's simulation builds from the edited text in memory.
 */
export function markdownComponentFromText(text, where, readDiagnostics = []) {
    const { abs, file, kind } = where;
    const frontmatter = parseFrontmatter(text, file);
    return {
        kind,
        file,
        abs,
        stem: path.basename(abs, '.md'),
        text,
        frontmatter,
        data: frontmatter.data ?? {},
        body: frontmatter.body,
        markdown: analyseMarkdown(frontmatter.body),
        diagnostics: [...readDiagnostics, ...frontmatter.diagnostics.filter((d) => kind === 'agent' || d.ruleId !== 'frontmatter/missing')],
    };
}
/** Parse a plugin folder: manifest, skills/, agents/, commands/, hooks/hooks.json and .mcp.json. */
export async function parsePlugin(dir, options = {}) {
    const abs = path.resolve(dir);
    const displayPath = options.displayPath ?? dir;
    const rel = (p) => `${displayPath}/${p}`;
    const diagnostics = [];
    // zod loads only when a plugin is scored: a lone skill never pays for it.
    const { HooksFile, McpFile, PluginManifest } = await import('../model/manifests.js');
    const hasManifestDir = await exists(path.join(abs, '.claude-plugin'));
    let manifest;
    const manifestPath = path.join(abs, '.claude-plugin', 'plugin.json');
    if (await exists(manifestPath)) {
        const m = await readJsonFile(manifestPath, rel('.claude-plugin/plugin.json'), PluginManifest, 'plugin/manifest-schema', abs);
        diagnostics.push(...m.diagnostics);
        if (m.ok) {
            manifest = m.value;
            for (const key of Object.keys(m.value)) {
                if (!PLUGIN_MANIFEST_KEYS.has(key)) {
                    diagnostics.push(diagnostic(rel('.claude-plugin/plugin.json'), 'plugin/manifest-unknown-key', 'warning', `unknown key "${key}"`));
                }
            }
        }
    }
    // A plugin folder may also be a marketplace (PluginEval treats such a folder as a plugin).
    const marketplace = await readMarketplace(abs, displayPath);
    if (marketplace)
        diagnostics.push(...marketplace.diagnostics);
    const skills = [];
    const skillsDir = path.join(abs, 'skills');
    const [siblings, agentNames] = await Promise.all([listPaths(skillsDir), listAgents(abs)]);
    for (const entry of await listDir(skillsDir)) {
        if (!entry.isDirectory() && !entry.isSymbolicLink())
            continue;
        const skillDir = path.join(skillsDir, entry.name);
        if (entry.isSymbolicLink() && !linksInside(skillDir, abs)) {
            diagnostics.push(diagnostic(rel(`skills/${entry.name}`), 'file/symlink-escapes', 'warning', 'symlink points outside the plugin folder; not followed'));
            continue;
        }
        if (!(await findSkillFile(skillDir)))
            continue;
        const parsed = await parseSkill(skillDir, { displayPath: rel(`skills/${entry.name}`), context: { skillsDir, pluginRoot: abs, siblings, agents: agentNames } });
        if (parsed.ok)
            skills.push(parsed.skill);
        else
            diagnostics.push(...parsed.diagnostics);
    }
    const components = async (folder, kind) => {
        const out = [];
        for (const entry of await listDir(path.join(abs, folder))) {
            if (!entry.name.endsWith('.md') || entry.isDirectory())
                continue;
            const c = await parseMarkdownComponent(path.join(abs, folder, entry.name), rel(`${folder}/${entry.name}`), kind, abs);
            if ('kind' in c)
                out.push(c);
            else
                diagnostics.push(c);
        }
        return out;
    };
    const agents = await components('agents', 'agent');
    const commands = await components('commands', 'command');
    let hooks;
    const hooksPath = path.join(abs, 'hooks', 'hooks.json');
    const hasHooksFile = await exists(hooksPath);
    if (hasHooksFile) {
        const h = await readJsonFile(hooksPath, rel('hooks/hooks.json'), HooksFile, 'hooks/schema', abs);
        diagnostics.push(...h.diagnostics);
        if (h.ok)
            hooks = h.value;
    }
    const mcpPath = path.join(abs, '.mcp.json');
    if (await exists(mcpPath)) {
        const m = await readJsonFile(mcpPath, rel('.mcp.json'), McpFile, 'mcp/schema', abs);
        diagnostics.push(...m.diagnostics);
    }
    return {
        kind: 'plugin',
        dir: abs,
        displayPath,
        dirName: path.basename(abs),
        name: manifest?.name ?? path.basename(abs),
        hasManifestDir,
        manifest,
        skills,
        agents,
        commands,
        hooks,
        hasHooksFile,
        diagnostics,
    };
}
//# sourceMappingURL=plugin.js.map