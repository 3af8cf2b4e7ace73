import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { writeFileAtomic } from '../../src/util/atomic-write.js';
import { tempTree } from '../support/tmp.js';

const root = tempTree('plugin-eval-atomic-').root;

describe('writeFileAtomic', () => {
  it('replaces a file whole and leaves no temp file behind', async () => {
    const file = join(root, 'out.json');
    writeFileSync(file, 'old');
    await writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(root)).toEqual(['out.json']);
  });

  it('reports a path whose folder is a file as an input error naming the path (not ENOTDIR from the cleanup)', async () => {
    const file = join(root, 'plain');
    writeFileSync(file, 'x');
    const target = join(file, 'x.json');
    const error = await writeFileAtomic(target, '{}').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(`${target}: cannot write (ENOTDIR); nothing was written`);
  });
});

describe('writeFileAtomic keeps the file the user has as they have it', () => {
  it('writes through a symlink (settings kept in a dotfiles folder) instead of replacing the link with a copy', async () => {
    const dotfiles = join(root, 'dotfiles');
    const project = join(root, 'project');
    mkdirSync(dotfiles);
    mkdirSync(project);
    writeFileSync(join(dotfiles, 'settings.json'), '{"model":"opus"}');
    symlinkSync(join(dotfiles, 'settings.json'), join(project, 'settings.json'));
    // A relative link to a link, as stow and friends make them.
    symlinkSync('settings.json', join(project, 'alias.json'));
    await writeFileAtomic(join(project, 'alias.json'), '{"model":"sonnet"}');
    expect(lstatSync(join(project, 'settings.json')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(project, 'alias.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'settings.json'), 'utf8')).toBe('{"model":"sonnet"}');
    expect(readdirSync(project).sort()).toEqual(['alias.json', 'settings.json']);
    expect(readdirSync(dotfiles)).toEqual(['settings.json']);
  });

  it('keeps the permission bits of the file it replaces (a 0600 file holding keys stays 0600)', async () => {
    const file = join(root, 'private.json');
    writeFileSync(file, '{"env":{"KEY":"x"}}', { mode: 0o600 });
    chmodSync(file, 0o600);
    await writeFileAtomic(file, '{"env":{"KEY":"y"}}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('{"env":{"KEY":"y"}}');
  });

  it('a link loop is an input error naming the path', async () => {
    const a = join(root, 'loop-a');
    symlinkSync(join(root, 'loop-b'), a);
    symlinkSync(a, join(root, 'loop-b'));
    await expect(writeFileAtomic(a, 'x')).rejects.toThrow(`${a}: cannot write (ELOOP); nothing was written`);
  });
});
