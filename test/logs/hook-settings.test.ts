/** hooks install/uninstall/status: merging into Claude Code's settings without touching anything else. */
import { chmodSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHooks, thisProgram } from '../../src/cli/commands/hooks.js';
import type { Ui } from '../../src/cli/ui.js';
import {
  HOOK_MARKER,
  HooksStatusReport,
  hookCommand,
  hookStatus,
  installHooks,
  settingsFileFor,
  uninstallHooks,
} from '../../src/logs/hook-settings.js';
import { jsonSchemaFor } from '../../src/cli/commands/schema.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { BUILT_BIN } from '../support/built.js';

const tree = tempTree('plugin-eval-hook-settings-');
const program = { node: process.execPath, bin: path.resolve('dist/bin/plugin-eval.js') };

const USER_SETTINGS = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    PreToolUse: [
      { matcher: 'Skill', hooks: [{ type: 'command', command: 'echo mine' }] },
      { matcher: 'Bash', hooks: [{ type: 'http', url: 'http://127.0.0.1:9/x' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
  },
};

describe('the program a hook command runs', () => {
  it('is the CommonJS bin beside the entry, however plugin-eval was started (it starts the hook sooner)', () => {
    const saved = process.argv[1];
    try {
      process.argv[1] = path.resolve('dist/bin/plugin-eval.js');
      expect(thisProgram()).toEqual({ node: process.execPath, bin: BUILT_BIN });
      // An entry with no CommonJS bin beside it (a source checkout run another way) is used as it is.
      process.argv[1] = path.resolve('package.json');
      expect(thisProgram().bin).toBe(path.resolve('package.json'));
    } finally {
      process.argv[1] = saved!;
    }
  });
});

describe('hook settings (library)', () => {
  it("installs next to the user's hooks, idempotently, and uninstall restores the file's meaning exactly", async () => {
    const file = tree.write('a/.claude/settings.json', JSON.stringify(USER_SETTINGS));
    await installHooks(file, program);
    const once = readFileSync(file, 'utf8');
    expect((await installHooks(file, program)).changed).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(once);
    const installed = JSON.parse(once);
    expect(installed.model).toBe('opus');
    expect(installed.hooks.Stop).toEqual(USER_SETTINGS.hooks.Stop);
    expect(installed.hooks.PreToolUse.slice(0, 2)).toEqual(USER_SETTINGS.hooks.PreToolUse);
    expect(installed.hooks.PreToolUse[2]).toEqual({
      matcher: 'Skill',
      hooks: [{ type: 'command', command: hookCommand(program, 'pre'), timeout: 10 }],
    });
    expect(installed.hooks.PostToolUse).toEqual([
      { matcher: 'Skill', hooks: [{ type: 'command', command: hookCommand(program, 'post'), timeout: 10 }] },
    ]);
    expect(installed.hooks.PostToolUseFailure[0].hooks[0].command).toContain(' hook post ');
    expect(await hookStatus(file)).toMatchObject({ exists: true, missingEvents: [] });
    expect((await hookStatus(file)).hooks.map((h) => [h.event, h.missingPaths, h.outdated])).toEqual([
      ['PreToolUse', [], false],
      ['PostToolUse', [], false],
      ['PostToolUseFailure', [], false],
    ]);
    // A command written before the NODE_EXTRA_CA_CERTS prefix still counts as ours, marked outdated until reinstalled.
    const older = JSON.parse(readFileSync(file, 'utf8'));
    older.hooks.PostToolUse[0].hooks[0].command = hookCommand(program, 'post').replace(/^NODE_EXTRA_CA_CERTS= /, '');
    writeFileSync(file, JSON.stringify(older));
    expect((await hookStatus(file)).hooks.map((h) => [h.event, h.outdated])).toEqual([
      ['PreToolUse', false],
      ['PostToolUse', true],
      ['PostToolUseFailure', false],
    ]);
    expect((await installHooks(file, program)).changed).toBe(true);
    expect((await hookStatus(file)).hooks.every((h) => !h.outdated)).toBe(true);

    expect(await uninstallHooks(file)).toEqual({ removed: 3 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(USER_SETTINGS);
    expect(await uninstallHooks(file)).toEqual({ removed: 0 });
  });

  it('keeps the key order and the fields it does not know, at every level, as the user wrote them', async () => {
    // Known keys after unknown ones, at the top, in a group and in a hook: a re-built object would move them.
    const written = {
      env: { A: '1' },
      hooks: {
        Stop: [{ hooks: [{ timeout: 5, command: 'say done', type: 'command', note: 'mine' }], matcher: '', id: 7 }],
      },
      model: 'opus',
    };
    const text = `${JSON.stringify(written, null, 2)}\n`;
    const file = tree.write('order/settings.json', text);
    await installHooks(file, program);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')))).toEqual(['env', 'hooks', 'model']);
    await uninstallHooks(file);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('quotes paths with spaces and quotes so the shell runs the right files; a moved install is reported stale', async () => {
    const odd = {
      node: "/opt/my node's/bin/node",
      bin: '/opt/plugin eval/dist/bin/plugin-eval.js',
      logsDir: '/tmp/logs dir',
    };
    expect(hookCommand(odd, 'pre')).toBe(
      `NODE_EXTRA_CA_CERTS= '/opt/my node'\\''s/bin/node' '/opt/plugin eval/dist/bin/plugin-eval.js' hook pre ` +
        `--logs-dir '/tmp/logs dir' ${HOOK_MARKER}`,
    );
    const file = tree.write('b/settings.json', '{}');
    await installHooks(file, odd);
    const status = await hookStatus(file);
    expect(status.hooks[0]!.missingPaths).toEqual([
      "/opt/my node's/bin/node",
      '/opt/plugin eval/dist/bin/plugin-eval.js',
    ]);
  });

  it("refuses a settings file that is not JSON or whose hooks are not Claude Code's shape, writing nothing", async () => {
    const bad = tree.write('c/settings.json', '{\n  "model": "opus",\n  "env": {"A": 1,}\n}');
    await expect(installHooks(bad, program)).rejects.toThrow(
      /c\/settings\.json:3: invalid JSON: .*; nothing was written$/,
    );
    expect(readFileSync(bad, 'utf8')).toBe('{\n  "model": "opus",\n  "env": {"A": 1,}\n}');
    const wrong = tree.write(
      'd/settings.json',
      '{\n  "model": "opus",\n  "hooks": {"PreToolUse": {"matcher": "Skill"}}\n}',
    );
    await expect(installHooks(wrong, program)).rejects.toThrow(
      /d\/settings\.json:3: hooks\.PreToolUse: .*; expected Claude Code's hooks format, hooks\.<Event>\[\]\.hooks\[\]; nothing was written$/,
    );
    const array = tree.write('e/settings.json', '[]');
    await expect(hookStatus(array)).rejects.toThrow(
      /e\/settings\.json:1: \(top level\): Invalid input: expected object, received array; .*nothing was written$/,
    );
  });

  it('a settings file that is a symlink into a dotfiles folder is installed into through the link, keeping its mode', async () => {
    const real = tree.write('dotfiles/claude/settings.json', JSON.stringify({ model: 'opus' }));
    chmodSync(real, 0o600);
    const link = path.join(tree.dir('home/.claude'), 'settings.json');
    symlinkSync(real, link);
    await installHooks(link, program);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const installed = JSON.parse(readFileSync(real, 'utf8')) as { model: string; hooks: Record<string, unknown> };
    expect(installed.model).toBe('opus');
    expect(Object.keys(installed.hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse']);
    expect(statSync(real).mode & 0o777).toBe(0o600);
  });

  it('finds the user settings under CLAUDE_HOME, else ~/.claude; the project settings in the current folder', () => {
    expect(settingsFileFor('user', { env: { CLAUDE_HOME: '/ch' } })).toBe('/ch/settings.json');
    expect(settingsFileFor('project', { cwd: '/p' })).toBe('/p/.claude/settings.json');
  });
});

describe('plugin-eval hooks (command)', () => {
  const cwd = process.cwd();
  const home = process.env.CLAUDE_HOME;
  afterEach(() => {
    process.chdir(cwd);
    if (home === undefined) delete process.env.CLAUDE_HOME;
    else process.env.CLAUDE_HOME = home;
  });
  const capture = (): { ui: Ui; out: string[]; err: string[] } => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      ui: {
        stdout: (t) => out.push(t),
        stderr: (l) => err.push(l),
        color: false,
        stderrIsTTY: false,
        quiet: true,
        width: 80,
        signal: undefined,
      },
    };
  };

  it('install --project, status for both scopes, uninstall; --user goes to CLAUDE_HOME', async () => {
    const project = tree.dir('proj');
    process.chdir(project);
    process.env.CLAUDE_HOME = tree.dir('ch');
    const a = capture();
    expect(await runHooks('install', { project: true, logsDir: 'logs' }, a.ui, () => program)).toBe(0);
    expect(a.out.join('')).toContain(
      `Installed: PreToolUse, PostToolUse and PostToolUseFailure hooks (matcher "Skill") ` +
        `in ${path.join(project, '.claude/settings.json')}`,
    );
    expect(readFileSync(path.join(project, '.claude/settings.json'), 'utf8')).toContain(
      `--logs-dir '${path.join(project, 'logs')}'`,
    );
    const s = capture();
    expect(await runHooks('status', {}, s.ui)).toBe(0);
    expect(s.out.join('')).toMatch(
      /^project: installed in .*\n {2}PreToolUse \[Skill\]: .*\n {2}PostToolUse \[Skill\]: .*\n {2}PostToolUseFailure \[Skill\]: .*\nuser: not installed \(.*ch\/settings\.json does not exist\)\n$/,
    );
    expect(await runHooks('install', { user: true }, capture().ui, () => program)).toBe(0);
    expect((await hookStatus(path.join(process.env.CLAUDE_HOME, 'settings.json'))).hooks).toHaveLength(3);
    // --json is the published hooks-status schema.
    const j = capture();
    expect(await runHooks('status', { json: true }, j.ui)).toBe(0);
    const report = HooksStatusReport.parse(JSON.parse(j.out.join('')));
    expect(
      report.map((r) => [r.scope, r.hooks.length, r.hooks.every((h) => !h.outdated && h.matcher === 'Skill')]),
    ).toEqual([
      ['project', 3, true],
      ['user', 3, true],
    ]);
    expect(jsonSchemaFor('hooks-status')).toMatchObject({
      type: 'array',
      items: {
        additionalProperties: false,
        required: expect.arrayContaining(['scope', 'file', 'hooks', 'missingEvents']),
      },
    });
    const u = capture();
    expect(await runHooks('uninstall', { project: true }, u.ui)).toBe(0);
    expect(u.out.join('')).toContain('Removed 3 plugin-eval hooks');
    expect(JSON.parse(readFileSync(path.join(project, '.claude/settings.json'), 'utf8'))).toEqual({});
  });

  it('exits 2 naming a settings file that is not JSON, and 2 on an unknown action', async () => {
    const dir = tree.dir('broken');
    tree.write('broken/.claude/settings.json', '{oops');
    process.chdir(dir);
    const run = await cli('hooks', 'install', '--project');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^plugin-eval: .*broken\/\.claude\/settings\.json:1: invalid JSON: .*; nothing was written$/,
    );
    expect(readFileSync(path.join(dir, '.claude/settings.json'), 'utf8')).toBe('{oops');
    expect((await cli('hooks', 'reinstall')).code).toBe(2);
  });

  it('warns about a stale command path', async () => {
    process.chdir(tree.dir('stale'));
    await runHooks('install', {}, capture().ui, () => ({ node: process.execPath, bin: '/gone/plugin-eval.js' }));
    const s = capture();
    await runHooks('status', { project: true }, s.ui);
    expect(s.err.join('\n')).toContain(
      'project hooks run /gone/plugin-eval.js, which no longer exists; run plugin-eval hooks install --project again',
    );
    expect(s.err.join('\n')).not.toContain('earlier plugin-eval');
  });

  it('notes hooks written by an earlier plugin-eval (no NODE_EXTRA_CA_CERTS prefix), and reinstalling clears it', async () => {
    const dir = tree.dir('older');
    process.chdir(dir);
    await runHooks('install', {}, capture().ui, () => program);
    const file = path.join(dir, '.claude/settings.json');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('NODE_EXTRA_CA_CERTS= ', ''));
    const s = capture();
    expect(await runHooks('status', { project: true }, s.ui)).toBe(0);
    expect(s.err.join('\n')).toContain(
      'project hooks were written by an earlier plugin-eval; they work, and run plugin-eval hooks install ' +
        '--project again',
    );
    await runHooks('install', {}, capture().ui, () => program);
    const again = capture();
    await runHooks('status', { project: true }, again.ui);
    expect(again.err).toEqual([]);
  });
});
