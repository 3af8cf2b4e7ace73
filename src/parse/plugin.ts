import type { Dirent } from 'node:fs';
import { promises as fsp, lstatSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type * as Manifests from '../model/manifests.js';
import type { HooksFile, PluginManifest } from '../model/manifests.js';
import { PLUGIN_MANIFEST_KEYS } from '../model/names.js';
import { parseFrontmatter, type Frontmatter } from './frontmatter.js';
import { describeFsError, isInside, readTextFile } from './fs.js';
import { readJsonFile } from './json.js';
import { checkMcpServers, mcpServersOf } from './mcp.js';
import { readPluginHooks, type HookSource } from './plugin-hooks.js';
import { manifestPathDiagnostics } from './plugin-paths.js';
import { readMarketplace } from './marketplace.js';
import { analyseMarkdown, type MarkdownFacts } from './markdown.js';
import { agentNamesOf, findSkillFile, listTree, parseSkill, type FolderTree, type SkillDocument } from './skill.js';
import { isPlainObject } from '../util/plain-object.js';

/** An agent or command: a Markdown file with frontmatter. */
export interface MarkdownComponent {
  kind: 'agent' | 'command';
  file: string;
  abs: string;
  /** File name without `.md`. */
  stem: string;
  /** The file's text as read (BOM removed): tips edit a copy of it. */
  text: string;
  frontmatter: Frontmatter;
  data: Record<string, unknown>;
  body: string;
  markdown: MarkdownFacts;
  diagnostics: Diagnostic[];
}

export interface PluginDocument {
  kind: 'plugin';
  dir: string;
  displayPath: string;
  dirName: string;
  /** Manifest name, else the folder name (as PluginEval does). */
  name: string;
  hasManifestDir: boolean;
  manifest: PluginManifest | undefined;
  skills: SkillDocument[];
  agents: MarkdownComponent[];
  commands: MarkdownComponent[];
  /** hooks/hooks.json as loaded. */
  hooks: HooksFile | undefined;
  /** Every hooks mapping the plugin declares, with its file: hooks/hooks.json, plugin.json's inline and listed ones. */
  hookSources: HookSource[];
  hasHooksFile: boolean;
  diagnostics: Diagnostic[];
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A folder's entries by name; none when it cannot be listed. Synchronous, as the reads in ./fs.ts. */
function listDir(abs: string): Dirent[] {
  try {
    return readdirSync(abs, { withFileTypes: true }).sort(byName);
  } catch {
    return [];
  }
}

const exists = (p: string) =>
  fsp.stat(p).then(
    () => true,
    () => false,
  );

/** Whether a symlink resolves inside `root` (a broken link counts as inside: `unresolvedLink` reports it). */
function isLink(at: string): boolean {
  try {
    return lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false; // not there for us to list either
  }
}

function linksInside(link: string, root: string): boolean {
  try {
    return isInside(realpathSync(link), realpathSync(root));
  } catch {
    return true;
  }
}

/**
 * Why a symlink under skills/ cannot be followed (dangling, or a loop), said with the rules the skill folder's own
 * listing uses; undefined when it resolves. Without it a skill whose link broke would vanish from the plugin unsaid.
 */
function unresolvedLink(link: string, file: string): Diagnostic | undefined {
  try {
    realpathSync(link);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ELOOP'
      ? diagnostic(file, 'file/symlink-loop', 'warning', 'symlink loop; not followed')
      : diagnostic(file, 'file/broken-symlink', 'warning', `symlink cannot be resolved: ${describeFsError(err)}`);
  }
}

export async function parseMarkdownComponent(
  abs: string,
  file: string,
  kind: 'agent' | 'command',
  within?: string,
): Promise<MarkdownComponent | Diagnostic> {
  const read = await readTextFile(abs, file, undefined, within);
  if (!read.ok) return read.diagnostic;
  return markdownComponentFromText(read.file.text, { abs, file, kind }, read.file.diagnostics);
}

/**
 * An agent or command from its text (pure): what `parseMarkdownComponent` builds after reading the file, and what
 * a tip's simulation builds from the edited text in memory.
 */
export function markdownComponentFromText(
  text: string,
  where: { abs: string; file: string; kind: 'agent' | 'command' },
  readDiagnostics: readonly Diagnostic[] = [],
): MarkdownComponent {
  const { abs, file, kind } = where;
  const frontmatter = parseFrontmatter(text, file);
  return {
    kind,
    file,
    abs,
    stem: path.basename(abs, '.md'),
    text,
    frontmatter,
    data: frontmatter.data ?? {},
    body: frontmatter.body,
    markdown: analyseMarkdown(frontmatter.body),
    diagnostics: [
      ...readDiagnostics,
      ...frontmatter.diagnostics.filter((d) => kind === 'agent' || d.ruleId !== 'frontmatter/missing'),
    ],
  };
}

/** The MCP servers plugin.json declares inline, checked as those of .mcp.json are (at plugin.json's lines). */
function inlineMcpDiagnostics(
  schemas: typeof Manifests,
  manifest: PluginManifest,
  text: string,
  file: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (isPlainObject(manifest.mcpServers))
    out.push(
      ...checkMcpServers(schemas, manifest.mcpServers, {
        file,
        text,
        prefix: ['mcpServers'],
        ruleId: 'plugin/manifest-schema',
      }),
    );
  return out;
}

/** Parse a plugin folder: manifest, skills/, agents/, commands/, hooks/hooks.json and .mcp.json. */
export async function parsePlugin(dir: string, options: { displayPath?: string } = {}): Promise<PluginDocument> {
  const abs = path.resolve(dir);
  const displayPath = options.displayPath ?? dir;
  const rel = (p: string) => `${displayPath}/${p}`;
  const diagnostics: Diagnostic[] = [];

  // zod loads only when a plugin is scored: a lone skill never pays for it.
  const schemas = await import('../model/manifests.js');
  const { McpFileFrame, PluginManifest } = schemas;
  const hasManifestDir = await exists(path.join(abs, '.claude-plugin'));
  let manifest: PluginManifest | undefined;
  let manifestText: string | undefined;
  const manifestPath = path.join(abs, '.claude-plugin', 'plugin.json');
  if (await exists(manifestPath)) {
    const m = await readJsonFile(
      manifestPath,
      rel('.claude-plugin/plugin.json'),
      PluginManifest,
      'plugin/manifest-schema',
      abs,
    );
    diagnostics.push(...m.diagnostics);
    if (m.ok) {
      manifest = m.value;
      manifestText = m.text;
      for (const key of Object.keys(m.value)) {
        if (!PLUGIN_MANIFEST_KEYS.has(key)) {
          diagnostics.push(
            diagnostic(
              rel('.claude-plugin/plugin.json'),
              'plugin/manifest-unknown-key',
              'warning',
              `unknown key "${key}"`,
            ),
          );
        }
      }
      diagnostics.push(...(await manifestPathDiagnostics(abs, m.value, m.text, rel('.claude-plugin/plugin.json'))));
      diagnostics.push(...inlineMcpDiagnostics(schemas, m.value, m.text, rel('.claude-plugin/plugin.json')));
    }
  }

  // A plugin folder may also be a marketplace (PluginEval treats such a folder as a plugin).
  const marketplace = await readMarketplace(abs, displayPath);
  if (marketplace) diagnostics.push(...marketplace.diagnostics);

  // skills/, agents/ and commands/ are listed only where they stay inside the plugin: one that is a link out of it is
  // reported and read as empty, as a link out under skills/ is (listing it would read another folder's names, and
  // its skills' files).
  const staysInside = (folder: string): boolean => {
    const at = path.join(abs, folder);
    if (!isLink(at) || linksInside(at, abs)) return true;
    diagnostics.push(
      diagnostic(
        rel(folder),
        'file/symlink-escapes',
        'warning',
        'symlink points outside the plugin folder; not followed',
      ),
    );
    return false;
  };
  const skills: SkillDocument[] = [];
  const skillsDir = path.join(abs, 'skills');
  const skillsInside = staysInside('skills');
  const tree: FolderTree = skillsInside ? listTree(skillsDir) : { paths: new Set(), entries: new Map() };
  // agents/ is listed once: its names for the skills' cross-references, its entries for the agents parsed below.
  const agentEntries = staysInside('agents') ? listDir(path.join(abs, 'agents')) : [];
  const agentNames = agentNamesOf(agentEntries.map((e) => e.name));
  const skillEntries = skillsInside ? (tree.entries.get(skillsDir)?.slice().sort(byName) ?? listDir(skillsDir)) : [];
  for (const entry of skillEntries) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    const skillDir = path.join(skillsDir, entry.name);
    const unresolved = entry.isSymbolicLink() ? unresolvedLink(skillDir, rel(`skills/${entry.name}`)) : undefined;
    if (unresolved) {
      diagnostics.push(unresolved);
      continue;
    }
    if (entry.isSymbolicLink() && !linksInside(skillDir, abs)) {
      diagnostics.push(
        diagnostic(
          rel(`skills/${entry.name}`),
          'file/symlink-escapes',
          'warning',
          'symlink points outside the plugin folder; not followed',
        ),
      );
      continue;
    }
    if (!(await findSkillFile(skillDir, tree.entries))) continue;
    const parsed = await parseSkill(skillDir, {
      displayPath: rel(`skills/${entry.name}`),
      listed: tree.entries,
      context: { skillsDir, pluginRoot: abs, siblings: tree.paths, agents: agentNames },
    });
    if (parsed.ok) skills.push(parsed.skill);
    else diagnostics.push(...parsed.diagnostics);
  }

  const components = async (folder: string, kind: 'agent' | 'command', entries: readonly Dirent[]) => {
    const out: MarkdownComponent[] = [];
    for (const entry of entries) {
      if (!entry.name.endsWith('.md') || entry.isDirectory()) continue;
      const c = await parseMarkdownComponent(
        path.join(abs, folder, entry.name),
        rel(`${folder}/${entry.name}`),
        kind,
        abs,
      );
      if ('kind' in c) out.push(c);
      else diagnostics.push(c);
    }
    return out;
  };
  const agents = await components('agents', 'agent', agentEntries);
  const commands = await components(
    'commands',
    'command',
    staysInside('commands') ? listDir(path.join(abs, 'commands')) : [],
  );

  const pluginHooks = await readPluginHooks(
    schemas,
    abs,
    displayPath,
    manifest && manifestText !== undefined ? { value: manifest, text: manifestText } : undefined,
  );
  diagnostics.push(...pluginHooks.diagnostics);
  const mcpPath = path.join(abs, '.mcp.json');
  if (await exists(mcpPath)) {
    const file = rel('.mcp.json');
    const m = await readJsonFile(mcpPath, file, McpFileFrame, 'mcp/schema', abs);
    diagnostics.push(...m.diagnostics);
    if (m.ok) {
      const { servers, prefix } = mcpServersOf(m.value);
      diagnostics.push(...checkMcpServers(schemas, servers, { file, text: m.text, prefix, ruleId: 'mcp/schema' }));
    }
  }

  return {
    kind: 'plugin',
    dir: abs,
    displayPath,
    dirName: path.basename(abs),
    name: manifest?.name ?? path.basename(abs),
    hasManifestDir,
    manifest,
    skills,
    agents,
    commands,
    hooks: pluginHooks.hooksFile,
    hookSources: pluginHooks.sources,
    hasHooksFile: pluginHooks.hasHooksFile,
    diagnostics,
  };
}
