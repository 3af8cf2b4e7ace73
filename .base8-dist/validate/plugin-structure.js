import { promises as fsp } from 'node:fs';
import { HOOK_EVENTS } from '../model/names.js';
import { diagnostic } from '../model/diagnostic.js';
const KNOWN_EVENTS = new Set(HOOK_EVENTS);
/** Plugin-level rules: manifest presence, agent frontmatter, command frontmatter, hooks events. */
export const pluginStructure = {
    id: 'plugin/structure',
    appliesTo: 'plugin',
    description: 'plugin.json present and valid; agents have name (equal to the file name) and description; commands have a description; hooks use known events.',
    check(plugin) {
        const out = [];
        if (!plugin.manifest && !plugin.diagnostics.some((d) => d.ruleId.startsWith('plugin/manifest') || d.ruleId === 'json/syntax')) {
            out.push(diagnostic(`${plugin.displayPath}/.claude-plugin/plugin.json`, 'plugin/manifest-missing', 'warning', 'no .claude-plugin/plugin.json; the folder name is used as the plugin name'));
        }
        else if (plugin.manifest && plugin.manifest.name !== plugin.dirName) {
            out.push(diagnostic(`${plugin.displayPath}/.claude-plugin/plugin.json`, 'plugin/name-matches-directory', 'info', `manifest name "${plugin.manifest.name}" differs from the folder name "${plugin.dirName}"`));
        }
        for (const agent of plugin.agents) {
            const d = agent.data;
            const line = (k) => agent.frontmatter.keyLines[k] ?? 1;
            if (!agent.frontmatter.data)
                continue;
            if (typeof d.name !== 'string' || d.name === '')
                out.push(diagnostic(agent.file, 'agent/name-required', 'error', 'agent frontmatter must have a `name`', 1, 1));
            else if (d.name !== agent.stem)
                out.push(diagnostic(agent.file, 'agent/name-matches-file', 'warning', `agent name "${d.name}" differs from the file name "${agent.stem}"`, line('name'), 1));
            if (typeof d.description !== 'string' || d.description.trim() === '')
                out.push(diagnostic(agent.file, 'agent/description-required', 'error', 'agent frontmatter must have a non-empty `description`', line('description'), 1));
            if (d.tools !== undefined && typeof d.tools !== 'string' && !Array.isArray(d.tools))
                out.push(diagnostic(agent.file, 'agent/tools-type', 'error', 'tools must be a string or a list of tool names', line('tools'), 1));
            if (d.model !== undefined && !['inherit', 'sonnet', 'opus', 'haiku'].includes(String(d.model)) && !/^claude-/.test(String(d.model))) {
                out.push(diagnostic(agent.file, 'agent/model', 'warning', `unknown model "${String(d.model)}" (expected inherit, sonnet, opus, haiku or a claude-* id)`, line('model'), 1));
            }
        }
        for (const command of plugin.commands) {
            if (command.frontmatter.present && typeof command.data.description !== 'string') {
                out.push(diagnostic(command.file, 'command/description', 'warning', 'command frontmatter has no `description` (shown in /help)', 1, 1));
            }
        }
        if (plugin.hooks) {
            for (const event of Object.keys(plugin.hooks.hooks)) {
                if (!KNOWN_EVENTS.has(event))
                    out.push(diagnostic(`${plugin.displayPath}/hooks/hooks.json`, 'hooks/unknown-event', 'warning', `unknown hook event "${event}" (known: ${HOOK_EVENTS.join(', ')})`));
            }
        }
        return out;
    },
};
/** Scripts that hooks run via ${CLAUDE_PLUGIN_ROOT} must exist (checked with the file system, at the edge). */
export async function hookScriptDiagnostics(plugin) {
    const out = [];
    if (!plugin.hooks)
        return out;
    for (const groups of Object.values(plugin.hooks.hooks)) {
        for (const group of groups) {
            for (const hook of group.hooks) {
                if (hook.type !== 'command')
                    continue;
                for (const m of String(hook.command).matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^\s"']+)/g)) {
                    const rel = m[1];
                    const ok = await fsp.stat(`${plugin.dir}/${rel}`).then(() => true, () => false);
                    if (!ok)
                        out.push(diagnostic(`${plugin.displayPath}/hooks/hooks.json`, 'hooks/missing-script', 'warning', `hook command runs ${rel}, which does not exist in the plugin`));
                }
            }
        }
    }
    return out;
}
//# sourceMappingURL=plugin-structure.js.map