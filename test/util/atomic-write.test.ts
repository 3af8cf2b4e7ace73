import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { writeFileAtomic } from '../../src/util/atomic-write.js';

const root = mkdtempSync(join(tmpdir(), 'plugin-eval-atomic-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
