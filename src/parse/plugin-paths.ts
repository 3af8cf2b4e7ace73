/**
 * The component paths plugin.json names (commands, agents, skills, hooks and MCP files, output styles): each must be
 * there, inside the plugin, or Claude Code fails to load the plugin. Only the manifest's own strings are looked at
 * (the schema has already refused "../" and paths without "./"); nothing is read, and a link that leads out of the
 * plugin counts as missing.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { PluginManifest } from '../model/manifests.js';
import { isInside } from './fs.js';
import { locateKeyPosition } from './json.js';

const PATH_KEYS = ['commands', 'agents', 'skills', 'hooks', 'mcpServers', 'outputStyles', 'lspServers'] as const;

/** Each path string of a manifest key, with where it sits: `["hooks", 0]` for the first of a list. */
function declaredPaths(manifest: PluginManifest): { at: (string | number)[]; value: string }[] {
  const out: { at: (string | number)[]; value: string }[] = [];
  for (const key of PATH_KEYS) {
    const v: unknown = manifest[key];
    if (typeof v === 'string') out.push({ at: [key], value: v });
    else if (Array.isArray(v))
      v.forEach((item: unknown, i) => {
        if (typeof item === 'string') out.push({ at: [key, i], value: item });
      });
  }
  return out;
}

async function existsInside(target: string, root: string): Promise<boolean> {
  try {
    const [real, realRoot] = await Promise.all([fsp.realpath(target), fsp.realpath(root)]);
    return isInside(real, realRoot);
  } catch {
    return false;
  }
}

/** One `plugin/path-not-found` error per path the manifest names that is not in the plugin folder `dir`. */
export async function manifestPathDiagnostics(
  dir: string,
  manifest: PluginManifest,
  manifestText: string,
  file: string,
): Promise<Diagnostic[]> {
  const paths = declaredPaths(manifest);
  const found = await Promise.all(paths.map((p) => existsInside(path.join(dir, p.value), dir)));
  return paths
    .filter((_, i) => !found[i])
    .map((p) => {
      const where = p.at.map((s) => (typeof s === 'number' ? `[${s}]` : s)).join('');
      const at = locateKeyPosition(manifestText, p.at);
      return diagnostic(
        file,
        'plugin/path-not-found',
        'error',
        `${where}: "${p.value}" is not in the plugin folder (Claude Code fails to load the plugin)`,
        at.line,
        at.column,
      );
    });
}
