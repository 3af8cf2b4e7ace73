import { compatFrontmatter } from '../../parse/frontmatter.js';
import { countMatches } from '../../util/text.js';
import { DIRECTIVE } from '../shared/directives.js';
const cache = new WeakMap();
function pythonStr(value) {
    if (value === undefined || value === null)
        return value === null ? 'None' : '';
    if (typeof value === 'string')
        return value;
    if (typeof value === 'boolean')
        return value ? 'True' : 'False';
    return String(value);
}
export function compatView(skill) {
    const hit = cache.get(skill);
    if (hit)
        return hit;
    const content = skill.rawText;
    // PluginEval's own frontmatter split, computed only when the compat methodology runs.
    const compat = compatFrontmatter(content);
    const body = compat.body;
    const fm = compat.data;
    const lines = content.split('\n');
    let headingCount = 0;
    for (const line of body.split('\n'))
        if (line.startsWith('## ') || line.startsWith('### '))
            headingCount++;
    let fenceCount = 0;
    const languages = new Set();
    for (const m of content.matchAll(/```(\w*)/g)) {
        fenceCount++;
        if (m[1])
            languages.add(m[1]);
    }
    const view = {
        content,
        lower: content.toLowerCase(),
        body,
        bodyLower: body.toLowerCase(),
        lines,
        lineCount: lines.length,
        frontmatter: fm,
        problem: compat.problem,
        name: 'name' in fm ? pythonStr(fm.name) : skill.dirName,
        description: 'description' in fm ? pythonStr(fm.description) : '',
        headingCount,
        fenceCount,
        languages,
        directives: countMatches(content, DIRECTIVE),
    };
    cache.set(skill, view);
    return view;
}
/** PluginEval's trigger-phrase regex (case-insensitive); it also accepts negations such as "Do not use when". */
export const COMPAT_TRIGGER = /\b(?:should\s+be\s+)?used?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever)\b|\buse\s+proactively\b|\btrigger(?:s)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b/i;
/** Cross-references to other skills, as PluginEval finds them (URLs and prose included). */
export const COMPAT_CROSS_REF = /(?<![\w-])((?:skill|skills|sub-skills)\/[a-z0-9-]+(?:\/[a-z0-9-]+)*)/g;
//# sourceMappingURL=view.js.map