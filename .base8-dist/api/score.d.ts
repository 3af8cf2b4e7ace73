import type { Depth, Methodology } from '../model/dimensions.js';
import { type Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import { type Target } from '../parse/discover.js';
import { type SkillDocument } from '../parse/skill.js';
import { type ScoreOptions } from './score-common.js';
export type { JudgeSetup, ScoreOptions } from './score-common.js';
export { averageJudgeLayers, scorePlugin, scorePluginDocument } from './score-plugin.js';
/** A target that could not be scored at all (unreadable SKILL.md, file too large...). */
export interface ScoreFailure {
    target: Target;
    diagnostics: Diagnostic[];
}
export interface ScoreRun {
    results: ScoreResult[];
    failures: ScoreFailure[];
    /** Problems found while discovering targets (e.g. a marketplace entry whose source is missing). */
    diagnostics: Diagnostic[];
}
/** Score one parsed skill with the static layer only (no model calls). Pure apart from timing. */
export declare function scoreSkillDocument(skill: SkillDocument, options?: {
    methodology?: Methodology;
    depth?: Depth;
}): ScoreResult;
/** Score one parsed skill with every layer its depth asks for and the options make possible. */
export declare function scoreSkill(skill: SkillDocument, options?: ScoreOptions): Promise<ScoreResult>;
/** Folder listings shared by the skills of one run: sibling skills in one folder list their parent once, not once each. */
export type ListingCache = Map<string, Promise<Set<string>>>;
/** Parse and score one target; a target that cannot be read at all is a failure, not an exception. */
export declare function scoreTarget(target: Target, options?: ScoreOptions, listings?: ListingCache): Promise<ScoreResult | ScoreFailure>;
/** Score every skill and plugin found under the given paths. Throws InputError only for unusable paths. */
export declare function score(paths: readonly string[], options?: ScoreOptions): Promise<ScoreRun>;
