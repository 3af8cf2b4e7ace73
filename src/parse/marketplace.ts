import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { MarketplaceManifest } from '../model/manifests.js';
import { readJsonFile } from './json.js';

export interface Marketplace {
  manifest: MarketplaceManifest | undefined;
  /** Local plugin folders the marketplace lists (remote sources are not fetched). */
  localPlugins: { name: string; dir: string }[];
  diagnostics: Diagnostic[];
}

/** A remote plugin source in words: `github x/y`, `url https://...`, or the string as given. */
function describeRemote(source: unknown): string {
  if (typeof source === 'string') return `remote source ${source}`;
  const s = source as Record<string, unknown>;
  const where = [s.repo, s.url, s.package].find((v) => typeof v === 'string');
  return `remote source (${String(s.source)}${where ? ` ${String(where)}` : ''})`;
}

/** A relative source (or pluginRoot) with a `..` segment, or an absolute pluginRoot: it can name a folder outside. */
function leavesRoot(pluginRoot: string, source: string): boolean {
  const hasParent = (p: string): boolean => p.split(/[\\/]/).includes('..');
  return hasParent(source) || hasParent(pluginRoot) || path.isAbsolute(pluginRoot);
}

/** Read and check `.claude-plugin/marketplace.json` under `dir`, or undefined when there is none. */
export async function readMarketplace(dir: string, displayPath: string): Promise<Marketplace | undefined> {
  const abs = path.join(dir, '.claude-plugin', 'marketplace.json');
  if (!existsSync(abs)) return undefined;
  const file = `${displayPath}/.claude-plugin/marketplace.json`;
  const { MarketplaceManifest } = await import('../model/manifests.js');
  const m = await readJsonFile(abs, file, MarketplaceManifest, 'marketplace/schema', dir);
  const diagnostics = [...m.diagnostics];
  const localPlugins: Marketplace['localPlugins'] = [];
  if (m.ok) {
    const pluginRoot = m.value.metadata?.pluginRoot ?? '.';
    const names = new Set<string>();
    for (const entry of m.value.plugins) {
      if (names.has(entry.name))
        diagnostics.push(
          diagnostic(file, 'marketplace/duplicate-plugin', 'error', `plugin "${entry.name}" is listed twice`),
        );
      names.add(entry.name);
      const source = typeof entry.source === 'string' ? entry.source : undefined;
      if (!source || !/^\.{1,2}\//.test(source)) {
        // Remote sources (github, url, git, npm...) would need a download; say so rather than skip silently.
        diagnostics.push(
          diagnostic(
            file,
            'marketplace/remote-source',
            'warning',
            `plugin "${entry.name}" not scored: ${describeRemote(entry.source)} is not fetched`,
          ),
        );
        continue;
      }
      // Claude Code refuses a source with a `..` segment ("path traversal not allowed"), and a marketplace must not
      // make us read, score and send to a judge a folder outside it; pluginRoot is part of the same path.
      if (leavesRoot(pluginRoot, source)) {
        diagnostics.push(
          diagnostic(
            file,
            'marketplace/source-outside-root',
            'error',
            `plugin "${entry.name}" not scored: ` +
              `source ${source}${pluginRoot === '.' ? '' : ` (under pluginRoot ${pluginRoot})`} leaves the ` +
              `marketplace folder; Claude Code refuses a source with ".."`,
          ),
        );
        continue;
      }
      const pluginDir = path.resolve(dir, pluginRoot, source);
      const isDir = statSync(pluginDir, { throwIfNoEntry: false })?.isDirectory() ?? false;
      if (!isDir) {
        diagnostics.push(
          diagnostic(
            file,
            'marketplace/missing-source',
            'error',
            `plugin "${entry.name}" not scored: source ${source} does not exist`,
          ),
        );
        continue;
      }
      localPlugins.push({ name: entry.name, dir: pluginDir });
    }
  }
  return { manifest: m.ok ? m.value : undefined, localPlugins, diagnostics };
}
