/**
 * Builds throw-away skill folders for check tests and returns them parsed.
 *
 * Layout (always): `<tmp>/plugin/skills/<dirName>/...` with sibling skills in `<tmp>/plugin/skills/<sibling>/`
 * and, when `agents` is given, `<tmp>/plugin/agents/<name>.md` (then `pluginRoot` is passed to parseSkill).
 * Call `cleanupSkills()` in an `afterAll` (or use `useSkillCleanup()`) to remove every folder made so far.
 * The folders are made by hand rather than in a `tempTree`: they are made inside tests, where no hook can be added,
 * and the test files of the shared-module folders (vitest.config.ts) share this module, so it cannot hold one tree per
 * file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { stringify } from 'yaml';
import { parseMarkdownComponent, type MarkdownComponent } from '../../src/parse/plugin.js';
import { parseSkill, type SkillDocument } from '../../src/parse/skill.js';

export interface MakeSkillOptions {
  /** Name of the skill folder (default `test-skill`). */
  dirName?: string;
  /** Other skill folders beside this one: folder name -> its files (e.g. `{ 'SKILL.md': '...' }`). */
  siblings?: Record<string, Record<string, string>>;
  /** Plugin agents: file stem -> Markdown text, written to `<plugin>/agents/<stem>.md`. */
  agents?: Record<string, string>;
}

const made: string[] = [];

function tempRoot(prefix: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(root);
  return root;
}

/** Write `files` under `dir`. A key ending in `/` makes an empty folder. */
function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  mkdirSync(dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    if (rel.endsWith('/')) {
      mkdirSync(abs, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/** Write a skill folder (plus siblings and agents) to a temporary plugin and parse it. Throws if parsing fails. */
export async function makeSkill(
  files: Record<string, string | Buffer>,
  options: MakeSkillOptions = {},
): Promise<SkillDocument> {
  const dirName = options.dirName ?? 'test-skill';
  const pluginRoot = path.join(tempRoot('plugin-eval-skill-'), 'plugin');
  const skillsDir = path.join(pluginRoot, 'skills');
  const skillDir = path.join(skillsDir, dirName);
  writeTree(skillDir, files);
  for (const [name, siblingFiles] of Object.entries(options.siblings ?? {}))
    writeTree(path.join(skillsDir, name), siblingFiles);
  const hasAgents = options.agents !== undefined;
  if (hasAgents) {
    const agentsDir = path.join(pluginRoot, 'agents');
    mkdirSync(agentsDir, { recursive: true });
    for (const [stem, text] of Object.entries(options.agents ?? {}))
      writeFileSync(path.join(agentsDir, `${stem}.md`), text);
  }
  const parsed = await parseSkill(skillDir, {
    displayPath: `skills/${dirName}`,
    context: { skillsDir, pluginRoot: hasAgents ? pluginRoot : undefined },
  });
  if (!parsed.ok)
    throw new Error(
      `makeSkill: parse failed: ${parsed.diagnostics.map((d) => `${d.ruleId}: ${d.message}`).join('; ')}`,
    );
  return parsed.skill;
}

/** Write one agent or command file to a temporary folder and parse it. Throws if it cannot be read. */
export async function makeComponent(
  text: string,
  kind: 'agent' | 'command',
  stem = 'test-component',
): Promise<MarkdownComponent> {
  const dir = path.join(tempRoot('plugin-eval-component-'), kind === 'agent' ? 'agents' : 'commands');
  mkdirSync(dir, { recursive: true });
  const abs = path.join(dir, `${stem}.md`);
  writeFileSync(abs, text);
  const parsed = await parseMarkdownComponent(abs, `${kind}s/${stem}.md`, kind);
  if (!('kind' in parsed)) throw new Error(`makeComponent: ${parsed.ruleId}: ${parsed.message}`);
  return parsed;
}

/** Remove every temporary folder made so far. */
export function cleanupSkills(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Register `cleanupSkills` to run after the calling test file. */
export function useSkillCleanup(): void {
  afterAll(cleanupSkills);
}

/**
 * SKILL.md text: `---\n<yaml>---\n<body>`. An object is written one key per line (no folding); a string is used
 * as the YAML verbatim (a missing final newline is added). The body is appended exactly as given, so a file with
 * K frontmatter lines has `K + 2 + body.split('\n').length` lines.
 */
export function skillMd(frontmatter: Record<string, unknown> | string, body: string): string {
  let yaml = typeof frontmatter === 'string' ? frontmatter : stringify(frontmatter, { lineWidth: 0 });
  if (yaml !== '' && !yaml.endsWith('\n')) yaml += '\n';
  return `---\n${yaml}---\n${body}`;
}

/** `n` lines joined by `\n` (so `.split('\n')` gives exactly `n` pieces); `Line 1`, `Line 2`, ... by default. */
export function textLines(n: number, make: (i: number) => string = (i) => `Line ${i + 1}`): string {
  return Array.from({ length: n }, (_, i) => make(i)).join('\n');
}
