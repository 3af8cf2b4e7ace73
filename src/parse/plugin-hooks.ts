/**
 * Every hooks mapping a plugin declares, where Claude Code reads them: hooks/hooks.json, hooks objects inline in
 * plugin.json, and the hooks files plugin.json lists. Each is checked (src/parse/hooks-file.ts) and kept with its file,
 * so the hook rules (security ones included) see a hook wherever it is declared. A listed file is read once however
 * often it is named, and only inside the plugin.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type * as Manifests from '../model/manifests.js';
import type { HookCommand, HooksFile, PluginManifest } from '../model/manifests.js';
import { checkHooksMapping } from './hooks-file.js';
import { readJsonFile } from './json.js';
import { isPlainObject } from '../util/plain-object.js';

/** One declared hooks mapping and the file it is in (display path). */
export interface HookSource {
  file: string;
  hooks: HooksFile['hooks'];
  /** The file's text and where each hook is in it, for diagnostics that point at a hook. */
  text: string;
  pathOf: ReadonlyMap<HookCommand, readonly (string | number)[]>;
}

export interface PluginHooks {
  /** hooks/hooks.json as loaded, when it is there and readable. */
  hooksFile: HooksFile | undefined;
  hasHooksFile: boolean;
  /** hooks/hooks.json first, then plugin.json's inline hooks, then the files it lists. */
  sources: HookSource[];
  diagnostics: Diagnostic[];
}

async function readHooksFile(
  schemas: typeof Manifests,
  abs: string,
  file: string,
  plugin: string,
): Promise<{ value: HooksFile | undefined; source?: HookSource; diagnostics: Diagnostic[] }> {
  const h = await readJsonFile(abs, file, schemas.HooksFileFrame, 'hooks/schema', plugin);
  if (!h.ok) return { value: undefined, diagnostics: h.diagnostics };
  const checked = checkHooksMapping(schemas, h.value.hooks, { file, text: h.text, prefix: ['hooks'] });
  return {
    value: { ...h.value, hooks: checked.hooks },
    source: { file, hooks: checked.hooks, text: h.text, pathOf: checked.pathOf },
    diagnostics: [...h.diagnostics, ...checked.diagnostics],
  };
}

/** The plugin's hooks; `manifest` and its text when plugin.json was read. */
export async function readPluginHooks(
  schemas: typeof Manifests,
  dir: string,
  displayPath: string,
  manifest: { value: PluginManifest; text: string } | undefined,
): Promise<PluginHooks> {
  const rel = (p: string) => `${displayPath}/${p}`;
  const diagnostics: Diagnostic[] = [];
  const sources: HookSource[] = [];
  const hooksPath = path.join(dir, 'hooks', 'hooks.json');
  const hasHooksFile = await fsp.stat(hooksPath).then(
    () => true,
    () => false,
  );
  let hooksFile: HooksFile | undefined;
  if (hasHooksFile) {
    const read = await readHooksFile(schemas, hooksPath, rel('hooks/hooks.json'), dir);
    diagnostics.push(...read.diagnostics);
    hooksFile = read.value;
    if (read.source) sources.push(read.source);
  }
  if (!manifest) return { hooksFile, hasHooksFile, sources, diagnostics };

  const manifestFile = rel('.claude-plugin/plugin.json');
  const declared = manifest.value.hooks;
  const entries = Array.isArray(declared)
    ? declared.map((h, i) => ({ h, prefix: ['hooks', i] }))
    : [{ h: declared, prefix: ['hooks'] }];
  const listed = new Set<string>([hooksPath]);
  for (const { h, prefix } of entries) {
    if (isPlainObject(h)) {
      // The mapping itself, as Claude Code reads it: a `hooks` wrapper is an event it does not know.
      const checked = checkHooksMapping(schemas, h, { file: manifestFile, text: manifest.text, prefix });
      diagnostics.push(...checked.diagnostics);
      sources.push({ file: manifestFile, hooks: checked.hooks, text: manifest.text, pathOf: checked.pathOf });
    } else if (typeof h === 'string') {
      // A path that is missing is plugin/path-not-found's; one named twice is read once.
      const abs = path.join(dir, h);
      if (listed.has(abs)) continue;
      listed.add(abs);
      const exists = await fsp.stat(abs).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) continue;
      const file = rel(path.posix.normalize(h));
      const read = await readHooksFile(schemas, abs, file, dir);
      diagnostics.push(...read.diagnostics);
      if (read.source) sources.push(read.source);
    }
  }
  return { hooksFile, hasHooksFile, sources, diagnostics };
}
