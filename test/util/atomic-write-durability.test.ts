import fs, { promises as fsp, readdirSync, readFileSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic, writeFileAtomicSync, type Durability } from '../../src/util/atomic-write.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-durable-');

/** What was fsynced during `write`, as 'file' (the temp file) or 'folder', in order. */
async function syncsDuring(write: () => Promise<void> | void): Promise<string[]> {
  const synced: string[] = [];
  const probe = await fsp.open(tree.write('probe', ''), 'r');
  const handleProto = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
  await probe.close();
  const realSync = handleProto.sync;
  vi.spyOn(handleProto, 'sync').mockImplementation(async function (this: { fd: number }) {
    synced.push(fs.fstatSync(this.fd).isDirectory() ? 'folder' : 'file');
    return realSync.call(this);
  });
  const realFsync = fs.fsyncSync;
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    synced.push(fs.fstatSync(fd).isDirectory() ? 'folder' : 'file');
    realFsync(fd);
  });
  syncBuiltinESMExports();
  try {
    await write();
  } finally {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
  }
  return synced;
}

afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
});

describe('the atomic writer keeps its durability policy', () => {
  const cases: {
    name: string;
    write: (file: string, data: string, durability?: Durability) => Promise<void> | void;
  }[] = [
    {
      name: 'writeFileAtomic',
      write: (file, data, durability) => writeFileAtomic(file, data, durability ? { durability } : {}),
    },
    {
      name: 'writeFileAtomicSync',
      write: (file, data, durability) => writeFileAtomicSync(file, data, durability ? { durability } : {}),
    },
  ];
  for (const { name, write } of cases) {
    it(`${name}: a user file is fsynced before the rename and its folder after it, by default`, async () => {
      const file = path.join(tree.dir(`${name}-durable`), 'report.json');
      expect(await syncsDuring(() => write(file, '{"a":1}'))).toEqual(['file', 'folder']);
      expect(readFileSync(file, 'utf8')).toBe('{"a":1}');
      expect(readdirSync(path.dirname(file))).toEqual(['report.json']);
    });

    it(`${name}: scratch durability (caches, transient records) fsyncs nothing and is still whole`, async () => {
      const file = path.join(tree.dir(`${name}-scratch`), 'cache.bin');
      expect(await syncsDuring(() => write(file, 'cached', 'scratch'))).toEqual([]);
      expect(readFileSync(file, 'utf8')).toBe('cached');
    });
  }

  it('a new file gets the mode asked for; an existing one keeps its own', () => {
    const file = path.join(tree.dir('modes'), 'cache.bin');
    writeFileAtomicSync(file, 'x', { durability: 'scratch', mode: 0o600 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    fs.chmodSync(file, 0o640);
    writeFileAtomicSync(file, 'y', { mode: 0o600 });
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });
});
