import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/tmp.js';
import { copyExamples, quickRun, rawClient, runScript } from './support.js';

const WRITER = path.resolve('test/support/store-writer.mjs');
const BUILT = path.resolve('dist/store/sqlite-store.js');
const tree = tempTree('plugin-eval-store-concurrent-');

const writer = (args: string[]) => runScript(WRITER, args);

describe.skipIf(!existsSync(BUILT))('two processes write one store at once (needs npm run build)', () => {
  it('every run and result of both is stored exactly once', async () => {
    const { csv } = copyExamples(tree.dir('skills'));
    const { run } = await quickRun([csv]);
    const template = tree.write('run.json', JSON.stringify(run));
    const store = path.join(tree.root, 'shared', 'results.db');
    const startAt = String(Date.now() + 400);
    const runs = 25;
    const outcomes = await Promise.all(['a', 'b'].map((id) => writer([store, id, String(runs), startAt, template])));
    for (const o of outcomes) expect(o.stderr).toBe('');
    expect(outcomes.map((o) => o.code)).toEqual([0, 0]);
    const db = rawClient(store);
    const count = async (sql: string) => Number((await db.execute(sql)).rows[0]!.n);
    expect(await count('SELECT COUNT(*) AS n FROM runs')).toBe(2 * runs);
    expect(await count('SELECT COUNT(*) AS n FROM results')).toBe(2 * runs * 3);
    const dimensions = run.results[0]!.dimensions.length;
    expect(await count("SELECT COUNT(*) AS n FROM dimension_scores WHERE layer = 'blended'")).toBe(
      2 * runs * 3 * dimensions,
    );
    db.close();
  });
});
