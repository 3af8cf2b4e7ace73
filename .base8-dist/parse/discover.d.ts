import { type Diagnostic } from '../model/diagnostic.js';
export interface Target {
    kind: 'skill' | 'plugin';
    /** Absolute folder. */
    dir: string;
    /** Folder as shown to the user. */
    displayPath: string;
}
export interface Discovery {
    targets: Target[];
    /** Marketplace problems and the like, found while looking for targets. */
    diagnostics: Diagnostic[];
}
/**
 * Turn command-line paths into scoring targets: a skill folder (or its SKILL.md), a plugin, a marketplace
 * (each local plugin source), or any tree holding skills and plugins. A path that does not exist, or holds
 * nothing to score, is an InputError (exit 2). Duplicate and overlapping paths are merged: every folder is one
 * target however many given paths reach it, a skill inside a plugin that is also a target is scored as part of
 * the plugin, and targets keep the order of the paths that first reached them.
 */
export declare function discoverTargets(paths: readonly string[], options?: {
    maxDepth?: number;
}): Promise<Discovery>;
