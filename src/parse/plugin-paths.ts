/**
 * The component paths plugin.json names (commands, agents, skills, hooks and MCP files, output styles): each must be
 * there, inside the plugin, or Claude Code fails to load the plugin, and start with "./", which Claude Code requires.
 * Only the manifest's own strings are looked at (the schema has already refused absolute paths and ".."); nothing is
 * read, and a link that leads out of the plugin counts as missing.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { PluginManifest } from '../model/manifests.js';
import { isInside } from './fs.js';
import { locateKeyPosition } from './json.js';

const PATH_KEYS = ['commands', 'agents', 'skills', 'hooks', 'mcpServers', 'outputStyles', 'lspServers'] as const;

/**
 * Each path string of a manifest key, with where it sits: `["hooks", 0]` for the first of a list. Takes any parsed
 * JSON object (plugin/path-prefix's fix reads the file again).
 */
export function declaredPaths(
  manifest: Readonly<Record<string, unknown>>,
): { at: (string | number)[]; value: string }[] {
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

/** A path Claude Code takes as it is written: it starts with "./". */
export const hasDotSlash = (value: string): boolean => value.startsWith('./');

/**
 * One `plugin/path-prefix` error per path the manifest names without its leading "./", and one `plugin/path-not-found`
 * error per path that is not in the plugin folder `dir`.
 */
export async function manifestPathDiagnostics(
  dir: string,
  manifest: PluginManifest,
  manifestText: string,
  file: string,
): Promise<Diagnostic[]> {
  const paths = declaredPaths(manifest);
  const found = await Promise.all(paths.map((p) => existsInside(path.join(dir, p.value), dir)));
  const out: Diagnostic[] = [];
  paths.forEach((p, i) => {
    const where = p.at.map((s) => (typeof s === 'number' ? `[${s}]` : s)).join('');
    if (hasDotSlash(p.value) && found[i]) return;
    const at = locateKeyPosition(manifestText, p.at);
    if (!hasDotSlash(p.value))
      out.push(
        diagnostic(
          file,
          'plugin/path-prefix',
          'error',
          `${where}: "${p.value}" must start with "./" (Claude Code refuses the plugin otherwise); write ` +
            `"./${p.value}"`,
          at.line,
          at.column,
        ),
      );
    if (!found[i])
      out.push(
        diagnostic(
          file,
          'plugin/path-not-found',
          'error',
          `${where}: "${p.value}" is not in the plugin folder (Claude Code fails to load the plugin)`,
          at.line,
          at.column,
        ),
      );
  });
  return out;
}
