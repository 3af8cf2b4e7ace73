import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/errors.js';
import { fix } from '../../src/rules/fix/index.js';
import { unifiedDiff } from '../../src/rules/fix/diff.js';
import { RULE_FIXES } from '../../src/rules/registry/index.js';
import { validate } from '../../src/rules/validate/index.js';
import { allowedToolsAsString } from '../../src/rules/validation/allowed-tools-fix.js';
import { quotePluginRootFix } from '../../src/rules/validation/hook-quoting-fix.js';
import { prefixDotSlashFix } from '../../src/rules/validation/path-prefix-fix.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-fix-');

/** A skill with one problem of every fixable rule: a BOM, CRLF endings, a zero-width space, an allowed-tools list. */
const BROKEN =
  '\ufeff---\r\nname: tidy\r\ndescription: Tidies notes. Use when notes need tidying.\r\nallowed-tools:\r\n' +
  '  - Read\r\n  - Grep\r\n---\r\n\r\n# Tidy\r\n\r\nRead the\u200b notes.\r\n';
const FIXED =
  '---\nname: tidy\ndescription: Tidies notes. Use when notes need tidying.\nallowed-tools: Read Grep\n---\n\n' +
  '# Tidy\n\nRead the notes.\n';
const REFERENCE = 'See \u202eTHIS\u202c.\n';

/** A fresh copy of the broken skill in its own folder; returns the folder (named tidy, as its name says). */
function brokenSkill(): string {
  const dir = path.join(tree.fresh(), 'tidy');
  tree.write(path.relative(tree.root, path.join(dir, 'SKILL.md')), BROKEN);
  tree.write(path.relative(tree.root, path.join(dir, 'references/notes.md')), REFERENCE);
  return dir;
}

const ids = (stdout: string) =>
  (JSON.parse(stdout) as { diagnostics: { ruleId: string }[] }).diagnostics.map((d) => d.ruleId);

describe('--fix and --fix-dry-run', () => {
  it('every fixable rule is a validation rule with a described fix', () => {
    expect([...RULE_FIXES.keys()].sort()).toEqual([
      'agent/invisible-unicode',
      'command/invisible-unicode',
      'file/bom',
      'file/crlf',
      'hooks/unquoted-plugin-root',
      'plugin/path-prefix',
      'skill/allowed-tools',
      'skill/invisible-unicode',
    ]);
    for (const f of RULE_FIXES.values()) expect(f.does).toMatch(/^[a-z]/);
  });

  it('a dry run prints a diff git apply and patch take, writes nothing, and exits as validate on the fixed files', async () => {
    const dir = brokenSkill();
    const cwd = process.cwd();
    process.chdir(path.dirname(dir));
    let run: Awaited<ReturnType<typeof cli>>;
    try {
      run = await cli('validate', 'tidy', '--fix-dry-run');
    } finally {
      process.chdir(cwd);
    }
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(BROKEN);
    expect(run.stdout).toContain('--- a/tidy/SKILL.md');
    expect(run.stdout).toContain('+++ b/tidy/references/notes.md');
    // Every problem was fixable: the fixed texts have no error, so the exit code is 0 although the disk has one.
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /would fix 5 problems in 2 files \(.*skill\/invisible-unicode 2.*\); 1 remains \(0 errors, 1 warning/,
    );
    const patchFile = tree.write(`${path.basename(path.dirname(dir))}.patch`, run.stdout);
    execFileSync('git', ['apply', '--check', patchFile], { cwd: path.dirname(dir) });
    execFileSync('patch', ['-p1', '--dry-run', '-i', patchFile], { cwd: path.dirname(dir) });
    // Applied, the patch gives what --fix writes.
    execFileSync('git', ['apply', patchFile], { cwd: path.dirname(dir) });
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(FIXED);
    expect(readFileSync(path.join(dir, 'references/notes.md'), 'utf8')).toBe('See THIS.\n');
  });

  it('--fix writes the fixed files atomically, keeps their mode, and reports what remains', async () => {
    const dir = brokenSkill();
    chmodSync(path.join(dir, 'SKILL.md'), 0o640);
    const before = await cli('validate', dir, '--output', 'json');
    expect(before.code).toBe(1);
    const run = await cli('validate', dir, '--fix', '--output', 'json');
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(FIXED);
    expect(statSync(path.join(dir, 'SKILL.md')).mode & 0o777).toBe(0o640);
    // No temp file of the atomic writer is left behind.
    expect(readdirSync(dir).sort()).toEqual(['SKILL.md', 'references']);
    expect(ids(run.stdout).filter((id) => RULE_FIXES.has(id))).toEqual([]);
    expect(ids(before.stdout).filter((id) => !RULE_FIXES.has(id))).toEqual(ids(run.stdout));
    expect(run.stderr).toMatch(/fixed 5 problems in 2 files/);
    // Fixed files have nothing left to fix.
    const again = await cli('validate', dir, '--fix');
    expect(again.stderr).toMatch(/nothing to fix/);
  });

  it('score --fix scores the fixed files; --fix with --fix-dry-run is a usage error', async () => {
    const dir = brokenSkill();
    const run = await cli('score', dir, '--fix', '--output', 'json', '--no-store');
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(FIXED);
    const result = (JSON.parse(run.stdout) as { results: { diagnostics: { ruleId: string }[] }[] }).results[0]!;
    expect(result.diagnostics.map((d) => d.ruleId).filter((id) => RULE_FIXES.has(id))).toEqual([]);
    const both = await cli('validate', dir, '--fix', '--fix-dry-run');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give one of the two');
  });

  it('never writes through a symlink, outside the given paths, or to a read-only file', async () => {
    const outside = tree.write(`${path.basename(tree.fresh())}/secret.md`, REFERENCE);
    const dir = brokenSkill();
    // One link leaves the skill (never followed), one stays inside it (never written through).
    symlinkSync(outside, path.join(dir, 'references/outside.md'));
    symlinkSync(path.join(dir, 'references/notes.md'), path.join(dir, 'references/inside.md'));
    writeFileSync(path.join(dir, 'references/notes.md'), REFERENCE);
    chmodSync(path.join(dir, 'SKILL.md'), 0o444);
    const outcome = await fix([dir]);
    expect(readFileSync(outside, 'utf8')).toBe(REFERENCE);
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(BROKEN);
    expect(outcome.skipped.map((s) => [path.basename(s.file), s.reason])).toEqual(
      expect.arrayContaining([
        ['SKILL.md', 'read-only'],
        ['inside.md', 'a symlink (links are never written through)'],
      ]),
    );
    // The real file the inside link names is fixed as itself.
    expect(readFileSync(path.join(dir, 'references/notes.md'), 'utf8')).toBe('See THIS.\n');
    expect(outcome.report.errors).toBeGreaterThan(0);
  });

  it('leaves alone what the config turns off and what an inline comment disables', async () => {
    const dir = brokenSkill();
    const config = tree.write(
      `${path.basename(tree.fresh())}/plugin-eval.config.json`,
      '{"rules":{"file/crlf":"off"}}',
    );
    const disabled = '<!-- plugin-eval-disable-next-line skill/invisible-unicode -->\r\nKeep\u200b.\r\n';
    writeFileSync(path.join(dir, 'SKILL.md'), `${BROKEN}${disabled}Drop\u200b.\r\n`);
    await cli('--config', config, 'validate', dir, '--fix');
    // CRLF stays (turned off), the disabled line keeps its character, the others lose theirs.
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toMatch(
      /\r\nRead the notes\.\r\n<!--[^\n]*\r\nKeep\u200b\.\r\nDrop\.\r\n$/,
    );
  });

  it('a cancelled fix writes nothing', async () => {
    const dir = brokenSkill();
    const controller = new AbortController();
    controller.abort();
    await expect(fix([dir], { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(BROKEN);
  });
});

describe('skill/allowed-tools fix', () => {
  const apply = (fm: string) => allowedToolsAsString.apply(`---\nname: x\n${fm}\n---\nbody\n`, [0]);
  it.each([
    ['allowed-tools:\n  - Read\n  - Grep', 'allowed-tools: Read Grep'],
    ['allowed-tools:\n- Read\n- Bash(git:*)', 'allowed-tools: Read Bash(git:*)'],
    ['allowed-tools: [Read, Grep]', 'allowed-tools: Read Grep'],
    ['allowed-tools:\n  - "*"', 'allowed-tools: "*"'],
  ])('%j becomes %j', (before, after) => {
    expect(apply(before)).toBe(`---\nname: x\n${after}\n---\nbody\n`);
  });
  it.each([
    ['a name with a space', 'allowed-tools:\n  - Bash(git status)\n  - Read'],
    ['a comment in the list', 'allowed-tools:\n  - Read\n  # why\n  - Grep'],
    ['not a list', 'allowed-tools: Read Grep'],
  ])('leaves %s alone', (_why, fm) => {
    expect(apply(fm)).toBe(`---\nname: x\n${fm}\n---\nbody\n`);
  });
});

describe('hooks/unquoted-plugin-root fix', () => {
  const hooksJson = (...commands: string[]) =>
    `${JSON.stringify({ hooks: { Stop: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] } }, null, 2)}\n`;
  const R = '${CLAUDE_PLUGIN_ROOT}';
  it.each([
    [`python3 ${R}/hooks/stop.py`, `python3 "${R}/hooks/stop.py"`],
    [`cd ${R} && "${R}/x"`, `cd "${R}" && "${R}/x"`],
    ['sh $CLAUDE_PLUGIN_ROOT/s.py --x', 'sh "$CLAUDE_PLUGIN_ROOT/s.py" --x'],
    // A glob, a brace or a `:` means something else in quotes: the quotes close before it.
    [`sh ${R}/scripts/*.sh`, `sh "${R}/scripts/"*.sh`],
    [`cp ${R}/{a,b} x; PATH=${R}/bin:$PATH t`, `cp "${R}/"{a,b} x; PATH="${R}/bin":$PATH t`],
    [`echo 'x' ${R}/a"b"`, `echo 'x' "${R}/a""b"`],
  ])('%j becomes %j, and only the string changes', (before, after) => {
    const fixed = quotePluginRootFix.apply(hooksJson(before), [0]);
    expect(fixed).toBe(hooksJson(after));
  });
  it('edits the literal as written: escapes elsewhere in it stay as they are', () => {
    const text = `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"caf\\u00e9 \\"q\\" ${R}/x"}]}]}}`;
    expect(quotePluginRootFix.apply(text, [1])).toBe(
      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"caf\\u00e9 \\"q\\" \\"${R}/x\\""}]}]}}`,
    );
  });
  it.each([
    ['a line not reported', hooksJson(`sh ${R}/a`), [1]],
    [
      'a duplicate key (which command is meant?)',
      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"sh ${R}/a","command":"x"}]}]}}`,
      [1],
    ],
    ['text that is not JSON', `{"hooks": "sh ${R}/a"`, [0]],
  ])('leaves %s alone', (_why, text, lines) => {
    expect(quotePluginRootFix.apply(text, lines)).toBe(text);
  });

  it('a dry run diff applies, --fix re-validates clean, and a read-only or linked hooks file is left', async () => {
    const dir = path.join(tree.fresh(), 'quoting');
    const rel = (p: string) => path.relative(tree.root, path.join(dir, p));
    const hook = (command: string) => `{"Stop": [{"hooks": [{"type": "command", "command": "${command}"}]}]}`;
    const manifest = (command: string) =>
      `{\n  "name": "quoting",\n  "hooks": [\n    "./hooks/locked.json",\n    ${hook(command)}\n  ]\n}\n`;
    tree.write(rel('.claude-plugin/plugin.json'), manifest(`sh ${R}/i.sh`));
    tree.write(rel('hooks/real.json'), hooksJson(`python3 ${R}/stop.py`, `echo "${R}"`));
    tree.write(rel('hooks/locked.json'), hooksJson(`sh ${R}/e.sh`));
    chmodSync(path.join(dir, 'hooks/locked.json'), 0o444);
    symlinkSync('real.json', path.join(dir, 'hooks/hooks.json'));
    const dry = await fix([dir], { dryRun: true });
    expect(readFileSync(path.join(dir, '.claude-plugin/plugin.json'), 'utf8')).toBe(manifest(`sh ${R}/i.sh`));
    expect(dry.fixed).toEqual({ 'hooks/unquoted-plugin-root': 1 });
    const cwd = process.cwd();
    process.chdir(path.dirname(dir));
    let diff: string;
    try {
      diff = await unifiedDiff(dry.files);
    } finally {
      process.chdir(cwd);
    }
    const patchFile = tree.write(`${path.basename(path.dirname(dir))}-quoting.patch`, diff);
    execFileSync('git', ['apply', '--check', patchFile], { cwd: path.dirname(dir) });
    const done = await fix([dir]);
    // Only the string changed: the quotes, written `\"`, and nothing else.
    expect(readFileSync(path.join(dir, '.claude-plugin/plugin.json'), 'utf8')).toBe(manifest(`sh \\"${R}/i.sh\\"`));
    expect(readFileSync(path.join(dir, 'hooks/locked.json'), 'utf8')).toBe(hooksJson(`sh ${R}/e.sh`));
    expect(readFileSync(path.join(dir, 'hooks/real.json'), 'utf8')).toBe(
      hooksJson(`python3 ${R}/stop.py`, `echo "${R}"`),
    );
    expect(done.skipped.map((s) => [path.basename(s.file), s.reason]).sort()).toEqual([
      ['hooks.json', 'a symlink (links are never written through)'],
      ['locked.json', 'read-only'],
    ]);
    const left = done.report.diagnostics.filter((d) => d.ruleId === 'hooks/unquoted-plugin-root');
    expect(left.map((d) => path.basename(d.file)).sort()).toEqual(['hooks.json', 'locked.json']);
  });
});

describe('plugin/path-prefix and its fix', () => {
  it.each([
    ['a path', '{"name": "p", "skills": "skills"}', [0], '{"name": "p", "skills": "./skills"}'],
    [
      'each path of a list, escapes kept',
      '{"agents": [\n  "agents/a.md",\n  "./agents/b.md",\n  "\\u0061gents/c.md"\n]}',
      [0],
      '{"agents": [\n  "./agents/a.md",\n  "./agents/b.md",\n  "./\\u0061gents/c.md"\n]}',
    ],
    [
      'only the reported lines',
      '{\n  "commands": "commands",\n  "hooks": ["hooks/x.json", {"Stop": []}]\n}',
      [3],
      '{\n  "commands": "commands",\n  "hooks": ["./hooks/x.json", {"Stop": []}]\n}',
    ],
  ])('prefixes %s', (_why, text, lines, fixed) => {
    expect(prefixDotSlashFix.apply(text, lines)).toBe(fixed);
  });

  it.each([
    ['a duplicate key', '{"skills": "skills", "skills": "./skills"}'],
    ['text that is not JSON', '{"skills": "skills"'],
    ['an object of servers', '{"mcpServers": {"s": {"command": "x"}}}'],
  ])('leaves %s alone', (_why, text) => {
    expect(prefixDotSlashFix.apply(text, [0])).toBe(text);
  });

  it('is its own error where the path sits, absolute paths and ".." stay schema errors, and --fix mends it', async () => {
    const dir = path.join(tree.fresh(), 'prefix');
    const rel = (p: string) => path.relative(tree.root, path.join(dir, p));
    const manifest = '{\n  "name": "prefix",\n  "skills": "skills",\n  "agents": ["agents/a.md"]\n}\n';
    tree.write(rel('.claude-plugin/plugin.json'), manifest);
    tree.write(rel('skills/s/SKILL.md'), '---\nname: s\ndescription: Says hi. Use when greeting.\n---\n\nHi.\n');
    tree.write(rel('agents/a.md'), '---\nname: a\ndescription: An agent.\n---\n\nHelp.\n');
    const found = (await validate([dir])).diagnostics.filter((d) => d.ruleId.startsWith('plugin/path'));
    expect(found.map((d) => [d.ruleId, d.severity, d.line, d.message])).toEqual([
      [
        'plugin/path-prefix',
        'error',
        3,
        'skills: "skills" must start with "./" (Claude Code refuses the plugin otherwise); write "./skills"',
      ],
      [
        'plugin/path-prefix',
        'error',
        4,
        'agents[0]: "agents/a.md" must start with "./" (Claude Code refuses the plugin otherwise); write "./agents/a.md"',
      ],
    ]);
    const dry = await fix([dir], { dryRun: true });
    expect(dry.fixed).toEqual({ 'plugin/path-prefix': 2 });
    const done = await fix([dir]);
    expect(readFileSync(path.join(dir, '.claude-plugin/plugin.json'), 'utf8')).toBe(
      '{\n  "name": "prefix",\n  "skills": "./skills",\n  "agents": ["./agents/a.md"]\n}\n',
    );
    expect(done.report.diagnostics.filter((d) => d.ruleId.startsWith('plugin/path'))).toEqual([]);
    for (const bad of ['/etc', '../x', '~/x', 'C:/x']) {
      tree.write(rel('.claude-plugin/plugin.json'), JSON.stringify({ name: 'prefix', skills: bad }));
      const report = await validate([dir]);
      expect(
        report.diagnostics.filter((d) => d.ruleId.startsWith('plugin/')).map((d) => d.ruleId),
        bad,
      ).toEqual(['plugin/manifest-schema']);
    }
  });
});

describe('unified diff', () => {
  it('a file whose every line changes is one whole-file hunk, in linear time', async () => {
    const before = 'a\r\n'.repeat(5000);
    const diff = await unifiedDiff([
      { file: 'x', abs: path.join(process.cwd(), 'x'), before, after: 'a\n'.repeat(5000) },
    ]);
    expect(diff.split('\n').slice(0, 3)).toEqual(['--- a/x', '+++ b/x', '@@ -1,5000 +1,5000 @@']);
  });
});
