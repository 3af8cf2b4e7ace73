import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/errors.js';
import { fix } from '../../src/rules/fix/index.js';
import { unifiedDiff } from '../../src/rules/fix/diff.js';
import { RULE_FIXES } from '../../src/rules/registry/index.js';
import { allowedToolsAsString } from '../../src/rules/validation/allowed-tools-fix.js';
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

describe('unified diff', () => {
  it('a file whose every line changes is one whole-file hunk, in linear time', async () => {
    const before = 'a\r\n'.repeat(5000);
    const diff = await unifiedDiff([
      { file: 'x', abs: path.join(process.cwd(), 'x'), before, after: 'a\n'.repeat(5000) },
    ]);
    expect(diff.split('\n').slice(0, 3)).toEqual(['--- a/x', '+++ b/x', '@@ -1,5000 +1,5000 @@']);
  });
});
