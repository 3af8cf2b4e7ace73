import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { sqliteFile, sqliteUrl } from '../../src/providers/cache/sqlite-open.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-sqlite-open-');
const ODD_NAMES = ['q?x=1', 'h#ash', 'pct%20x', 'pct%zz', 'sp ace'];

describe('the one SQLite opener', () => {
  it('maps a path, a file URL and :memory: to the file they name, and back to a percent-encoded URL', () => {
    expect(sqliteFile(':memory:')).toBe(':memory:');
    expect(sqliteFile('/a b/x.db')).toBe('/a b/x.db');
    expect(sqliteFile('file:///a%20b/x.db')).toBe('/a b/x.db');
    expect(sqliteFile('file:/a%20b/x.db')).toBe('/a b/x.db');
    expect(sqliteUrl('/a b/q?x#y.db')).toBe('file:///a%20b/q%3Fx%23y.db');
    expect(sqliteUrl(':memory:')).toBe(':memory:');
  });

  it('the results store and the response cache open the file at exactly the path asked for, odd folder names included', async () => {
    for (const name of ODD_NAMES) {
      const storeFile = path.join(tree.root, 'store', name, 'results.db');
      const store = await openResultsStore({ location: storeFile });
      await store.close();
      expect(existsSync(storeFile), `store in ${name}`).toBe(true);

      const cacheFile = path.join(tree.root, 'cache', name, 'responses.db');
      const viaUrl = await ResponseCache.open({ url: pathToFileURL(cacheFile).href });
      expect((await viaUrl.stats()).location, `cache in ${name}`).toBe(cacheFile);
      viaUrl.close();
      expect(existsSync(cacheFile), `cache in ${name}`).toBe(true);
    }
    expect(existsSync(path.join(tree.root, 'store', 'pct x'))).toBe(false);
    expect(existsSync(path.join(tree.root, 'cache', 'pct x'))).toBe(false);
  });
});
