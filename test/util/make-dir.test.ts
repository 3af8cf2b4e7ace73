import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDir, makeDirSync } from '../../src/util/make-dir.js';
import { tempTree } from '../support/tmp.js';

const root = tempTree('plugin-eval-make-dir-').root;

describe('makeDir', () => {
  it('creates every missing folder and accepts one that exists', async () => {
    const deep = join(root, 'a', 'b', 'c');
    await makeDir(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    await makeDir(deep);
    makeDirSync(join(deep, 'd'));
    expect(existsSync(join(deep, 'd'))).toBe(true);
  });

  it('says ENOTDIR when a file is in the way, at any depth', async () => {
    const file = join(root, 'file');
    writeFileSync(file, 'x');
    await expect(makeDir(join(file, 'below'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(() => makeDirSync(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it('fails (instead of looping for ever, as mkdir -p in Node 20 does) where nothing can be created', async () => {
    // /proc exists on Linux; a folder under it cannot be made. Node's recursive mkdir never settles here.
    await expect(makeDir('/proc/plugin-eval-cannot-exist/x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => makeDirSync('/proc/plugin-eval-cannot-exist')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it("gives the folders it creates the mode asked for (the code cache folder is the user's alone)", () => {
    const made = join(root, 'private', 'code-cache');
    makeDirSync(made, { mode: 0o700 });
    expect(statSync(made).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'private')).mode & 0o777).toBe(0o700);
  });

  it("returns the first folder it created, or undefined when the folder was there (as Node's recursive mkdirSync does)", () => {
    const first = join(root, 'first');
    expect(makeDirSync(join(first, 'x', 'y'))).toBe(first);
    expect(makeDirSync(join(first, 'x', 'y'))).toBeUndefined();
    expect(makeDirSync(join(first, 'x', 'z'))).toBe(join(first, 'x', 'z'));
  });

  it('lets many callers create the same chain at once', async () => {
    const target = join(root, 'race', 'x', 'y');
    await Promise.all(Array.from({ length: 8 }, () => makeDir(target)));
    expect(statSync(target).isDirectory()).toBe(true);
  });
});
