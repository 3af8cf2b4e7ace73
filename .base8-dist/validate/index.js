import { discoverTargets } from '../parse/discover.js';
import { parsePlugin } from '../parse/plugin.js';
import { parseSkill } from '../parse/skill.js';
import { hookScriptDiagnostics, pluginStructure } from './plugin-structure.js';
import { skillFiles } from './skill-files.js';
import { skillFrontmatter } from './skill-frontmatter.js';
import { skillInjection } from './injection.js';
/** The one table of validation rules. */
export const VALIDATION_RULES = [skillFrontmatter, skillFiles, skillInjection, pluginStructure];
export function validateSkillDocument(skill) {
    const out = [...skill.diagnostics];
    for (const rule of VALIDATION_RULES)
        if (rule.appliesTo === 'skill')
            out.push(...rule.check(skill));
    return out;
}
const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 };
/** Validate every skill and plugin under the given paths. */
export async function validate(paths) {
    const { targets, diagnostics } = await discoverTargets(paths);
    const out = [...diagnostics];
    for (const target of targets) {
        if (target.kind === 'skill') {
            const parsed = await parseSkill(target.dir, { displayPath: target.displayPath });
            out.push(...(parsed.ok ? validateSkillDocument(parsed.skill) : parsed.diagnostics));
        }
        else {
            const plugin = await parsePlugin(target.dir, { displayPath: target.displayPath });
            out.push(...plugin.diagnostics);
            for (const skill of plugin.skills)
                out.push(...validateSkillDocument(skill));
            for (const c of [...plugin.agents, ...plugin.commands])
                out.push(...c.diagnostics);
            for (const rule of VALIDATION_RULES)
                if (rule.appliesTo === 'plugin')
                    out.push(...rule.check(plugin));
            out.push(...(await hookScriptDiagnostics(plugin)));
        }
    }
    // Parse diagnostics can be reported twice (parser and rule); keep the first of each.
    const seen = new Set();
    const unique = out.filter((d) => {
        const key = `${d.file}|${d.line}|${d.column}|${d.ruleId}|${d.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
    unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
    return {
        targets: targets.length,
        diagnostics: unique,
        errors: unique.filter((d) => d.severity === 'error').length,
        warnings: unique.filter((d) => d.severity === 'warning').length,
    };
}
//# sourceMappingURL=index.js.map