/** Skill folders (SKILL.md) under a folder, in directory order. */
export declare function findSkills(dir: string, out?: string[]): string[];
/** Every skill and plugin folder under the given folders, at most 9 levels down, sorted and without repeats. */
export declare function findTargets(dirs: readonly string[]): string[];
