/**
 * Permission denied is reported as such, naming the path (issue 7 item 10). The tests run as root, which no
 * permission bit stops, so the EACCES is injected: node:fs is wrapped to refuse the paths in `denied`.
 */
import type * as NodeFs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { score } from '../src/api/score.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';

const denied = new Set<string>();

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeFs>();
  const refuse = (p: unknown) => {
    if (!denied.has(path.resolve(String(p)))) return;
    throw Object.assign(new Error(`EACCES: permission denied, '${String(p)}'`), {
      code: 'EACCES',
      errno: -13,
      path: String(p),
    });
  };
  const sync =
    <A extends unknown[], R>(fn: (p: never, ...rest: A) => R) =>
    (p: unknown, ...rest: A): R => {
      refuse(p);
      return fn(p as never, ...rest);
    };
  const promised =
    <A extends unknown[], R>(fn: (p: never, ...rest: A) => Promise<R>) =>
    async (p: unknown, ...rest: A): Promise<R> => {
      refuse(p);
      return fn(p as never, ...rest);
    };
  const promises = {
    ...actual.promises,
    readdir: promised(actual.promises.readdir),
    stat: promised(actual.promises.stat),
  };
  const mocked = {
    ...actual,
    promises,
    openSync: sync(actual.openSync),
    readdirSync: sync(actual.readdirSync),
    statSync: sync(actual.statSync),
  };
  return { ...mocked, default: mocked };
});

const tree = tempTree('plugin-eval-perm-');
const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# ` +
  `Notes\n\nSee [guide](references/guide.md).\n`;
for (const name of ['open', 'closed', 'refs']) {
  tree.write(`t/${name}/SKILL.md`, SKILL(name));
  tree.write(`t/${name}/references/guide.md`, '# Guide\n');
}
tree.write('t/locked-folder/inner/SKILL.md', SKILL('inner'));
const at = (rel: string) => path.join(tree.root, rel);
afterEach(() => denied.clear());

describe('permission denied', () => {
  it('on a SKILL.md: the target fails with "permission denied" naming the file, exit 2', async () => {
    denied.add(at('t/closed/SKILL.md'));
    const run = await score([at('t/closed'), at('t/open')]);
    expect(run.results.map((r) => r.target.name)).toEqual(['open']);
    expect(run.failures[0]?.diagnostics[0]).toMatchObject({
      file: `${at('t/closed')}/SKILL.md`,
      message: 'permission denied',
    });
    const out = await cli('score', at('t/closed'));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${at('t/closed')}/SKILL.md  error  file/unreadable  permission denied`);
  });

  it('on a folder met while searching a tree: reported with its path, the rest is scored', async () => {
    denied.add(at('t/locked-folder'));
    const run = await score([at('t')]);
    expect(run.results.map((r) => r.target.name).sort()).toEqual(['closed', 'open', 'refs']);
    expect(run.diagnostics).toContainEqual(
      expect.objectContaining({
        file: `${at('t')}/locked-folder`,
        ruleId: 'file/unreadable',
        message: 'permission denied',
      }),
    );
  });

  it('on the folder given: an input error that says permission denied, not "nothing found"', async () => {
    denied.add(at('t/locked-folder'));
    await expect(score([at('t/locked-folder')])).rejects.toThrow(`${at('t/locked-folder')}: permission denied`);
    const out = await cli('score', at('t/locked-folder'));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('permission denied');
  });

  it('on the path itself (stat refused): permission denied, exit 2', async () => {
    denied.add(at('t/open'));
    await expect(score([at('t/open')])).rejects.toThrow(`${at('t/open')}: permission denied`);
  });

  it('on a references/ folder: a diagnostic naming the folder, and the skill still scored', async () => {
    denied.add(at('t/refs/references'));
    const run = await score([at('t/refs')]);
    expect(run.results).toHaveLength(1);
    expect(run.results[0]!.diagnostics).toContainEqual(
      expect.objectContaining({ file: `${at('t/refs')}/references`, message: 'permission denied' }),
    );
  });
});
