/**
 * A store SQLite cannot open or write is worded from the file system: the driver says only
 * `ConnectionFailed("Unable to open connection to local database PATH: 14")` or "attempt to write a readonly
 * database" (even for history, which only reads). Tests run as root, which no permission bit stops, so the
 * refusals of accessSync are injected for the paths in `readOnly`.
 */
import type * as NodeFs from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openResultsStore, storeProblem } from '../../src/store/sqlite-store.js';
import { tempTree } from '../support/tmp.js';

const readOnly = new Set<string>();

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeFs>();
  const accessSync = (p: NodeFs.PathLike, mode?: number): void => {
    if (readOnly.has(path.resolve(String(p))) && mode !== undefined && (mode & actual.constants.W_OK) !== 0) {
      throw Object.assign(new Error(`EACCES: permission denied, access '${String(p)}'`), { code: 'EACCES' });
    }
    actual.accessSync(p, mode);
  };
  const mocked = { ...actual, accessSync };
  return { ...mocked, default: mocked };
});

const tree = tempTree('plugin-eval-store-open-');
afterEach(() => readOnly.clear());

const CANTOPEN = (file: string) =>
  new Error(`ConnectionFailed("Unable to open connection to local database ${file}: 14")`);
const READONLY = new Error('SQLITE_READONLY: SQLITE_READONLY: attempt to write a readonly database');

describe("a store that cannot be opened or written says why, in the file system's words", () => {
  it('a folder at the store path', async () => {
    const dir = path.join(tree.root, 'results.db');
    mkdirSync(dir);
    await expect(openResultsStore({ location: dir })).rejects.toThrow(
      `${dir}: cannot open the results store: is a folder, not a file`,
    );
  });

  it('a new store in a folder that cannot be written', () => {
    const dir = tree.dir('locked');
    readOnly.add(dir);
    const file = path.join(dir, 'results.db');
    expect(storeProblem(file, CANTOPEN(file))).toBe(
      `cannot create it: the folder ${dir} is not writable (permission denied)`,
    );
  });

  it('a read-only file, and a file in a read-only folder (its journal files cannot be made, even to read)', () => {
    const dir = tree.dir('ro');
    const file = tree.write('ro/results.db', '');
    readOnly.add(file);
    expect(storeProblem(file, READONLY)).toBe('the file is read-only (permission denied)');
    readOnly.add(dir);
    expect(storeProblem(file, READONLY)).toBe(
      `the folder ${dir} is not writable (permission denied); the store keeps its journal files (-wal, -shm) ` +
        `beside the file, even to read it`,
    );
  });

  it("otherwise the driver's reason, its code said once", () => {
    const file = tree.write('plain/results.db', '');
    expect(storeProblem(file, READONLY)).toBe('SQLITE_READONLY: attempt to write a readonly database');
  });
});
