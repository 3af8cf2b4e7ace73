/**
 * File hashes remembered by stat signature (src/store/hash-memo.ts): trusted only for a file whose device, inode,
 * size, mtime and ctime are unchanged and that had settled before it was hashed; and, end to end, an edit that keeps
 * a file's size and puts its mtime back is still seen by score --only-changed (ctime moves).
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RACY_MARGIN_NS, StoredHashMemo } from '../../src/store/hash-memo.js';
import { contentHashOf } from '../../src/store/keys.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { copyExamples, rawClient } from './support.js';

const tree = tempTree('plugin-eval-hash-memo-');

describe('StoredHashMemo', () => {
  it('answers only for an unchanged signature of a file that had settled before it was hashed', () => {
    const file = tree.write('a.txt', 'one');
    const stat = statSync(file, { bigint: true });
    const settledAt = () => stat.ctimeNs + RACY_MARGIN_NS + 1n;
    const memo = new StoredHashMemo([], settledAt);
    expect(memo.lookup(file, stat)).toBeUndefined();
    memo.remember(file, stat, 'sha-one');
    // The text stores already hold: a signature written another way would never match a remembered one again.
    expect(memo.fresh()[0]!.signature).toBe(`${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`);
    const again = new StoredHashMemo(memo.fresh());
    expect(again.lookup(file, stat)).toBe('sha-one');
    // Any part of the signature changed: not trusted.
    expect(again.lookup(file, { ...stat, size: stat.size + 1n } as typeof stat)).toBeUndefined();
    expect(again.lookup(file, { ...stat, ctimeNs: stat.ctimeNs + 1n } as typeof stat)).toBeUndefined();
    expect(again.lookup(file, { ...stat, ino: stat.ino + 1n } as typeof stat)).toBeUndefined();
    expect(again.lookup(path.join(tree.root, 'other.txt'), stat)).toBeUndefined();
    expect(again.holds(file)).toBe(true);
    expect(again.holds(path.join(tree.root, 'other.txt'))).toBe(false);
  });

  it('remembers what hashing a folder read, by the signature a later stat of each file gives', async () => {
    const dir = tree.dir('hashed');
    tree.write('hashed/SKILL.md', '# hashed\n');
    tree.write('hashed/references/a.md', 'a\n');
    const first = new StoredHashMemo([], () => BigInt(Date.now() + 60_000) * 1_000_000n);
    const hash = await contentHashOf(dir, first);
    expect(
      first
        .fresh()
        .map((r) => path.relative(dir, r.path))
        .sort(),
    ).toEqual(['SKILL.md', 'references/a.md']);
    const again = new StoredHashMemo(first.fresh());
    for (const row of first.fresh())
      expect(again.lookup(row.path, statSync(row.path, { bigint: true }))).toBe(row.sha256);
    expect(await contentHashOf(dir, again)).toBe(hash);
    expect(await contentHashOf(dir)).toBe(hash);
    expect(again.fresh()).toEqual([]);
  });

  it('does not trust a hash taken while the file was still within the racy margin of its last change', () => {
    const file = tree.write('b.txt', 'two');
    const stat = statSync(file, { bigint: true });
    const memo = new StoredHashMemo([], () => stat.ctimeNs + RACY_MARGIN_NS - 1n);
    memo.remember(file, stat, 'sha-two');
    expect(new StoredHashMemo(memo.fresh()).lookup(file, stat)).toBeUndefined();
  });
});

describe("the store's remembered hashes", () => {
  it('loads only the files below the folders being scored, and a newer hash of a path replaces the older', async () => {
    const store = await openResultsStore({ location: path.join(tree.root, 'memo.db') });
    const row = (p: string, sha: string) => ({
      path: p,
      signature: 's',
      mtimeNs: '1',
      ctimeNs: '1',
      hashedAtNs: '9',
      sha256: sha,
    });
    await store.saveFileHashes([
      row('/m/a/SKILL.md', 'old'),
      row('/m/a/ref/x.md', 'x'),
      row('/m/ab/SKILL.md', 'ab'),
      row('/n/SKILL.md', 'n'),
    ]);
    await store.saveFileHashes([row('/m/a/SKILL.md', 'new')]);
    const below = async (dirs: string[]) => (await store.loadFileHashes(dirs)).map((r) => [r.path, r.sha256]).sort();
    expect(await below(['/m/a'])).toEqual([
      ['/m/a/SKILL.md', 'new'],
      ['/m/a/ref/x.md', 'x'],
    ]);
    expect(await below(['/m/a/', '/n'])).toEqual([
      ['/m/a/SKILL.md', 'new'],
      ['/m/a/ref/x.md', 'x'],
      ['/n/SKILL.md', 'n'],
    ]);
    expect(await below(['/elsewhere'])).toEqual([]);
    await store.close();
  });
});

describe('score --only-changed with remembered hashes', () => {
  it('sees an edit that keeps the size and puts the mtime back (the ctime moves), and reuses the rest', async () => {
    const skills = copyExamples(tree.dir('skills'));
    const store = path.join(tree.root, 'results.db');
    const skillFile = path.join(skills.changelog, 'SKILL.md');
    // A whole-second mtime, so putting it back after the edit is exact to the nanosecond: only the ctime can tell.
    const MTIME_S = 1_700_000_000;
    utimesSync(skillFile, MTIME_S, MTIME_S);
    // Past the racy margin, so the first run's remembered hashes are trusted: only the signature can reveal the edit.
    await new Promise((resolve) => setTimeout(resolve, Number(RACY_MARGIN_NS / 1_000_000n) + 200));
    const first = await cli('score', skills.csv, skills.changelog, '--store', store, '--output', 'json');
    expect(first.code, first.stderr).toBeLessThan(2);
    const before = statSync(skillFile, { bigint: true });
    const text = readFileSync(skillFile, 'utf8');
    // Same length, different bytes, same inode, mtime put back: only the ctime tells.
    writeFileSync(skillFile, text.replace('changelog', 'CHANGELOG'));
    utimesSync(skillFile, MTIME_S, MTIME_S);
    const after = statSync(skillFile, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    expect(after.ctimeNs).not.toBe(before.ctimeNs);
    const second = await cli(
      'score',
      skills.csv,
      skills.changelog,
      '--store',
      store,
      '--only-changed',
      '--output',
      'json',
    );
    expect(second.code, second.stderr).toBeLessThan(2);
    const run = JSON.parse(second.stdout) as { reused?: string[] };
    expect(run.reused).toEqual([skills.csv]);
    const db = rawClient(store);
    const remembered = (
      await db.execute({ sql: 'SELECT COUNT(*) AS n FROM file_hashes WHERE path = ?', args: [skillFile] })
    ).rows[0]!.n;
    db.close();
    expect(Number(remembered)).toBe(1);
  });
});
