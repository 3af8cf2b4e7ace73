import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkShadowing, createRunProject, liveRunFolders, ShadowedSkillError } from '../../src/agent/project.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-project-');
const skillDir = join(tree.write('src/notes/SKILL.md', '---\nname: notes\ndescription: Notes.\n---\nBody\n'), '..');
tree.write('src/notes/references/style.md', 'style');
const plugin = tree.dir('plugin');
tree.write('plugin/.claude-plugin/plugin.json', '{"name":"kit"}');
tree.write('plugin/skills/alpha/SKILL.md', '---\nname: alpha\ndescription: A.\n---\n');
tree.write('plugin/skills/beta/SKILL.md', '---\nname: beta\ndescription: B.\n---\n');
tree.write('plugin/skills/not-a-skill/README.md', 'no SKILL.md here');
tree.write('plugin/agents/reviewer.md', '---\nname: reviewer\n---\n');
tree.write('plugin/commands/ship.md', 'Ship it.');
tree.write('plugin/hooks/hooks.json', '{}');
const home = tree.dir('home');

describe('createRunProject', () => {
  it('installs the skill in project/.claude/skills/<name>, keeps HOME beside the project, and removes it all', async () => {
    const runs = tree.dir('runs-skill');
    const project = await createRunProject({ kind: 'skill', dir: skillDir, name: 'notes' }, [], {
      tempDir: runs,
      realHome: home,
    });
    expect(project.projectDir).toBe(join(project.root, 'project'));
    expect(project.configDir).toBe(join(project.root, 'home', '.claude'));
    expect(existsSync(join(project.projectDir, '.claude', 'skills', 'notes', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(project.projectDir, '.claude', 'skills', 'notes', 'references', 'style.md'))).toBe(true);
    expect(readdirSync(project.projectDir)).toEqual(['.claude']);
    expect(project.skillNames).toEqual(['notes']);
    expect(liveRunFolders()).toContain(project.root);
    await project.dispose();
    expect(readdirSync(runs)).toEqual([]);
    expect(liveRunFolders()).not.toContain(project.root);
  });

  it('leaves the eval suite measuring the skill out of the installed copy; its input files still reach the project', async () => {
    const dir = join(tree.write('src/graded/SKILL.md', '---\nname: graded\ndescription: G.\n---\nBody\n'), '..');
    tree.write('src/graded/evals/evals.json', '{"evals": [{"id": 1, "prompt": "p", "expected_output": "THE ANSWER"}]}');
    tree.write('src/graded/evals/files/data.csv', 'a,b\n');
    tree.write('src/graded/suite.json', '{"evals": []}');
    tree.write('src/graded/references/evals-guide.md', 'a reference whose name starts like it');
    const project = await createRunProject(
      { kind: 'skill', dir, name: 'graded', exclude: ['evals', 'suite.json'] },
      [{ from: join(dir, 'evals/files/data.csv'), to: 'evals/files/data.csv' }],
      { tempDir: tree.dir('runs-graded'), realHome: home },
    );
    const installed = join(project.projectDir, '.claude', 'skills', 'graded');
    expect(readdirSync(installed).sort()).toEqual(['SKILL.md', 'references']);
    expect(existsSync(join(installed, 'references', 'evals-guide.md'))).toBe(true);
    expect(readFileSync(join(project.projectDir, 'evals', 'files', 'data.csv'), 'utf8')).toBe('a,b\n');
    await project.dispose();
  });

  it("installs a plugin's skills, agents and commands (not its hooks) and lists its skills", async () => {
    const project = await createRunProject({ kind: 'plugin', dir: plugin }, [], {
      tempDir: tree.dir('runs-plugin'),
      realHome: home,
    });
    const claude = join(project.projectDir, '.claude');
    expect(readdirSync(claude).sort()).toEqual(['agents', 'commands', 'skills']);
    expect(existsSync(join(claude, 'agents', 'reviewer.md'))).toBe(true);
    expect(project.skillNames).toEqual(['alpha', 'beta']);
    await project.dispose();
  });

  it('copies input files into the project and refuses a destination outside it, leaving nothing behind', async () => {
    const runs = tree.dir('runs-files');
    const input = tree.write('inputs/log.txt', 'commits');
    const project = await createRunProject({ kind: 'none' }, [{ from: input, to: 'data/log.txt' }], {
      tempDir: runs,
      realHome: home,
    });
    expect(existsSync(join(project.projectDir, 'data', 'log.txt'))).toBe(true);
    expect(await project.dispose({ keepProject: true })).toBe(project.projectDir);
    expect(readdirSync(project.root)).toEqual(['project']);
    await expect(
      createRunProject({ kind: 'none' }, [{ from: input, to: '../escape.txt' }], { tempDir: runs, realHome: home }),
    ).rejects.toThrow(InputError);
    await expect(
      createRunProject({ kind: 'none' }, [{ from: join(tree.root, 'missing'), to: 'x' }], {
        tempDir: runs,
        realHome: home,
      }),
    ).rejects.toThrow(/cannot copy into the run project/);
    expect(readdirSync(runs)).toEqual([project.root.slice(runs.length + 1)]);
  });

  it('refuses a folder without SKILL.md', async () => {
    await expect(
      createRunProject({ kind: 'skill', dir: plugin, name: 'kit' }, [], {
        tempDir: tree.dir('runs-bad'),
        realHome: home,
      }),
    ).rejects.toThrow(/not a skill folder/);
  });
});

describe('checkShadowing', () => {
  it('refuses a same-named skill above the temp folder (the agent would see it)', () => {
    const base = tree.dir('shadow/a');
    mkdirSync(join(base, '.claude', 'skills', 'notes'), { recursive: true });
    const temp = tree.dir('shadow/a/b/tmp');
    expect(() => checkShadowing(['notes'], temp, home)).toThrow(ShadowedSkillError);
    expect(() => checkShadowing(['notes'], temp, home)).toThrow(`at ${join(base, '.claude', 'skills', 'notes')}`);
  });

  it('warns about other skills and CLAUDE.md above the temp folder, which leak into every run', () => {
    const base = tree.dir('leak');
    mkdirSync(join(base, '.claude', 'skills', 'other'), { recursive: true });
    writeFileSync(join(base, 'CLAUDE.md'), 'house rules');
    const warnings = checkShadowing(['notes'], tree.dir('leak/tmp'), home);
    expect(warnings).toEqual([
      `${join(base, '.claude', 'skills')} is above the run's temp folder, so its skills are listed to the agent ` +
        `in every run beside the candidate`,
      `${join(base, 'CLAUDE.md')} is above the run's temp folder, so the agent reads it in every run`,
    ]);
  });

  it("only warns about the user's own same-named skill, which the isolated run cannot see", () => {
    const userHome = tree.dir('user-home');
    mkdirSync(join(userHome, '.claude', 'skills', 'notes'), { recursive: true });
    const warnings = checkShadowing(['notes'], tree.dir('elsewhere/tmp'), userHome);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/you have your own skill "notes" at .*user-home.*the measured runs do not see it/);
    expect(checkShadowing(['other'], tree.dir('elsewhere/tmp'), userHome)).toEqual([]);
  });
});

describe('cleanup on signals', () => {
  // A real process: bundle a tiny program around project.ts, start it, signal it, look at the disk.
  const program = join(tree.root, 'hold-project.mjs');
  buildSync({
    stdin: {
      contents: `import { createRunProject } from ${JSON.stringify(resolve(import.meta.dirname, '../../src/agent/project.ts'))};
        if (process.argv[4] === 'host') process.on('SIGTERM', () => setTimeout(() => process.exit(7), 50));
        const project = await createRunProject({ kind: 'none' }, [], { tempDir: process.argv[2], realHome: process.argv[3] });
        console.log(project.root);
        setInterval(() => {}, 1000);`,
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: program,
    logLevel: 'silent',
  });

  const hold = (
    runs: string,
    mode = '',
  ): Promise<{
    root: string;
    exited: Promise<{ code: number | null; signal: string | null }>;
    kill(signal: NodeJS.Signals): void;
  }> =>
    new Promise((resolveStarted, reject) => {
      const child = spawn(process.execPath, [program, runs, home, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
        child.once('exit', (code, signal) => done({ code, signal })),
      );
      child.stdout.once('data', (data: Buffer) =>
        resolveStarted({ root: data.toString().trim(), exited, kill: (signal) => child.kill(signal) }),
      );
      child.once('error', reject);
    });

  it('SIGINT with no other handler: the temp folder is removed and the process still ends by the signal', async () => {
    const runs = tree.dir('signal-int');
    const { root, exited, kill } = await hold(runs);
    expect(existsSync(root)).toBe(true);
    kill('SIGINT');
    expect(await exited).toEqual({ code: null, signal: 'SIGINT' });
    expect(readdirSync(runs)).toEqual([]);
  });

  it("SIGTERM with the host's own handler: the folder is removed and the host decides how to end", async () => {
    const runs = tree.dir('signal-term');
    const { root, exited, kill } = await hold(runs, 'host');
    expect(existsSync(root)).toBe(true);
    kill('SIGTERM');
    expect(await exited).toEqual({ code: 7, signal: null });
    expect(readdirSync(runs)).toEqual([]);
  });
});
