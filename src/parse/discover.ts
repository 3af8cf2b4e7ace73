import type { Dirent, Stats } from 'node:fs';
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { readMarketplace } from './marketplace.js';
import { SKILL_FILE_NAMES } from './skill.js';

export interface Target {
  kind: 'skill' | 'plugin';
  /** Absolute folder. */
  dir: string;
  /** Folder as shown to the user. */
  displayPath: string;
  /** The folder the user named that holds it (links are resolved only inside it). */
  root?: string;
}

export interface DiscoveryOptions {
  maxDepth?: number;
  /**
   * Folders to skip (the config's ignorePatterns), tested on absolute paths below each given path: a path given
   * on the command line is always looked at. Skipped folders are reported in one info diagnostic per given path.
   */
  ignore?: (absDir: string) => boolean;
}

interface Ignore {
  test: (absDir: string) => boolean;
  skipped: string[];
}

export interface Discovery {
  targets: Target[];
  /** Marketplace problems and the like, found while looking for targets. */
  diagnostics: Diagnostic[];
  /** Remove what discovery extracted (`.skill` packages): call once the targets are no longer read. */
  release: () => void;
  /**
   * The entries of each skill target's folder and of the folder holding it, as discovery's readdir gave them, by
   * absolute path: the parse takes them (parseLoneSkill) instead of listing those folders again.
   */
  listed: Map<string, Dirent[]>;
}

/*
 * Discovery's file system calls are synchronous on purpose (as parse/fs.ts explains): each is a few microseconds,
 * where a thread-pool round trip costs ~60 us, and a 1,000-skill marketplace takes ~8,000 of them one after another
 * (measured: ~500 ms asynchronous, most of an unchanged `score --only-changed`).
 */
const statOf = (p: string): Stats | undefined => {
  try {
    return statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined; // permission denied and the like: not there, for discovery's questions
  }
};
const exists = async (p: string) => statOf(p) !== undefined;
const isDir = async (p: string) => statOf(p)?.isDirectory() ?? false;

function display(abs: string, given: string, root: string): string {
  if (abs === root) return given.replace(/\/+$/, '') || '.';
  return path.join(given, path.relative(root, abs)).split(path.sep).join('/');
}

/** A folder is a plugin when it has `.claude-plugin/plugin.json`, or `.claude-plugin/` next to skills/ or agents/. */
async function isPlugin(dir: string): Promise<boolean> {
  if (await exists(path.join(dir, '.claude-plugin', 'plugin.json'))) return true;
  if (!(await isDir(path.join(dir, '.claude-plugin')))) return false;
  return (await isDir(path.join(dir, 'skills'))) || (await isDir(path.join(dir, 'agents')));
}

/** A filesystem error in words, naming permission problems as such. */
function reason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot access (${code ?? String(err)})`;
}

/** One realpath(3) (the JavaScript realpath lstat()s every component of the path); the path itself if it fails. */
function realPathOf(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return dir;
  }
}

/**
 * Real paths, so `x`, `./x/` and a symlink to x are one target. A folder known not to be a link (listed as a folder,
 * or given and lstat()ed) lies at its parent's real path under its own name, so siblings resolve their parent once:
 * realpath(3) reads every component of the path with a readlink, 8-9 calls for a skill in a plugin.
 */
class RealPaths {
  readonly #parents = new Map<string, string>();

  of(dir: string, notLink: boolean): string {
    if (!notLink) return realPathOf(dir);
    const parent = path.dirname(dir);
    if (parent === dir) return realPathOf(dir);
    let real = this.#parents.get(parent);
    if (real === undefined) this.#parents.set(parent, (real = realPathOf(parent)));
    return path.join(real, path.basename(dir));
  }
}

/**
 * Removes what discovery extracted. Made outside discoverTargets: a closure made there would keep that call's whole
 * scope (every target's real path, every parent's) for as long as the caller keeps `release`, a whole run.
 */
function releaser(extracted: (() => void)[]): () => void {
  return () => {
    for (const remove of extracted.splice(0)) remove();
  };
}

/** A folder's entries, or why it could not be listed. */
type Listing = { entries: Dirent[] } | { error: unknown };

function listFolder(dir: string): Listing {
  try {
    return { entries: readdirSync(dir, { withFileTypes: true }) };
  } catch (error) {
    return { error };
  }
}

/**
 * Turn command-line paths into scoring targets: a skill folder (or its SKILL.md), a plugin, a marketplace
 * (each local plugin source), or any tree holding skills and plugins. A path that does not exist, or holds
 * nothing to score, is an InputError (exit 2). Duplicate and overlapping paths are merged: every folder is one
 * target however many given paths reach it, a skill inside a plugin that is also a target is scored as part of
 * the plugin, and targets keep the order of the paths that first reached them.
 */
export async function discoverTargets(paths: readonly string[], options: DiscoveryOptions = {}): Promise<Discovery> {
  const maxDepth = options.maxDepth ?? 8;
  const skipped: string[] = [];
  const ignore: Ignore | undefined = options.ignore ? { test: options.ignore, skipped } : undefined;
  const found: (Target & { key: string })[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const realPaths = new RealPaths();
  // The listings of skill folders and of the folders holding them, until the targets are known.
  const listings = new Map<string, Dirent[]>();
  const extracted: (() => void)[] = [];
  const release = releaser(extracted);
  try {
    for (const given of paths) {
      let abs = path.resolve(given);
      let stat: Stats;
      let notLink: boolean;
      try {
        // lstat first: a path that is not a link resolves from its parent's real path (RealPaths).
        stat = lstatSync(abs);
        notLink = !stat.isSymbolicLink();
        if (!notLink) stat = statSync(abs);
      } catch (err) {
        throw new InputError(`${given}: ${reason(err)}`, given);
      }
      let givenDir = given;
      if (stat.isFile() && /\.skill$/i.test(abs)) {
        // A `.skill` package: scored as the folder it holds, shown as `<package>!/<folder>`.
        const { extractSkillPackage } = await import('./skill-package.js');
        const pkg = await extractSkillPackage(abs, given);
        extracted.push(pkg.remove);
        abs = pkg.dir;
        givenDir = `${given}!/${pkg.top}`;
        notLink = false;
      } else if (stat.isFile()) {
        if (!/^skill\.md$/i.test(path.basename(abs)))
          throw new InputError(
            `${given}: expected a skill folder, SKILL.md, a .skill package, a plugin, a marketplace or a folder of skills`,
            given,
          );
        abs = path.dirname(abs);
        givenDir = path.dirname(given);
        notLink = false;
      }
      let reached = 0; // targets this path reached, including ones an earlier path already gave
      const add = async (t: Target, listedAsFolder: boolean) => {
        reached++;
        const key = realPaths.of(t.dir, listedAsFolder || (t.dir === abs && notLink));
        if (seen.has(key)) return;
        seen.add(key);
        found.push({ ...t, key });
      };
      const problems = diagnostics.length;
      skipped.length = 0;
      await discoverIn(abs, givenDir, abs, maxDepth, 0, add, diagnostics, listings, ignore);
      if (skipped.length > 0) {
        const shown = skipped.slice(0, 5).join(', ');
        diagnostics.push(
          diagnostic(
            givenDir.replace(/\/+$/, '') || '.',
            'input/ignored',
            'info',
            `${skipped.length} folder${skipped.length === 1 ? '' : 's'} skipped by ` +
              `ignorePatterns: ${shown}${skipped.length > 5 ? `, and ${skipped.length - 5} more` : ''}`,
          ),
        );
      }
      if (reached === 0) {
        const denied = diagnostics.slice(problems).find((d) => d.message === 'permission denied');
        if (denied) throw new InputError(`${denied.file}: permission denied`, given);
        const ignored =
          skipped.length > 0
            ? `; ${skipped.length} folder${skipped.length === 1 ? ' was' : 's were'} skipped by ignorePatterns`
            : '';
        throw new InputError(
          `${given}: no SKILL.md, plugin or marketplace found here (searched ${maxDepth} levels deep${ignored})`,
          given,
        );
      }
    }
  } catch (err) {
    release();
    throw err;
  }
  // A skill inside a plugin that is itself a target is part of that plugin's score.
  const plugins = new Map(found.filter((t) => t.kind === 'plugin').map((t) => [t.key, t] as const));
  const owningPlugin = (key: string) => {
    for (let dir = path.dirname(key); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const plugin = plugins.get(dir);
      if (plugin) return plugin;
    }
    return undefined;
  };
  const targets: Target[] = [];
  for (const { key, ...t } of found) {
    const owner = t.kind === 'skill' && plugins.size > 0 ? owningPlugin(key) : undefined;
    if (owner) {
      diagnostics.push(
        diagnostic(t.displayPath, 'input/merged', 'info', `scored as part of plugin ${owner.displayPath}`),
      );
      continue;
    }
    targets.push(t);
  }
  const listed = new Map<string, Dirent[]>();
  for (const t of targets) {
    if (t.kind !== 'skill') continue;
    for (const dir of [t.dir, path.dirname(t.dir)]) {
      const entries = listings.get(dir);
      if (entries !== undefined) listed.set(dir, entries);
    }
  }
  return { targets, diagnostics, release, listed };
}

async function discoverIn(
  dir: string,
  given: string,
  root: string,
  maxDepth: number,
  depth: number,
  add: (t: Target, listedAsFolder: boolean) => Promise<void>,
  diagnostics: Diagnostic[],
  listings: Map<string, Dirent[]>,
  ignore?: Ignore,
  listedAsFolder = false,
): Promise<'skill' | undefined> {
  const shown = display(dir, given, root);
  if (ignore && depth > 0 && ignore.test(dir)) {
    ignore.skipped.push(shown);
    return undefined;
  }
  // Listed once: for SKILL.md here, and for the folders to look in below.
  const listing = listFolder(dir);
  if ('entries' in listing && listing.entries.some((e) => (SKILL_FILE_NAMES as readonly string[]).includes(e.name))) {
    listings.set(dir, listing.entries);
    await add({ kind: 'skill', dir, displayPath: shown, root }, listedAsFolder);
    return 'skill';
  }
  if (await isPlugin(dir)) {
    await add({ kind: 'plugin', dir, displayPath: shown }, listedAsFolder);
    return undefined;
  }
  const marketplace = await readMarketplace(dir, shown);
  if (marketplace) {
    diagnostics.push(...marketplace.diagnostics);
    if (marketplace.manifest) {
      for (const { name, dir: pluginDir } of marketplace.localPlugins) {
        if (pluginDir !== dir && ignore?.test(pluginDir)) {
          ignore.skipped.push(display(pluginDir, given, root));
          continue;
        }
        if (pluginDir === dir || (await isPlugin(pluginDir))) {
          await add(
            { kind: 'plugin', dir: pluginDir, displayPath: display(pluginDir, given, root) },
            pluginDir === dir && listedAsFolder,
          );
          continue;
        }
        let reached = false;
        await discoverIn(
          pluginDir,
          given,
          root,
          maxDepth,
          depth + 1,
          async (t, listed) => {
            reached = true;
            await add(t, listed);
          },
          diagnostics,
          listings,
          ignore,
        );
        if (!reached) {
          diagnostics.push(
            diagnostic(
              `${shown}/.claude-plugin/marketplace.json`,
              'marketplace/empty-source',
              'warning',
              `plugin "${name}" not scored: ${display(pluginDir, given, root)} holds no plugin or skill`,
            ),
          );
        }
      }
      return undefined;
    }
  }
  if (depth >= maxDepth) return undefined;
  if ('error' in listing) {
    diagnostics.push(diagnostic(shown, 'file/unreadable', 'error', reason(listing.error)));
    return undefined;
  }
  // Sorted as a copy: the parse takes the listing as readdir gave it.
  const folders = listing.entries.filter(
    (e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules',
  );
  folders.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  let holdsSkill = false;
  for (const e of folders) {
    // A folder entry is not a link: it resolves from this folder's real path.
    const child = path.join(dir, e.name);
    if (
      (await discoverIn(child, given, root, maxDepth, depth + 1, add, diagnostics, listings, ignore, true)) === 'skill'
    )
      holdsSkill = true;
  }
  // A lone skill's parse lists the folder holding it (its siblings' paths): this listing serves it.
  if (holdsSkill) listings.set(dir, listing.entries);
  return undefined;
}
