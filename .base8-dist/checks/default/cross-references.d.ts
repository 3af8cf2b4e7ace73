import type { SkillDocument } from '../../parse/skill.js';
export interface CrossReference {
    /** What the text said. */
    text: string;
    kind: 'skill' | 'agent';
    target: string;
    resolved: boolean;
    /** SKILL.md line. */
    line: number;
}
/**
 * Whether a `skills/...` token in prose is a slash list of words rather than a path: its second part is a
 * plural like commands or agents ("skills/commands/agents"), or it has three or more parts that are all
 * plain words, none with a file extension, digits or hyphens ("skills/plugins/marketplaces" style lists).
 */
export declare function isProseSlashList(token: string): boolean;
/**
 * Cross-references to sibling skills and plugin agents, resolved for real: relative links, `skills/<name>`
 * and `agents/<name>.md` paths in prose, and backticked names of siblings and agents. URLs and code are ignored.
 */
export declare function crossReferences(skill: SkillDocument): CrossReference[];
