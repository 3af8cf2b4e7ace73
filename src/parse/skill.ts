import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { parseFrontmatter, type Frontmatter } from './frontmatter.js';
import { readTextFile } from './fs.js';
import { overlayActive } from './overlay.js';
import { walkFiles, type TreeEntry } from './walk.js';
import { analyseMarkdown, type MarkdownFacts } from './markdown.js';
import { readReferenceTexts, type ReferenceText } from './references.js';

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
  /**
   * The folder the user named (a plugin's root for its skills): a relative link leaving the skill is resolved and
   * checked only inside it, and one leaving it is never followed or looked up.
   */
  targetRoot: string;
}

/**
 * A folder listed to a few levels: the relative paths under it, and each listed folder's entries as readdir gave
 * them, so walking a skill inside it lists none of those folders again.
 */
export interface FolderTree {
  /** Paths (files and folders) relative to the folder, with forward slashes. */
  paths: Set<string>;
  /** The entries of each folder listed, by absolute path; a walk takes (and removes) the ones it reads. */
  entries: Map<string, Dirent[]>;
}

/**
 * List `dir` up to `depth` levels (node_modules and .git not entered). Missing folders list as empty. A folder whose
 * entries are in `listed` (discovery's) is not listed again; they are taken out of it.
 */
export function listTree(dir: string, depth = 4, listed?: Map<string, Dirent[]>): FolderTree {
  const paths = new Set<string>();
  const entriesOf = new Map<string, Dirent[]>();
  const visit = (abs: string, rel: string, level: number): void => {
    if (level > depth) return;
    let entries = listed?.get(abs);
    if (entries !== undefined) listed!.delete(abs);
    else {
      try {
        entries = readdirSync(abs, { withFileTypes: true });
      } catch {
        return;
      }
    }
    entriesOf.set(abs, entries);
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      paths.add(r);
      if (e.isDirectory()) visit(path.join(abs, e.name), r, level + 1);
    }
  };
  visit(dir, '', 1);
  return { paths, entries: entriesOf };
}

/** List paths under `dir` up to `depth` levels, relative with forward slashes. Missing folders list as empty. */
export async function listPaths(dir: string, depth = 4): Promise<Set<string>> {
  return listTree(dir, depth).paths;
}

/** Agent names among the entry names of a plugin's `agents/` folder: its `.md` files, without the extension. */
export function agentNamesOf(names: readonly string[]): string[] {
  return names.filter((n) => n.endsWith('.md')).map((n) => n.slice(0, -3));
}

/** Agent names in `<pluginRoot>/agents/*.md`. */
export async function listAgents(pluginRoot: string | undefined): Promise<string[]> {
  if (!pluginRoot) return [];
  try {
    return agentNamesOf(readdirSync(path.join(pluginRoot, 'agents')));
  } catch {
    return [];
  }
}

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

export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;

/** SKILL.md's name in `dir`, from the folder's entries in `listed` when it was listed already. */
export async function findSkillFile(dir: string, listed?: Map<string, Dirent[]>): Promise<string | undefined> {
  // Sync on purpose (see parse/fs.ts): one readdir is cheaper than a thread-pool round trip.
  let names = listed?.get(dir)?.map((e) => e.name);
  try {
    names ??= readdirSync(dir);
  } catch {
    return undefined;
  }
  return SKILL_FILE_NAMES.find((n) => names.includes(n));
}

export type SkillParseResult = { ok: true; skill: SkillDocument } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Folder listings shared by the skills of one run (score, validate, init): sibling skills in one folder list their
 * parent once, not once each; listed once per skill, a folder of N skills cost N listings of N folders.
 */
export type SiblingListings = Map<string, FolderTree>;

/**
 * The folders whose listings SiblingListings keeps, the most recently used: targets come in discovery's order, so
 * siblings follow one another, and a run of thousands of folders holding skills does not keep each one's listing
 * (~1 KB) to its end. A folder listed again after it was let go is listed anew, the same readdir as the first time.
 */
const SIBLING_LISTINGS_KEPT = 16;

/**
 * Lets go of discovery's listings of a lone skill's folder and the folder holding it (Discovery.listed), once the
 * skill is scored: one scored on another thread never takes them on this one.
 */
export function dropDiscovered(discovered: Map<string, Dirent[]> | undefined, dir: string): void {
  if (discovered === undefined || discovered.size === 0) return;
  discovered.delete(dir);
  discovered.delete(path.dirname(dir));
}

/**
 * Parse a lone skill (not in a plugin), its folder's listing taken from `listings` or made there on first use, from
 * the folders `discovered` (discovery's listings, Discovery.listed) holds and by listing the others.
 */
export async function parseLoneSkill(
  dir: string,
  displayPath: string,
  listings: SiblingListings,
  targetRoot: string = dir,
  discovered?: Map<string, Dirent[]>,
): Promise<SkillParseResult> {
  const skillsDir = path.dirname(dir);
  let tree = listings.get(skillsDir);
  if (tree) {
    // The most recently used last: the first one is the one let go.
    listings.delete(skillsDir);
    listings.set(skillsDir, tree);
  } else {
    listings.set(skillsDir, (tree = listTree(skillsDir, 4, discovered)));
    if (listings.size > SIBLING_LISTINGS_KEPT) listings.delete(listings.keys().next().value!);
  }
  // A skill reached through a link is not in its parent's listing (links are not entered): the walk takes its entries.
  const own = discovered?.get(dir);
  if (own !== undefined) {
    discovered!.delete(dir);
    if (!tree.entries.has(dir)) tree.entries.set(dir, own);
  }
  return parseSkill(dir, {
    displayPath,
    listed: tree.entries,
    context: { skillsDir, siblings: tree.paths, targetRoot },
  });
}

/**
 * Parse a skill folder. Never throws for bad content: problems become diagnostics, and only an unreadable
 * SKILL.md (missing, too large, binary) makes the result unusable.
 */
export async function parseSkill(
  dir: string,
  options: {
    displayPath?: string;
    context?: Partial<SkillContext>;
    /** Folder entries already listed (the sibling listing's): the walk takes its folders from here. */
    listed?: Map<string, Dirent[]>;
  } = {},
): Promise<SkillParseResult> {
  const abs = path.resolve(dir);
  const displayPath = options.displayPath ?? dir;
  // SKILL.md is read next, and its size is taken from that read; an overlaid text's size is not the file's.
  const sizedByRead = !overlayActive();
  // Binary sniffing opens each file, so it is limited to the folders whose text the checks read.
  const walk = await walkFiles(abs, displayPath, {
    sniff: (rel) => rel.startsWith('references/') || rel.startsWith('assets/'),
    // The security rules and the injection scan read every reference's text.
    readWhole: (rel) => rel.startsWith('references/'),
    listed: options.listed,
    ...(sizedByRead ? { sizedByCaller: 'SKILL.md' } : {}),
  });
  // The walk's listing names SKILL.md when it is a regular file inside the folder; anything else (a folder, a
  // link out of the skill, a FIFO) is looked up by name, so reading it reports what it is.
  const fileName = SKILL_FILE_NAMES.find((n) => walk.files.some((f) => f.rel === n)) ?? (await findSkillFile(abs));
  if (!fileName) {
    return {
      ok: false,
      diagnostics: [diagnostic(displayPath, 'skill/missing-skill-md', 'error', 'no SKILL.md in this folder')],
    };
  }
  const file = `${displayPath}/${fileName}`;
  const read = await readTextFile(path.join(abs, fileName), file, undefined, abs);
  if (!read.ok) return { ok: false, diagnostics: [read.diagnostic] };
  const { text, rawText, bytes } = read.file;
  if (sizedByRead && fileName === 'SKILL.md') {
    const listed = walk.files.find((f) => f.rel === fileName);
    if (listed !== undefined) listed.size = bytes;
  }
  const diagnostics: Diagnostic[] = [...read.file.diagnostics];
  if (fileName === 'skill.md') {
    diagnostics.push(
      diagnostic(file, 'skill/lowercase-file-name', 'info', 'skill.md is accepted; SKILL.md is the conventional name'),
    );
  }

  const frontmatter = parseFrontmatter(text, file);
  diagnostics.push(...frontmatter.diagnostics);
  const data = frontmatter.data ?? {};
  const name = typeof data.name === 'string' ? data.name : undefined;
  const description = typeof data.description === 'string' ? data.description : '';

  const hasReferencesDir = walk.dirs.includes('references');
  const hasAssetsDir = walk.dirs.includes('assets');
  diagnostics.push(...walk.diagnostics);

  const skillsDir = options.context?.skillsDir ?? path.dirname(abs);
  const pluginRoot = options.context?.pluginRoot;
  const context: SkillContext = {
    skillsDir,
    pluginRoot,
    siblings: options.context?.siblings ?? (await listPaths(skillsDir)),
    agents: options.context?.agents ?? (await listAgents(pluginRoot)),
    targetRoot: path.resolve(options.context?.targetRoot ?? pluginRoot ?? abs),
  };
  let markdown: MarkdownFacts | undefined;
  let references: ReferenceText[] | undefined;
  const skill: SkillDocument = {
    kind: 'skill',
    dir: abs,
    displayPath,
    dirName: path.basename(abs),
    file,
    fileName,
    bytes,
    text,
    rawText,
    frontmatter,
    name,
    description,
    body: frontmatter.body,
    bodyStartLine: frontmatter.bodyStartLine,
    // Built on first use: the compat methodology never reads the Markdown tree.
    get markdown(): MarkdownFacts {
      return (markdown ??= analyseMarkdown(frontmatter.body));
    },
    get references(): ReferenceText[] {
      return (references ??= readReferenceTexts(walk.files));
    },
    files: walk.files,
    dirs: walk.dirs,
    hasReferencesDir,
    hasAssetsDir,
    context,
    diagnostics,
  };
  return { ok: true, skill };
}

export interface PathIndex {
  /** Every file's relative path. */
  files: ReadonlySet<string>;
  /** Every folder (relative), empty ones included. */
  dirs: ReadonlySet<string>;
  /** Folders holding at least one file at any depth. */
  dirsWithFiles: ReadonlySet<string>;
}

const pathIndexes = new WeakMap<SkillDocument, PathIndex>();

/** Set views of the skill's files and folders, built once per skill so lookups per link or match stay O(1). */
export function pathIndex(skill: SkillDocument): PathIndex {
  const hit = pathIndexes.get(skill);
  if (hit) return hit;
  const dirsWithFiles = new Set<string>();
  for (const f of skill.files) {
    for (let slash = f.rel.lastIndexOf('/'); slash > 0; slash = f.rel.lastIndexOf('/', slash - 1)) {
      const dir = f.rel.slice(0, slash);
      if (dirsWithFiles.has(dir)) break; // its parents are in already
      dirsWithFiles.add(dir);
    }
  }
  const index: PathIndex = { files: new Set(skill.files.map((f) => f.rel)), dirs: new Set(skill.dirs), dirsWithFiles };
  pathIndexes.set(skill, index);
  return index;
}

/** Files directly inside `<skill>/<folder>/` (PluginEval only looks one level deep). */
export function topLevelFiles(skill: SkillDocument, folder: string): TreeEntry[] {
  const prefix = `${folder}/`;
  return skill.files.filter((f) => f.rel.startsWith(prefix) && !f.rel.slice(prefix.length).includes('/'));
}

/** Files anywhere under `<skill>/<folder>/`. */
export function filesUnder(skill: SkillDocument, folder: string): TreeEntry[] {
  const prefix = `${folder}/`;
  return skill.files.filter((f) => f.rel.startsWith(prefix));
}

/** Convert a 1-based body line to a SKILL.md line. */
export function fileLine(skill: SkillDocument, bodyLine: number): number {
  return bodyLine + skill.bodyStartLine - 1;
}
