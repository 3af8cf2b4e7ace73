/**
 * `--out` (score, certify, validate) and `--html` (report) are checked before any work: a report that can only fail
 * to be written at the end of a long run loses that run. And when the write fails anyway (the folder went away
 * meanwhile), what was measured is still recorded in the results store.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run.js';
import type { Ui } from '../src/cli/ui.js';
import { SkillHistory } from '../src/store/schema.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-out-preflight-');
const skill = tree.write(
  'notes/SKILL.md',
  '---\nname: notes\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# ' +
    'Notes\n\nTidy the notes.\n',
);
const skillDir = path.dirname(skill);
const at = (rel: string) => path.join(tree.root, rel);

describe('an unwritable --out stops the run before it starts', () => {
  it('score --out into a missing folder: exit 2 naming the folder, nothing scored or recorded', async () => {
    const store = at('stores/score.db');
    const out = at('missing/deeper/report.txt');
    const run = await cli('score', skillDir, '--out', out, '--store', store);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `plugin-eval: --out ${out}: the folder ${at('missing/deeper')} does not exist; nothing was done`,
    );
    expect(existsSync(at('missing'))).toBe(false);
    // The store was never opened: the run did not start.
    expect(existsSync(store)).toBe(false);
  });

  it('validate --out into a missing folder: exit 2 naming the folder', async () => {
    const run = await cli('validate', skillDir, '--out', at('missing/lint.sarif'), '--output', 'sarif');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `plugin-eval: --out ${at('missing/lint.sarif')}: the folder ${at('missing')} does not exist; nothing was done`,
    );
  });

  it('report --html into a missing folder: exit 2 before scoring', async () => {
    const run = await cli('report', skillDir, '--html', at('missing/page.html'), '--no-store');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--html ${at('missing/page.html')}: the folder ${at('missing')} does not exist`);
    expect(run.stderr).not.toContain('result(s)');
  });

  it('--out naming a folder, or a path under a file, is refused the same way', async () => {
    tree.dir('a-folder');
    const folder = await cli('score', skillDir, '--no-store', '--out', at('a-folder'));
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('is a folder, not a file');
    const underFile = await cli('score', skillDir, '--no-store', '--out', path.join(skill, 'report.txt'));
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain(`${skill} is not a folder`);
  });

  it('--out onto an input or a file plugin-eval reads (SKILL.md, plugin.json) is refused, nothing written', async () => {
    const before = readFileSync(skill, 'utf8');
    const onSkill = await cli('score', skillDir, '--no-store', '--out', skill);
    expect([onSkill.code, onSkill.stderr]).toEqual([
      2,
      `plugin-eval: --out ${skill}: is a SKILL.md plugin-eval reads; the output would replace it. Give another ` +
        `file; nothing was done`,
    ]);
    const onInput = await cli('validate', skill, '--out', skill);
    expect([onInput.code, onInput.stderr]).toEqual([
      2,
      `plugin-eval: --out ${skill}: is ${skill}, an input of this command; the output would replace it. Give ` +
        `another file; nothing was done`,
    ]);
    expect(readFileSync(skill, 'utf8')).toBe(before);
    // A new report file inside the scored folder is fine.
    const inside = await cli('score', skillDir, '--no-store', '--out', path.join(skillDir, 'report.txt'));
    expect(inside.code).toBe(0);
    expect(readFileSync(path.join(skillDir, 'report.txt'), 'utf8')).toContain('notes');
    rmSync(path.join(skillDir, 'report.txt'));
  });

  it('an empty --out is refused instead of printing to stdout', async () => {
    const run = await cli('score', skillDir, '--no-store', '--out', '');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--out needs a file name');
  });

  it('a writable --out still gets the report', async () => {
    const run = await cli('score', skillDir, '--no-store', '--out', at('ok.json'), '--output', 'json');
    expect(run.code).toBe(0);
    expect(readdirSync(tree.root)).toContain('ok.json');
  });
});

describe('a report that cannot be written at the end loses nothing measured', () => {
  it('the folder removed during the run: exit 2, and the result is in the store all the same', async () => {
    const outDir = tree.dir('goes-away');
    const store = at('stores/kept.db');
    const stderr: string[] = [];
    const ui: Ui = {
      stdout: () => undefined,
      // --verbose lists the settings after --out was checked, before scoring: the folder goes away then.
      stderr: (line) => {
        if (stderr.push(line) === 1) rmSync(outDir, { recursive: true, force: true });
      },
      color: false,
      stderrIsTTY: false,
      quiet: false,
      width: 80,
      signal: undefined,
    };
    const code = await runCli(
      ['score', skillDir, '--verbose', '--store', store, '--out', path.join(outDir, 'report.txt')],
      ui,
    );
    expect(code).toBe(2);
    expect(stderr.join('\n')).toContain('cannot write (ENOENT); nothing was written');
    const history = await cli('history', skillDir, '--store', store, '--output', 'json');
    expect(history.code).toBe(0);
    expect(SkillHistory.parse(JSON.parse(history.stdout)).points).toHaveLength(1);
    mkdirSync(outDir);
  });
});
