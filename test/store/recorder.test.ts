import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverTargets } from '../../src/parse/discover.js';
import { journalPathOf } from '../../src/store/journal.js';
import { type RecorderOptions, ScoreRunRecorder } from '../../src/store/recorder.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { tempTree } from '../support/tmp.js';
import { copyExamples, quickRun, rawClient } from './support.js';

const tree = tempTree('plugin-eval-store-recorder-');
const skills = copyExamples(tree.dir('skills'));

/** A score recorder without --only-changed whose warnings go nowhere. */
const quietRecorder = (location: string, runId: string, options: Partial<RecorderOptions> = {}) =>
  ScoreRunRecorder.create({ location, command: 'score', onlyChanged: false, runId, warn: () => undefined, ...options });

describe('ScoreRunRecorder', () => {
  it('keeps what a cancelled run measured, with the status it ended with; a run that never ends says so', async () => {
    const { run } = await quickRun([skills.csv, skills.changelog]);
    const { targets } = await discoverTargets([skills.csv, skills.changelog]);
    const location = path.join(tree.root, 'cancelled.db');
    const warnings: string[] = [];
    const recorder = await ScoreRunRecorder.create({
      location,
      command: 'score',
      onlyChanged: false,
      runId: run.runId,
      warn: (l) => warnings.push(l),
      flushEvery: 1,
    });
    for (const t of targets) expect(await recorder.reuse(t, run.plan)).toBeUndefined();
    // One result arrives, then the user presses Ctrl-C.
    recorder.onResult(run.results[0]!);
    // Flushed already: if the process died here, the row would say the run did not finish.
    await recorder.settled();
    const db = rawClient(location);
    const interim = (await db.execute('SELECT status, error FROM runs')).rows[0]!;
    expect(interim.status).toBe('error');
    expect(String(interim.error)).toContain('had not finished');
    await recorder.finish({ ...run, status: 'cancelled', error: 'cancelled', results: [] });
    expect((await db.execute('SELECT status FROM runs')).rows.map((r) => r.status)).toEqual(['cancelled']);
    expect((await db.execute('SELECT name FROM results')).rows.map((r) => r.name)).toEqual(['csv-profiler']);
    db.close();
    expect(warnings).toEqual([]);
  });

  it("Ctrl-C while the final write waits for another process's lock: it stops waiting and says so, not 15 s later", async () => {
    // Two targets: the second opens the store for its remembered hashes, so the run writes to the database directly.
    const { run } = await quickRun([skills.csv, skills.changelog]);
    const { targets } = await discoverTargets([skills.csv, skills.changelog]);
    const location = path.join(tree.root, 'locked.db');
    await (await openResultsStore({ location })).close();
    const other = rawClient(location);
    const lock = await other.transaction('write');
    try {
      const controller = new AbortController();
      const warnings: string[] = [];
      let waits = 0;
      const recorder = await ScoreRunRecorder.create({
        location,
        command: 'score',
        onlyChanged: false,
        runId: run.runId,
        warn: (l) => warnings.push(l),
        signal: controller.signal,
        // Ctrl-C once the final write has found the lock taken and begun to wait for it.
        onLockWait: () => {
          waits += 1;
          controller.abort();
        },
      });
      for (const t of targets) await recorder.reuse(t, run.plan);
      for (const r of run.results) recorder.onResult(r);
      await recorder.finish(run);
      // The wait under way was the last one: it did not go on retrying until the 15 s deadline.
      expect(waits).toBe(1);
      expect(warnings).toEqual([
        `plugin-eval: the run was not recorded in the results store: ${location}: locked by another process; ` +
          `stopped waiting for it when interrupted`,
      ]);
    } finally {
      lock.close();
      other.close();
    }
  });

  it('a run whose line makes the journal long enough folds it: a journal nobody reads stays bounded', async () => {
    const { run } = await quickRun([skills.csv]);
    const { targets } = await discoverTargets([skills.csv]);
    const location = path.join(tree.root, 'full-journal.db');
    const recordOne = async (runId: string, journalFoldBytes: number) => {
      const recorder = await ScoreRunRecorder.create({
        location,
        command: 'score',
        onlyChanged: false,
        runId,
        warn: () => undefined,
        journalFoldBytes,
      });
      await recorder.reuse(targets[0]!, run.plan);
      recorder.onResult(run.results[0]!);
      await recorder.finish({ ...run, runId });
    };
    await recordOne('one', Number.POSITIVE_INFINITY);
    expect(existsSync(location)).toBe(false);
    const line = statSync(journalPathOf(location)).size;
    // The next line takes the journal past the limit: that run folds it.
    await recordOne('two', 2 * line - 1);
    expect(existsSync(journalPathOf(location))).toBe(false);
    const db = rawClient(location);
    expect((await db.execute('SELECT id FROM runs ORDER BY id')).rows.map((r) => r.id)).toEqual(['one', 'two']);
    db.close();
  });

  it('with --only-changed, a stored result stands under the path as given now', async () => {
    const { run } = await quickRun([skills.csv]);
    const location = path.join(tree.root, 'reuse.db');
    const first = await ScoreRunRecorder.create({
      location,
      command: 'score',
      onlyChanged: false,
      runId: 'first',
      warn: () => undefined,
    });
    const { targets } = await discoverTargets([skills.csv]);
    await first.reuse(targets[0]!, run.plan);
    first.onResult(run.results[0]!);
    await first.finish({ ...run, runId: 'first' });
    // A one-result run never opens the database: it is journalled beside it, and folded by the next opener.
    expect(existsSync(location)).toBe(false);
    expect(existsSync(journalPathOf(location))).toBe(true);

    const relative = path.relative(process.cwd(), skills.csv);
    const { targets: again } = await discoverTargets([relative]);
    const second = await ScoreRunRecorder.create({
      location,
      command: 'score',
      onlyChanged: true,
      runId: 'second',
      warn: () => undefined,
    });
    expect(existsSync(journalPathOf(location))).toBe(false);
    // Its files were hashed without the store and are remembered all the same, for the next --only-changed run.
    const db = rawClient(location);
    const hashed = (await db.execute('SELECT path FROM file_hashes')).rows.map((r) => String(r.path));
    db.close();
    expect(hashed).toContain(path.join(skills.csv, 'SKILL.md'));
    const reused = await second.reuse(again[0]!, run.plan);
    expect(reused?.target.path).toBe(again[0]!.displayPath);
    expect(reused?.composite).toEqual(run.results[0]!.composite);
    await second.finish(undefined);
    // Another plan (another methodology) is not the same measurement.
    const other = await ScoreRunRecorder.create({
      location,
      command: 'score',
      onlyChanged: true,
      runId: 'third',
      warn: () => undefined,
    });
    expect(await other.reuse(again[0]!, { ...run.plan, methodology: 'compat' })).toBeUndefined();
    await other.finish(undefined);
  });

  it('an unwritable store costs one warning line, once', async () => {
    const { run } = await quickRun([skills.csv]);
    const file = tree.write('blocker', 'x');
    const warnings: string[] = [];
    const recorder = await ScoreRunRecorder.create({
      location: path.join(file, 'results.db'),
      command: 'score',
      onlyChanged: false,
      runId: 'x',
      warn: (l) => warnings.push(l),
      flushEvery: 1,
    });
    const { targets } = await discoverTargets([skills.csv]);
    await recorder.reuse(targets[0]!, run.plan);
    recorder.onResult(run.results[0]!);
    await recorder.finish(run);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^plugin-eval: the run was not recorded in the results store: .*blocker\/results\.db: cannot open the results store/,
    );
    await expect(openResultsStore({ location: path.join(file, 'results.db') })).rejects.toThrow();
  });

  it('makes each row as its result arrives: the JSON given with it is stored as given, and a later change to the result is not', async () => {
    const { run } = await quickRun([skills.csv, skills.changelog]);
    const { targets } = await discoverTargets([skills.csv, skills.changelog]);
    const location = path.join(tree.root, 'rows.db');
    const recorder = await quietRecorder(location, run.runId);
    for (const t of targets) await recorder.reuse(t, run.plan);
    const [first, second] = run.results.map((r) => structuredClone(r));
    // The same value as JSON.stringify(first), written another way, so the test can tell which text was stored.
    const given = JSON.stringify(first, null, 1);
    recorder.onResult(first!, given);
    const secondJson = JSON.stringify(second);
    recorder.onResult(second!);
    second!.durationMs += 1000;
    await recorder.finish(run);
    const db = rawClient(location);
    const stored = (await db.execute('SELECT path, result_json FROM results ORDER BY id')).rows;
    db.close();
    expect(stored.map((r) => [r.path, r.result_json])).toEqual([
      [first!.target.path, given],
      [second!.target.path, secondJson],
    ]);
  });

  it('holding the results of a run that keeps them writes nothing before finish, then the rows a recording as they arrive writes', async () => {
    const { run } = await quickRun([skills.csv, skills.changelog]);
    const { targets } = await discoverTargets([skills.csv, skills.changelog]);
    const recorded = async (name: string, holdResults: boolean) => {
      const location = path.join(tree.root, name);
      const recorder = await quietRecorder(location, run.runId, { flushEvery: 1, holdResults });
      for (const t of targets) await recorder.reuse(t, run.plan);
      for (const r of run.results) recorder.onResult(r);
      await recorder.settled();
      const db = rawClient(location);
      const before = Number((await db.execute('SELECT count(*) AS n FROM results')).rows[0]!.n);
      await recorder.finish(run);
      const rows = async (sql: string) => (await db.execute(sql)).rows.map((r) => ({ ...r }));
      const tables = {
        runs: await rows('SELECT * FROM runs'),
        results: await rows('SELECT * FROM results ORDER BY id'),
        dimensions: await rows('SELECT * FROM dimension_scores ORDER BY result_id, dimension, layer'),
        hashes: await rows('SELECT path, signature, sha256 FROM file_hashes ORDER BY path'),
      };
      db.close();
      return { before, tables };
    };
    const asTheyArrive = await recorded('arriving.db', false);
    const held = await recorded('held.db', true);
    expect(asTheyArrive.before).toBe(2);
    expect(held.before).toBe(0);
    expect(held.tables.results).toHaveLength(2);
    expect(held.tables.dimensions.length).toBeGreaterThan(0);
    expect(held.tables.hashes.length).toBeGreaterThan(0);
    expect(held.tables).toEqual(asTheyArrive.tables);
  });
});
