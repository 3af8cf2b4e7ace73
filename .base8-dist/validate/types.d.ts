import type { Diagnostic } from '../model/diagnostic.js';
import type { PluginDocument } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
/** A validation rule: metadata plus a pure function from a parsed document to diagnostics. */
export type ValidationRule = {
    id: string;
    appliesTo: 'skill';
    description: string;
    check(skill: SkillDocument): Diagnostic[];
} | {
    id: string;
    appliesTo: 'plugin';
    description: string;
    check(plugin: PluginDocument): Diagnostic[];
};
