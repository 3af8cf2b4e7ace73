/**
 * A damaged response cache file (not a database, or a truncated one) must not leave the user stuck: every command
 * that opens it says what it is and how to get rid of it, and `cache clear` (the command a user reaches for)
 * removes it, since it holds nothing but replies that can be asked again. Other files in the folder are left alone.
 */
import { existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cli } from '../support/cli.js';
import { envForEachTest } from '../support/env.js';
import { tempTree } from '../support/tmp.js';

const root = tempTree('plugin-eval-cache-damaged-').root;
let n = 0;
const freshDir = (): string => join(root, `c${n++}`);
let dir = '';
envForEachTest(() => {
  dir = freshDir();
  return { PLUGIN_EVAL_CACHE_DIR: dir };
});

const REMEDY =
  'it holds only cached model replies: remove it with `plugin-eval cache clear` (or delete the file), or run with --no-cache';

/** A cache file as a crash or a bad copy leaves it: written by another process that has ended (no WAL beside it). */
async function damaged(kind: 'not-a-database' | 'truncated'): Promise<string> {
  const file = join(dir, 'responses.db');
  mkdirSync(dir, { recursive: true });
  if (kind === 'not-a-database') {
    writeFileSync(file, 'this is not a database, just text long enough to have a header '.repeat(20));
  } else {
    // A real database with the cache's table and enough rows to span many pages, then cut short.
    const client = createClient({ url: `file:${file}` });
    await client.execute(
      'CREATE TABLE responses (key TEXT PRIMARY KEY, provider TEXT, model TEXT, payload TEXT, created_at ' +
        'INTEGER, expires_at INTEGER)',
    );
    for (let i = 0; i < 200; i++)
      await client.execute({
        sql: 'INSERT INTO responses VALUES (?, ?, ?, ?, ?, ?)',
        args: [`k${i}`, 'p', 'm', 'x'.repeat(500), 0, Date.now() + 1e9],
      });
    client.close();
    truncateSync(file, 8192);
  }
  writeFileSync(join(dir, 'keep-me.txt'), 'not the cache');
  return file;
}

describe('a damaged response cache', () => {
  it.each(['not-a-database', 'truncated'] as const)(
    '%s: stats names the file and the remedy (exit 2); clear removes it; the next run starts afresh',
    async (kind) => {
      const file = await damaged(kind);
      const stats = await cli('cache', 'stats');
      expect(stats.code).toBe(EXIT.INPUT);
      expect(stats.stderr).toContain(`${file}: cannot open the response cache: SQLITE_`);
      expect(stats.stderr).toContain(REMEDY);
      expect(stats.stderr).not.toMatch(/\n\s+at /);

      const clear = await cli('cache', 'clear');
      expect(clear.code, clear.stderr).toBe(EXIT.OK);
      expect(clear.stdout).toMatch(
        new RegExp(
          `^removed the damaged response cache ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ` +
            `\\(SQLITE_(NOTADB|CORRUPT): `,
        ),
      );
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(join(dir, 'keep-me.txt'), 'utf8')).toBe('not the cache');

      const after = await cli('cache', 'stats', '--json');
      expect(after.code, after.stderr).toBe(EXIT.OK);
      expect(JSON.parse(after.stdout)).toMatchObject({ entries: 0, hits: 0, misses: 0 });
    },
  );

  it('a healthy cache is cleared entry by entry, never deleted as damaged', async () => {
    const cache = await ResponseCache.open({ dir });
    await cache.set('k', { text: 'a' }, { provider: 'p', model: 'm' });
    cache.close();
    const clear = await cli('cache', 'clear');
    expect(clear.stdout).toMatch(/^cleared 1 cached response\(s\) from /);
  });
});

describe('cache folders with characters a URL gives a meaning to', () => {
  it('opens the file at exactly that path: ? # % and spaces are parts of the folder name', async () => {
    for (const name of ['q?x=1', 'h#ash', 'pct%20x', 'pct%zz', 'sp ace']) {
      const folder = join(root, 'odd', name);
      const cache = await ResponseCache.open({ dir: folder });
      cache.close();
      expect(existsSync(join(folder, 'responses.db')), name).toBe(true);
    }
    // `pct%20x` must not have been read as `pct x`.
    expect(existsSync(join(root, 'odd', 'pct x'))).toBe(false);
  });
});
