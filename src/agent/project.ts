/**
 * The throw-away world one agent run happens in: a temp folder holding `project/` (the agent's working directory,
 * with the skill or plugin under test in `.claude/`) and `home/` (HOME and CLAUDE_CONFIG_DIR of the agent process).
 *
 * Isolation, and why a same-named skill cannot shadow the candidate:
 * - The agent's HOME and CLAUDE_CONFIG_DIR point at the empty `home/`, so user-level skills, agents, commands,
 *   hooks, MCP servers, settings and CLAUDE.md of the real user are not there to be found; the runner also loads
 *   settings from the project only (settingSources ['project']).
 * - `home/` sits beside `project/`, not inside it, so the agent's own Glob/Grep never see its config files.
 * - Claude Code also reads `.claude/skills/` and CLAUDE.md of every folder ABOVE the working directory (checked
 *   by experiment: a skill in an ancestor of the temp folder is listed beside the candidate). The temp folder's
 *   ancestors are therefore checked: a same-named skill there is visible to the agent and the run is refused
 *   (ShadowedSkillError); any other skill folder or CLAUDE.md there leaks into every run and is reported as a
 *   warning.
 * - The real user's `~/.claude/skills/<name>` is invisible to the run, so it only warns: the user is told that
 *   their own sessions see a different skill of that name than the one measured.
 * A project-level skill wins over Claude Code's bundled skill of the same name (also checked by experiment), so
 * a bundled name is not a shadow.
 *
 * Cleanup: every live temp folder is in one registry (src/util/exit-cleanup.ts); `dispose` removes it, and one
 * process hook removes whatever is left on exit and on SIGINT/SIGTERM (then lets the signal do what it would have
 * done).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { InputError, PluginEvalError } from '../errors.js';
import { folderCleanup, REMOVE_FOLDER } from '../util/exit-cleanup.js';
import { makeDir } from '../util/make-dir.js';
import { copyInstall } from './install-copy.js';
import type { AgentInstall } from './types.js';

/** A skill of the candidate's name exists where the agent would see it: measuring would measure the wrong skill. */
export class ShadowedSkillError extends PluginEvalError {
  readonly skill: string;

  constructor(skill: string, shadowDir: string) {
    super(
      'INPUT',
      `refusing to run: a skill named "${skill}" at ${shadowDir} would be visible to the agent beside the candidate ` +
        `(Claude Code reads .claude/skills in every folder above its working directory); move or rename it, or ` +
        `set the ` +
        `temp folder elsewhere (TMPDIR)`,
      { path: shadowDir },
    );
    this.name = 'ShadowedSkillError';
    this.skill = skill;
  }
}

export interface RunProject {
  /** The temp folder holding `project/` and `home/`. */
  root: string;
  projectDir: string;
  homeDir: string;
  configDir: string;
  /** Names of the skills installed for this run (a skill and its plugin's other skills, or each skill of a plugin). */
  skillNames: string[];
  /** The skills whose activation counts: the one skill, or every skill of a plugin installed as a plugin. */
  candidateNames: string[];
  /** Other skills the agent saw listed beside the one under test (its plugin's). */
  siblings: string[];
  /** What of the source was not installed, one line each (hooks, links leaving the folder, special files). */
  leftOut: string[];
  /** Things the user should know that do not stop the run (a same-named skill of their own, leaking ancestors). */
  warnings: string[];
  /** Remove the temp folder; with `keepProject`, keep `project/` and return its path. Safe to call twice. */
  dispose(options?: {
    keepProject?: boolean /** The agent was stopped (abort, timeout, crash): it may still write for a moment. */;
    stopping?: boolean;
  }): Promise<string | undefined>;
}

export interface RunProjectOptions {
  /** Where temp folders go (default the OS temp folder). */
  tempDir?: string;
  /** The real user's home, checked for a same-named skill to warn about (default os.homedir()). */
  realHome?: string;
}

const runFolders = folderCleanup();

const LINGER_CHECKS = 6;
const LINGER_MS = 250;

/** Temp folders of runs still in progress (for tests and diagnostics). */
export function liveRunFolders(): string[] {
  return runFolders.folders();
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Skill folders of a plugin: each `skills/<name>/` holding a SKILL.md. */
export function pluginSkillNames(pluginDir: string): string[] {
  const skillsDir = join(pluginDir, 'skills');
  if (!isDir(skillsDir)) return [];
  return readdirSync(skillsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(skillsDir, entry.name, 'SKILL.md')))
    .map((entry) => entry.name)
    .sort();
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let current = resolve(dir); ; current = dirname(current)) {
    out.push(current);
    if (dirname(current) === current) return out;
  }
}

/**
 * Refuse when a same-named skill is visible to the agent (in `.claude/skills` of the temp folder or any folder
 * above it); collect warnings for what is visible but not same-named, and for the real user's own same-named skill.
 */
export function checkShadowing(
  names: readonly string[],
  tempDir: string,
  realHome: string,
  realConfigDir?: string,
): string[] {
  const warnings: string[] = [];
  for (const dir of ancestors(tempDir)) {
    const skills = join(dir, '.claude', 'skills');
    if (isDir(skills)) {
      for (const name of names) if (isDir(join(skills, name))) throw new ShadowedSkillError(name, join(skills, name));
      warnings.push(
        `${skills} is above the run's temp folder, so its skills are listed to the agent in every run beside ` +
          `the candidate`,
      );
    }
    for (const file of ['CLAUDE.md', 'CLAUDE.local.md', join('.claude', 'CLAUDE.md')]) {
      if (existsSync(join(dir, file)))
        warnings.push(`${join(dir, file)} is above the run's temp folder, so the agent reads it in every run`);
    }
  }
  const userSkillDirs = [
    join(realHome, '.claude', 'skills'),
    ...(realConfigDir ? [join(realConfigDir, 'skills')] : []),
  ];
  for (const skills of new Set(userSkillDirs)) {
    for (const name of names) {
      if (isDir(join(skills, name))) {
        warnings.push(
          `you have your own skill "${name}" at ${join(skills, name)}; the measured runs do not see it ` +
            `(isolated config home), ` +
            `but your own Claude Code sessions do, so they may use that one instead of the candidate`,
        );
      }
    }
  }
  return warnings;
}

/** A project-relative destination for an eval input file; refuses absolute paths and `..` escapes. */
function insideProject(projectDir: string, to: string): string {
  const cleaned = normalize(to);
  if (isAbsolute(cleaned) || cleaned === '..' || cleaned.startsWith(`..${sep}`)) {
    throw new InputError(`run input file destination "${to}" must be a path inside the project`, to);
  }
  return join(projectDir, cleaned);
}

/** The plugin a skill folder belongs to (`<plugin>/skills/<dir>/` beside `<plugin>/.claude-plugin/`), or undefined. */
export function enclosingPlugin(skillDir: string): string | undefined {
  const skills = dirname(resolve(skillDir));
  if (basename(skills) !== 'skills') return undefined;
  const plugin = dirname(skills);
  return isDir(join(plugin, '.claude-plugin')) ? plugin : undefined;
}

const isSkillFile = (rel: string): boolean => rel === 'SKILL.md';
const isMarkdown = (rel: string): boolean => rel.endsWith('.md');

/**
 * Copy a plugin's skills, agents and commands (routing sees those; its hooks and MCP servers are never installed).
 * With `candidate`, that skill folder is installed under the candidate's name and the other skills beside it.
 */
async function installPlugin(
  pluginDir: string,
  claude: string,
  leftOut: string[],
  candidate?: { dir: string; name: string; exclude: ReadonlySet<string> },
): Promise<void> {
  const hookFiles = [join(pluginDir, 'hooks', 'hooks.json'), join(pluginDir, '.mcp.json')].filter((file) =>
    existsSync(file),
  );
  for (const file of hookFiles) leftOut.push(`${file.slice(pluginDir.length + 1)} of the plugin (not installed)`);
  for (const part of ['agents', 'commands']) {
    if (isDir(join(pluginDir, part)))
      await copyInstall(join(pluginDir, part), join(claude, part), { label: part, hooksIn: isMarkdown, leftOut });
  }
  const skillsDir = join(pluginDir, 'skills');
  if (!isDir(skillsDir)) return;
  const candidateDir = candidate === undefined ? undefined : resolve(candidate.dir);
  for (const name of pluginSkillNames(pluginDir)) {
    const dir = join(skillsDir, name);
    if (dir === candidateDir) continue;
    await copyInstall(dir, join(claude, 'skills', name), { label: `skills/${name}`, hooksIn: isSkillFile, leftOut });
  }
  if (candidate !== undefined) {
    await copyInstall(candidate.dir, join(claude, 'skills', candidate.name), {
      label: `skills/${candidate.name}`,
      exclude: candidate.exclude,
      hooksIn: isSkillFile,
      leftOut,
    });
  }
}

async function install(what: AgentInstall, projectDir: string, leftOut: string[]): Promise<void> {
  const claude = join(projectDir, '.claude');
  if (what.kind === 'skill') {
    if (!existsSync(join(what.dir, 'SKILL.md')))
      throw new InputError(`${what.dir}: not a skill folder (no SKILL.md)`, what.dir);
    const exclude = new Set((what.exclude ?? []).map((rel) => join(what.dir, normalize(rel))));
    // A skill of a plugin is installed as it is given by the plugin's path: with its plugin's other parts.
    const plugin = enclosingPlugin(what.dir);
    if (plugin !== undefined) await installPlugin(plugin, claude, leftOut, { dir: what.dir, name: what.name, exclude });
    else
      await copyInstall(what.dir, join(claude, 'skills', what.name), {
        label: `skills/${what.name}`,
        exclude,
        hooksIn: isSkillFile,
        leftOut,
      });
  } else if (what.kind === 'plugin') {
    await installPlugin(what.dir, claude, leftOut);
  }
}

/**
 * Names the install lists to the agent: the skill's (and its plugin's other skills), or each skill folder of the
 * plugin.
 */
export function installedSkillNames(what: AgentInstall): string[] {
  if (what.kind === 'skill') {
    const plugin = enclosingPlugin(what.dir);
    const others =
      plugin === undefined
        ? []
        : pluginSkillNames(plugin).filter((name) => join(plugin, 'skills', name) !== resolve(what.dir));
    return [what.name, ...others.filter((name) => name !== what.name)];
  }
  if (what.kind === 'plugin') return pluginSkillNames(what.dir);
  return [];
}

/** Make the isolated temp project for one run. Throws ShadowedSkillError or InputError before creating anything. */
export async function createRunProject(
  what: AgentInstall,
  files: readonly { from: string; to: string }[] = [],
  options: RunProjectOptions = {},
): Promise<RunProject> {
  const tempDir = resolve(options.tempDir ?? tmpdir());
  const skillNames = installedSkillNames(what);
  const candidateNames = what.kind === 'skill' ? [what.name] : skillNames;
  const leftOut: string[] = [];
  const warnings = checkShadowing(skillNames, tempDir, options.realHome ?? homedir(), process.env.CLAUDE_CONFIG_DIR);
  const root = await mkdtemp(join(tempDir, 'plugin-eval-run-'));
  runFolders.add(root);
  const projectDir = join(root, 'project');
  const homeDir = join(root, 'home');
  const configDir = join(homeDir, '.claude');
  let disposed = false;
  const dispose = async (opts: { keepProject?: boolean; stopping?: boolean } = {}): Promise<string | undefined> => {
    if (disposed) return opts.keepProject ? projectDir : undefined;
    disposed = true;
    const target = opts.keepProject ? homeDir : root;
    try {
      await rm(target, REMOVE_FOLDER);
      // An agent stopped by an abort or a timeout can still write its config home for a moment after the
      // session ends: look again a few times and remove what reappeared.
      for (let i = 0; opts.stopping && i < LINGER_CHECKS; i++) {
        await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
        if (existsSync(target)) await rm(target, REMOVE_FOLDER);
      }
    } finally {
      runFolders.forget(root);
    }
    return opts.keepProject ? projectDir : undefined;
  };
  try {
    await makeDir(configDir);
    await makeDir(projectDir);
    await install(what, projectDir, leftOut);
    for (const file of files) {
      const target = insideProject(projectDir, file.to);
      await makeDir(dirname(target));
      // An input file is the user's own, named in their eval suite: copied as it is, a linked file read through.
      await cp(file.from, target, { recursive: true, dereference: true }).catch((error: unknown) => {
        throw new InputError(
          `${file.from}: cannot copy into the run project (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
          file.from,
          error,
        );
      });
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  const siblings = skillNames.filter((name) => !candidateNames.includes(name));
  return { root, projectDir, homeDir, configDir, skillNames, candidateNames, siblings, leftOut, warnings, dispose };
}
