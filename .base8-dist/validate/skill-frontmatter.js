import { CLAUDE_CODE_SKILL_KEYS, KEBAB_NAME, SPEC_SKILL_KEYS } from '../model/names.js';
import { diagnostic } from '../model/diagnostic.js';
/** The Agent Skills spec and skill-creator's quick_validate rules for SKILL.md frontmatter. */
export const skillFrontmatter = {
    id: 'skill/frontmatter',
    appliesTo: 'skill',
    description: 'name (1-64, kebab-case, equals the folder), description (1-1024, no angle brackets), known keys, compatibility <= 500, metadata string map, allowed-tools string.',
    check(skill) {
        const out = [];
        const fm = skill.frontmatter;
        if (!fm.data)
            return out; // parse problems are already reported by the parser
        const data = fm.data;
        const at = (key) => fm.keyLines[key] ?? 1;
        const err = (rule, key, message, severity = 'error') => out.push(diagnostic(skill.file, rule, severity, message, at(key), 1));
        if (!('name' in data))
            err('skill/name-required', 'name', 'frontmatter must have a `name`');
        else if (typeof data.name !== 'string')
            err('skill/name-type', 'name', `name must be a string, found ${typeof data.name}`);
        else {
            const name = data.name;
            if (name.length === 0 || name.length > 64)
                err('skill/name-length', 'name', `name must be 1-64 characters, found ${name.length}`);
            if (!KEBAB_NAME.test(name))
                err('skill/name-format', 'name', `name "${name}" must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen`);
            if (name !== skill.dirName)
                err('skill/name-matches-directory', 'name', `name "${name}" must equal the folder name "${skill.dirName}"`);
        }
        if (!('description' in data))
            err('skill/description-required', 'description', 'frontmatter must have a `description`');
        else if (typeof data.description !== 'string') {
            const kind = Array.isArray(data.description) ? 'a list' : data.description === null ? 'empty' : `a ${typeof data.description}`;
            err('skill/description-type', 'description', `description must be a string, found ${kind}`);
        }
        else {
            const d = data.description.trim();
            if (d.length === 0)
                err('skill/description-empty', 'description', 'description must not be empty');
            if (d.length > 1024)
                err('skill/description-length', 'description', `description is ${d.length} characters; the limit is 1024`);
            if (/[<>]/.test(d))
                err('skill/description-angle-brackets', 'description', 'description must not contain < or > (skill-creator rejects them)');
        }
        for (const key of Object.keys(data)) {
            if (SPEC_SKILL_KEYS.has(key))
                continue;
            if (CLAUDE_CODE_SKILL_KEYS.has(key))
                continue;
            err('skill/unknown-key', key, `unknown frontmatter key "${key}" (Agent Skills allows ${[...SPEC_SKILL_KEYS].join(', ')}; Claude Code adds ${[...CLAUDE_CODE_SKILL_KEYS].join(', ')})`, 'warning');
        }
        if ('compatibility' in data) {
            if (typeof data.compatibility !== 'string' || data.compatibility.length === 0 || data.compatibility.length > 500) {
                err('skill/compatibility', 'compatibility', 'compatibility must be a string of 1-500 characters');
            }
        }
        if ('metadata' in data) {
            const m = data.metadata;
            if (typeof m !== 'object' || m === null || Array.isArray(m) || Object.values(m).some((v) => typeof v !== 'string')) {
                err('skill/metadata', 'metadata', 'metadata must map strings to strings');
            }
        }
        if ('allowed-tools' in data && typeof data['allowed-tools'] !== 'string') {
            err('skill/allowed-tools', 'allowed-tools', 'allowed-tools should be a space-separated string (the Agent Skills spec form)', 'warning');
        }
        if ('license' in data && typeof data.license !== 'string')
            err('skill/license', 'license', 'license must be a string');
        return out;
    },
};
//# sourceMappingURL=skill-frontmatter.js.map