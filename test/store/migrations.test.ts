import { readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { STORE_SCHEMA_VERSION } from '../../src/store/migrations.js';
import { sha256Hex } from '../../src/util/hash.js';
import { tempTree } from '../support/tmp.js';
import { asPartial, copyExamples, quickRun, rawClient } from './support.js';

const tree = tempTree('plugin-eval-store-migrations-');
const skills = copyExamples(tree.dir('skills'));
const FIXTURES = path.resolve('test/fixtures/store');
const sql = (version: number) => readFileSync(path.join(FIXTURES, `v${version}.sql`), 'utf8');

/**
 * A database at `version` (1, 2 or 3) built from the frozen SQL, holding one complete and one partial result and, from
 * v2, another command's run.
 */
async function oldDatabase(version: number, name: string) {
  const file = path.join(tree.root, name);
  const { run, keys } = await quickRun([skills.csv]);
  const result = run.results[0]!;
  const key = keys.get(result.target.path)!;
  const db = rawClient(file);
  await db.executeMultiple(sql(1));
  if (version >= 2) await db.executeMultiple(sql(2));
  if (version >= 3) await db.executeMultiple(sql(3));
  const insertRun = (id: string, finishedAt: string) =>
    db.execute({
      sql: `INSERT INTO runs (id, command, status, started_at, finished_at, tool_version, plan_json, provider, models_json, input_tokens, output_tokens, cost_usd, duration_ms, error)
            VALUES (?, 'score', 'success', ?, ?, '0.0.9', ?, NULL, '[]', NULL, NULL, NULL, 12, NULL)`,
      args: [id, finishedAt, finishedAt, JSON.stringify(run.plan)],
    });
  const insertResult = (runId: string, r: typeof result, partial: boolean) =>
    db.execute({
      sql: `INSERT INTO results (run_id, target_key, name, kind, path, content_hash, plan_key, methodology, depth, composite, badge, elo, coverage, partial,
              input_tokens, output_tokens, cost_usd, duration_ms, result_json) VALUES (?, ?, ?, 'skill', ?, ?, ?, 'default', 'quick', ?, ?, NULL, ?, ?, NULL, NULL, NULL, 5, ?)`,
      args: [
        runId,
        key.targetKey,
        r.target.name,
        r.target.path,
        key.contentHash,
        key.planKey,
        r.composite.score,
        r.composite.badge,
        r.composite.coverage.share,
        partial ? 1 : 0,
        JSON.stringify(r),
      ],
    });
  await insertRun('run-complete', '2026-01-01T00:00:00.000Z');
  await insertResult('run-complete', result, false);
  // Newer, but partial: must never be the one reused.
  await insertRun('run-partial', '2026-01-02T00:00:00.000Z');
  await insertResult('run-partial', asPartial(result), true);
  if (version >= 2) {
    const ids = await db.execute('SELECT id FROM results ORDER BY id');
    for (const row of ids.rows) {
      await db.execute({
        sql:
          "INSERT INTO dimension_scores (result_id, dimension, layer, score) VALUES (?, 'triggering_accuracy', " +
          "'blended', 0.5)",
        args: [Number(row.id)],
      });
    }
    await db.execute(`INSERT INTO runs (id, command, status, started_at, finished_at, tool_version, plan_json, provider, models_json, input_tokens, output_tokens, cost_usd, duration_ms, error, subject, summary_json)
      VALUES ('judge-1', 'judge', 'success', '2026-01-03T00:00:00.000Z', '2026-01-03T00:00:01.000Z', '0.0.9', NULL, 'anthropic', '["m"]', 10, 20, 0.01, 1000, NULL, '/x', '{"score":4}')`);
  }
  db.close();
  return { file, result, key };
}

describe('migrations: every earlier schema version migrates to the current one with nothing lost', () => {
  it.each([1, 2, 3])('from version %i', async (version) => {
    const { file, result, key } = await oldDatabase(version, `v${version}.db`);
    const store = await openResultsStore({ location: file });
    const history = await store.history(skills.csv);
    expect(history?.points.map((p) => [p.runId, p.partial, p.reused, p.toolVersion])).toEqual([
      ['run-complete', false, false, '0.0.9'],
      ['run-partial', true, false, '0.0.9'],
    ]);
    const blended = Object.fromEntries(result.dimensions.map((d) => [d.name, d.score]));
    // v1 rows get their dimension scores from the stored result; v2 rows keep the ones they had.
    expect(history?.points[0]!.dimensions).toEqual(version === 1 ? blended : { triggering_accuracy: 0.5 });
    // The partial result is newer, yet the complete one is what can be reused.
    const reusable = await store.reusable([key]);
    expect(reusable.get(key.targetKey)?.measurement.status).toBe('complete');
    expect(reusable.get(key.targetKey)?.composite.score).toBe(result.composite.score);
    await store.close();

    const db = rawClient(file);
    expect(Number((await db.execute('PRAGMA user_version')).rows[0]!.user_version)).toBe(STORE_SCHEMA_VERSION);
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM results')).rows[0]!.n)).toBe(2);
    // v4: the file-hash memory exists, empty.
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM file_hashes')).rows[0]!.n)).toBe(0);
    if (version >= 2) {
      const judge = (await db.execute("SELECT subject, summary_json, cost_usd FROM runs WHERE id = 'judge-1'"))
        .rows[0]!;
      expect([judge.subject, judge.summary_json, judge.cost_usd]).toEqual(['/x', '{"score":4}', 0.01]);
    }
    db.close();
  });

  it('opening a current store again changes nothing (migrations are applied once)', async () => {
    const file = path.join(tree.root, 'twice.db');
    for (let i = 0; i < 2; i++) await (await openResultsStore({ location: file })).close();
    const db = rawClient(file);
    expect(Number((await db.execute('PRAGMA user_version')).rows[0]!.user_version)).toBe(STORE_SCHEMA_VERSION);
    db.close();
  });
});

describe('store paths with characters a URL gives a meaning to', () => {
  it('opens the file at exactly that path: ? # % and spaces are parts of the name', async () => {
    for (const name of ['q?x=1', 'h#ash', 'pct%20x', 'pct%zz', 'sp ace']) {
      const file = path.join(tree.dir(`odd/${name}`), 'results.db');
      const store = await openResultsStore({ location: file });
      await store.close();
      expect(existsSync(file), name).toBe(true);
    }
    // `pct%20x` must not have been read as `pct x`.
    expect(existsSync(path.join(tree.root, 'odd', 'pct x'))).toBe(false);
  });
});

describe('files the store refuses, untouched (exit 2 through the CLI)', () => {
  it('a store from a newer plugin-eval', async () => {
    const file = path.join(tree.root, 'newer.db');
    const db = rawClient(file);
    await db.executeMultiple(`CREATE TABLE future (x); PRAGMA user_version = ${STORE_SCHEMA_VERSION + 1};`);
    db.close();
    const before = sha256Hex(readFileSync(file, 'latin1'));
    await expect(openResultsStore({ location: file })).rejects.toThrow(
      `results store schema version ${STORE_SCHEMA_VERSION + 1} is newer than this plugin-eval understands`,
    );
    expect(sha256Hex(readFileSync(file, 'latin1'))).toBe(before);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('a file that is not SQLite', async () => {
    const file = tree.write('notes.db', 'these are my notes, not a database\n'.repeat(200));
    const size = statSync(file).size;
    await expect(openResultsStore({ location: file })).rejects.toThrow(
      `${file}: cannot open the results store: not an SQLite database`,
    );
    expect(statSync(file).size).toBe(size);
  });

  it('an SQLite database of something else', async () => {
    const file = path.join(tree.root, 'other.db');
    const db = rawClient(file);
    await db.execute('CREATE TABLE invoices (id INTEGER)');
    db.close();
    await expect(openResultsStore({ location: file })).rejects.toThrow('not a plugin-eval results store');
  });

  it('a store path whose folder cannot be made', async () => {
    const file = tree.write('a-file', 'x');
    await expect(openResultsStore({ location: path.join(file, 'results.db') })).rejects.toThrow(
      /cannot open the results store/,
    );
  });
});
