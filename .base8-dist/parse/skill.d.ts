import { type Diagnostic } from '../model/diagnostic.js';
import { type Frontmatter } from './frontmatter.js';
import { type TreeEntry } from './fs.js';
import { type MarkdownFacts } from './markdown.js';
import { type ReferenceText } from './references.js';
/** Where a skill sits, so cross-references to siblings and agents can be resolved. */
export interface SkillContext {
    /** The folder holding this skill's folder (PluginEval resolves `skills/<x>` against it). */
    skillsDir: string;
    /** Root of the plugin holding the skill, if any. */
    pluginRoot: string | undefined;
    /** Paths (files and folders, up to 4 levels) under skillsDir, so cross-references resolve without I/O in checks. */
    siblings: ReadonlySet<string>;
    /** Agent names (file stems of the plugin's agents/*.md). */
    agents: readonly string[];
}
/** List paths under `dir` up to `depth` levels, relative with forward slashes. Missing folders list as empty. */
export declare function listPaths(dir: string, depth?: number): Promise<Set<string>>;
/** Agent names in `<pluginRoot>/agents/*.md`. */
export declare function listAgents(pluginRoot: string | undefined): Promise<string[]>;
export interface SkillDocument {
    kind: 'skill';
    /** Absolute path of the skill folder. */
    dir: string;
    /** The skill folder as the user should see it (relative to the working directory when possible). */
    displayPath: string;
    dirName: string;
    /** Display path of SKILL.md (or skill.md). */
    file: string;
    fileName: string;
    bytes: number;
    /** Text with any BOM removed, original line endings. */
    text: string;
    /** Text exactly as PluginEval 0.1.x reads it (BOM kept). */
    rawText: string;
    frontmatter: Frontmatter;
    /** Frontmatter `name` when it is a string. */
    name: string | undefined;
    /** Frontmatter `description` when it is a string, else ''. */
    description: string;
    /** Body with LF endings, and the SKILL.md line it starts on. */
    body: string;
    bodyStartLine: number;
    markdown: MarkdownFacts;
    /** Text files under references/, read on first use (only rules that need their content pay for it). */
    references: ReferenceText[];
    /** Every file in the skill folder (recursive, relative paths), SKILL.md included. */
    files: TreeEntry[];
    /** Every folder in the skill folder (recursive, relative paths), empty ones included. */
    dirs: string[];
    hasReferencesDir: boolean;
    hasAssetsDir: boolean;
    context: SkillContext;
    diagnostics: Diagnostic[];
}
export declare const SKILL_FILE_NAMES: readonly ["SKILL.md", "skill.md"];
export declare function findSkillFile(dir: string): Promise<string | undefined>;
export type SkillParseResult = {
    ok: true;
    skill: SkillDocument;
} | {
    ok: false;
    diagnostics: Diagnostic[];
};
/**
 * Parse a skill folder. Never throws for bad content: problems become diagnostics, and only an unreadable
 * SKILL.md (missing, too large, binary) makes the result unusable.
 */
export declare function parseSkill(dir: string, options?: {
    displayPath?: string;
    context?: Partial<SkillContext>;
}): Promise<SkillParseResult>;
export interface PathIndex {
    /** Every file's relative path. */
    files: ReadonlySet<string>;
    /** Every folder (relative), empty ones included. */
    dirs: ReadonlySet<string>;
    /** Folders holding at least one file at any depth. */
    dirsWithFiles: ReadonlySet<string>;
}
/** Set views of the skill's files and folders, built once per skill so lookups per link or match stay O(1). */
export declare function pathIndex(skill: SkillDocument): PathIndex;
/** Files directly inside `<skill>/<folder>/` (PluginEval only looks one level deep). */
export declare function topLevelFiles(skill: SkillDocument, folder: string): TreeEntry[];
/** Files anywhere under `<skill>/<folder>/`. */
export declare function filesUnder(skill: SkillDocument, folder: string): TreeEntry[];
/** Convert a 1-based body line to a SKILL.md line. */
export declare function fileLine(skill: SkillDocument, bodyLine: number): number;
