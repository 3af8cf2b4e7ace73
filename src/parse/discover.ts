import type { Dirent, Stats } from 'node:fs';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { readMarketplace } from './marketplace.js';
import { findSkillFile } from './skill.js';

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

const exists = (p: string) => fsp.stat(p).then(() => true, () => false);
const isDir = (p: string) => fsp.stat(p).then((s) => s.isDirectory(), () => false);

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

/**
 * Turn command-line paths into scoring targets: a skill folder (or its SKILL.md), a plugin, a marketplace
 * (each local plugin source), or any tree holding skills and plugins. A path that does not exist, or holds
 * nothing to score, is an InputError (exit 2).
 */
export async function discoverTargets(paths: readonly string[], options: { maxDepth?: number } = {}): Promise<Discovery> {
  const targets: Target[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const add = (t: Target) => {
    if (seen.has(t.dir)) return;
    seen.add(t.dir);
    targets.push(t);
  };
  for (const given of paths) {
    let abs = path.resolve(given);
    let stat: Stats;
    try {
      stat = await fsp.stat(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new InputError(code === 'ENOENT' ? `${given}: no such file or directory` : `${given}: cannot access (${code ?? String(err)})`, given);
    }
    let givenDir = given;
    if (stat.isFile()) {
      if (!/^skill\.md$/i.test(path.basename(abs))) throw new InputError(`${given}: expected a skill folder, SKILL.md, a plugin, a marketplace or a folder of skills`, given);
      abs = path.dirname(abs);
      givenDir = path.dirname(given);
    }
    const before = targets.length;
    await discoverIn(abs, givenDir, abs, options.maxDepth ?? 8, 0, add, diagnostics);
    if (targets.length === before) {
      throw new InputError(`${given}: no SKILL.md, plugin or marketplace found here (searched ${options.maxDepth ?? 8} levels deep)`, given);
    }
  }
  return { targets, diagnostics };
}

async function discoverIn(
  dir: string,
  given: string,
  root: string,
  maxDepth: number,
  depth: number,
  add: (t: Target) => void,
  diagnostics: Diagnostic[],
): Promise<void> {
  const shown = display(dir, given, root);
  if (await findSkillFile(dir)) {
    add({ kind: 'skill', dir, displayPath: shown });
    return;
  }
  if (await isPlugin(dir)) {
    add({ kind: 'plugin', dir, displayPath: shown });
    return;
  }
  const marketplace = await readMarketplace(dir, shown);
  if (marketplace) {
    diagnostics.push(...marketplace.diagnostics);
    if (marketplace.manifest) {
      for (const { dir: pluginDir } of marketplace.localPlugins) {
        if (pluginDir === dir || (await isPlugin(pluginDir))) {
          add({ kind: 'plugin', dir: pluginDir, displayPath: display(pluginDir, given, root) });
        } else {
          await discoverIn(pluginDir, given, root, maxDepth, depth + 1, add, diagnostics);
        }
      }
      return;
    }
  }
  if (depth >= maxDepth) return;
  let entries: Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.') || e.name === 'node_modules') continue;
    await discoverIn(path.join(dir, e.name), given, root, maxDepth, depth + 1, add, diagnostics);
  }
}
