/**
 * The results store's journal: small runs are appended beside the database and folded into it by whoever opens it.
 * Folded rows are the rows a direct write makes; a torn line is skipped alone; a fold that crashed before removing
 * its file replays harmlessly; writers and folds in several processes at once lose and double nothing.
 */
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { StoredHashMemo } from '../../src/store/hash-memo.js';
import { appendToJournal, journalPathOf, type JournalEntry } from '../../src/store/journal.js';
import { planKeyOf, reuseKeyOf } from '../../src/store/keys.js';
import { resultRecordOf } from '../../src/store/result-rows.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { VERSION } from '../../src/version.js';
import { tempTree } from '../support/tmp.js';
import { asPartial, copyExamples, foldedClient, quickRun, rawClient, runScript } from './support.js';

const tree = tempTree('plugin-eval-store-journal-');
const skills = copyExamples(tree.dir('skills'));

/** Recordings as the recorder makes them: varied on purpose (a partial result, a reused one, a cancelled run). */
async function entries(): Promise<Omit<JournalEntry, 'format'>[]> {
  const { run } = await quickRun([skills.csv, skills.changelog]);
  const planKey = planKeyOf(run.plan, VERSION);
  const made: Omit<JournalEntry, 'format'>[] = [];
  for (const [i, result] of run.results.entries()) {
    const memo = new StoredHashMemo([]);
    const key = await reuseKeyOf(result.target.path, planKey, memo);
    const measured = resultRecordOf(i === 0 ? result : asPartial(result), key, false);
    // What JSON.stringify writes as null is bound as NULL by a direct write: a NaN cost must stay NULL either way.
    measured.row[15] = Number.NaN;
    made.push({
      command: 'score',
      run: { ...run, runId: `run-${i}`, status: i === 0 ? 'success' : 'cancelled', results: [], reused: [] },
      records: [measured],
      fileHashes: memo.fresh(),
    });
    made.push({
      command: 'certify',
      run: { ...run, runId: `again-${i}`, results: [], reused: [result.target.path], usage: null },
      records: [resultRecordOf(result, key, true)],
      fileHashes: [],
    });
  }
  return made;
}

/** Every row of every table, each column as SQLite's quote() and typeof() give it, in a stable order. */
async function everyRow(db: Client): Promise<Record<string, unknown[]>> {
  const tables = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).rows.map((r) =>
    String(r.name),
  );
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    const columns = (await db.execute(`PRAGMA table_info(${table})`)).rows.map((r) => String(r.name));
    const cells = columns.map((c) => `quote(${c}) || ':' || typeof(${c})`).join(', ');
    dump[table] = (await db.execute(`SELECT ${cells} FROM ${table} ORDER BY 1, 2, 3`)).rows.map((r) =>
      columns.map((_, i) => r[i]),
    );
  }
  return dump;
}

describe('the results store journal', () => {
  it('folds into the same rows, value and type, as writing each run directly', async () => {
    const recordings = await entries();
    const direct = path.join(tree.dir('direct'), 'results.db');
    const journalled = path.join(tree.dir('journalled'), 'results.db');
    const store = await openResultsStore({ location: direct });
    for (const e of recordings) await store.recordResults(e.run, e.command, e.records, e.fileHashes);
    await store.close();
    for (const e of recordings) expect(appendToJournal(journalled, e)).toBeGreaterThan(0);
    expect(existsSync(journalled)).toBe(false);
    const warnings: string[] = [];
    await (await openResultsStore({ location: journalled, warn: (l) => warnings.push(l) })).close();
    expect(warnings).toEqual([]);
    expect(existsSync(journalPathOf(journalled))).toBe(false);
    const [a, b] = [rawClient(direct), rawClient(journalled)];
    const [expected, folded] = [await everyRow(a), await everyRow(b)];
    a.close();
    b.close();
    expect(Object.keys(folded)).toEqual(['dimension_scores', 'file_hashes', 'results', 'runs']);
    expect(folded.runs).toHaveLength(recordings.length);
    expect(folded.file_hashes!.length).toBeGreaterThan(0);
    expect(folded).toEqual(expected);
  });

  it('skips a line torn by a killed writer, with a warning naming it, and keeps every other line', async () => {
    const [first, second, third] = await entries();
    const location = path.join(tree.dir('torn'), 'results.db');
    appendToJournal(location, first!);
    appendToJournal(location, second!);
    // A writer killed mid-write: the start of its line, no end.
    const line = JSON.stringify({ format: 1, ...third });
    appendFileSync(journalPathOf(location), `\n${line.slice(0, line.length >> 1)}`);
    // A later writer's line still reads: it starts on a line of its own.
    appendToJournal(location, third!);
    const warnings: string[] = [];
    await (await openResultsStore({ location, warn: (l) => warnings.push(l) })).close();
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^plugin-eval: .*results\\.db\\.pending-1\\.jsonl: line 6: skipped a damaged journal line \\(not JSON`,
        ),
      ),
    ]);
    const db = rawClient(location);
    const ids = (await db.execute('SELECT id FROM runs ORDER BY id')).rows.map((r) => r.id);
    db.close();
    expect(ids).toEqual([first!.run.runId, second!.run.runId, third!.run.runId].sort());
  });

  it('a fold that crashed after its commit and before removing its file is replayed by the next, harmlessly', async () => {
    const recordings = await entries();
    const location = path.join(tree.dir('replay'), 'results.db');
    for (const e of recordings) appendToJournal(location, e);
    const kept = path.join(tree.root, 'journal-copy');
    copyFileSync(journalPathOf(location), kept);
    const db = await foldedClient(location);
    const once = await everyRow(db);
    // The claimed file the crashed fold left behind.
    copyFileSync(kept, `${journalPathOf(location)}.4242-crashed.folding`);
    await (await openResultsStore({ location })).close();
    expect(await everyRow(db)).toEqual(once);
    db.close();
    expect(readdirSync(path.dirname(location)).filter((n) => n.includes('pending'))).toEqual([]);
  });

  it("never writes or reads through a link where the journal goes (a store path from a stranger's config file)", async () => {
    const [first] = await entries();
    const location = path.join(tree.dir('linked'), 'results.db');
    const victim = tree.write('victim.txt', "the user's own file\n");
    symlinkSync(victim, journalPathOf(location));
    // The run goes to the database directly instead.
    expect(appendToJournal(location, first!)).toBeUndefined();
    const warnings: string[] = [];
    await (await openResultsStore({ location, warn: (l) => warnings.push(l) })).close();
    expect(warnings).toEqual([`plugin-eval: ${journalPathOf(location)}: a link, not a journal: removed, not read`]);
    expect(readFileSync(victim, 'utf8')).toBe("the user's own file\n");
    expect(existsSync(journalPathOf(location))).toBe(false);
  });

  it('history, the dashboard and --only-changed read journalled runs: opening the store folds them', async () => {
    const [first] = await entries();
    const location = path.join(tree.dir('readers'), 'results.db');
    appendToJournal(location, first!);
    const store = await openResultsStore({ location });
    try {
      const target = String(first!.records[0]!.row[0]);
      expect((await store.history(target))?.points.map((p) => p.runId)).toEqual([first!.run.runId]);
      expect([...(await store.targetsOfRun(first!.run.runId)).values()]).toEqual([target]);
    } finally {
      await store.close();
    }
  });
});

const BUILT = path.resolve('dist/store/journal.js');
const WRITER = path.resolve('test/support/journal-writer.mjs');

const writer = (args: string[]) => runScript(WRITER, args);

describe.skipIf(!existsSync(BUILT))('journal writers and folds in four processes at once (needs npm run build)', () => {
  it('every run is stored exactly once, with all its rows, whichever way it went in', async () => {
    const [entry] = await entries();
    const template = tree.write('entry.json', JSON.stringify(entry));
    const location = path.join(tree.dir('concurrent'), 'results.db');
    // Every process starts at the same moment, so appends, claims and folds interleave.
    const startAt = String(Date.now() + 400);
    const runs = 150;
    const outcomes = await Promise.all([
      ...['a', 'b', 'c'].map((id) => writer(['append', location, id, String(runs), startAt, template])),
      writer(['fold', location, 'f', '20', startAt, template]),
    ]);
    for (const o of outcomes) expect(o.stderr).toBe('');
    expect(outcomes.map((o) => o.code)).toEqual([0, 0, 0, 0]);
    const db = await foldedClient(location);
    const count = async (sql: string) => Number((await db.execute(sql)).rows[0]!.n);
    expect(await count('SELECT COUNT(*) AS n FROM runs')).toBe(3 * runs);
    expect(await count('SELECT COUNT(*) AS n FROM results')).toBe(3 * runs);
    expect(await count('SELECT COUNT(*) AS n FROM dimension_scores')).toBe(
      3 * runs * entry!.records[0]!.dimensions.length,
    );
    db.close();
    expect(readdirSync(path.dirname(location)).filter((n) => n.includes('pending'))).toEqual([]);
  });
});
