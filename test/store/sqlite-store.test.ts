import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { historyOf } from '../../src/store/history-query.js';
import { formatHistoryText, sparkline } from '../../src/store/history-text.js';
import { contentHashOf, planKeyOf } from '../../src/store/keys.js';
import { SkillHistory } from '../../src/store/schema.js';
import type { ResultsStore } from '../../src/store/types.js';
import { tempTree } from '../support/tmp.js';
import { asPartial, copyExamples, quickRun, rawClient } from './support.js';

const tree = tempTree('plugin-eval-store-unit-');
const skills = copyExamples(tree.dir('skills'));

async function freshStore(name: string): Promise<ResultsStore> {
  return openResultsStore({ location: path.join(tree.root, name) });
}

describe('recording', () => {
  let recorded: Awaited<ReturnType<typeof quickRun>>;
  beforeAll(async () => {
    recorded = await quickRun([skills.csv, skills.changelog]);
  });

  it('is idempotent per (run, target): recording a run twice stores it once', async () => {
    const store = await freshStore('idempotent.db');
    await store.recordScoreRun(recorded.run, 'score', recorded.keys);
    await store.recordScoreRun(recorded.run, 'score', recorded.keys);
    const history = await store.history(skills.csv);
    expect(history?.points).toHaveLength(1);
    await store.close();
    const db = rawClient(path.join(tree.root, 'idempotent.db'));
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM results')).rows[0]!.n)).toBe(2);
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM runs')).rows[0]!.n)).toBe(1);
    db.close();
  });

  it('a run recorded in parts keeps every part, and the last call sets its status', async () => {
    const store = await freshStore('parts.db');
    const [first, second] = recorded.run.results;
    await store.recordScoreRun({ ...recorded.run, status: 'error', results: [first!] }, 'score', recorded.keys);
    await store.recordScoreRun({ ...recorded.run, status: 'success', results: [second!] }, 'score', recorded.keys);
    expect((await store.history(skills.csv))?.points).toHaveLength(1);
    expect((await store.history(skills.changelog))?.points).toHaveLength(1);
    await store.close();
    const db = rawClient(path.join(tree.root, 'parts.db'));
    expect((await db.execute('SELECT status FROM runs')).rows.map((r) => r.status)).toEqual(['success']);
    db.close();
  });

  it('a batch of more results than one INSERT holds keeps every row, its columns and its dimension scores', async () => {
    const [csv] = recorded.run.results;
    const csvKey = recorded.keys.get(csv!.target.path)!;
    // 1,203 targets: three statements' worth of rows; what JSON cannot carry (NaN, undefined) is stored as NULL.
    const results = Array.from({ length: 1203 }, (_, i) => ({
      ...csv!,
      target: { ...csv!.target, path: `t${i}` },
      durationMs: i,
      composite: {
        ...csv!.composite,
        elo: i === 7 ? Number.NaN : i === 11 ? (undefined as unknown as null) : 1000 + i,
      },
    }));
    const keys = new Map(results.map((r, i) => [r.target.path, { ...csvKey, targetKey: `/k/${i}` }]));
    const store = await freshStore('many.db');
    await store.recordScoreRun({ ...recorded.run, results, reused: ['t9'] }, 'score', keys);
    await store.close();
    const db = rawClient(path.join(tree.root, 'many.db'));
    const rows = (
      await db.execute(
        'SELECT target_key, path, duration_ms, elo, reused, length(result_json) AS json FROM results ORDER BY id',
      )
    ).rows;
    expect(rows.map((r) => r.target_key)).toEqual(results.map((_, i) => `/k/${i}`));
    expect([rows[6]!.duration_ms, rows[6]!.elo, rows[7]!.elo, rows[11]!.elo, rows[1202]!.path]).toEqual([
      6,
      1006,
      null,
      null,
      't1202',
    ]);
    expect([rows[9]!.reused, rows[9]!.json, rows[8]!.reused, Number(rows[8]!.json)]).toEqual([
      1,
      0,
      0,
      JSON.stringify(results[8]).length,
    ]);
    const perResult = Number(
      (
        await db.execute(
          'SELECT COUNT(*) AS n FROM dimension_scores d JOIN results r ON r.id = d.result_id WHERE r.target_key ' +
            "= '/k/0'",
        )
      ).rows[0]!.n,
    );
    expect(perResult).toBeGreaterThan(0);
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM dimension_scores')).rows[0]!.n)).toBe(perResult * 1203);
    db.close();
  });

  it('a result that breaks a NOT NULL column fails the recording with the reason; it never vanishes quietly', async () => {
    const [csv, changelog] = recorded.run.results;
    const store = await freshStore('not-null.db');
    // A duration JSON cannot carry (NaN) reaches duration_ms as NULL: the whole batch is refused, not that row dropped,
    // and the file hashes written with it (one transaction) are not kept either.
    const broken = { ...changelog!, durationMs: Number.NaN };
    const hash = (sha256: string) => ({
      path: '/h/SKILL.md',
      signature: 's',
      mtimeNs: '1',
      ctimeNs: '1',
      hashedAtNs: '9000000000',
      sha256,
    });
    await expect(
      store.recordScoreRun({ ...recorded.run, results: [csv!, broken] }, 'score', recorded.keys, [hash('lost')]),
    ).rejects.toThrow(/NOT NULL/);
    const db = rawClient(path.join(tree.root, 'not-null.db'));
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM file_hashes')).rows[0]!.n)).toBe(0);
    await store.recordScoreRun(recorded.run, 'score', recorded.keys, [hash('kept')]);
    await store.close();
    expect(Number((await db.execute('SELECT COUNT(*) AS n FROM results')).rows[0]!.n)).toBe(2);
    expect((await db.execute('SELECT sha256 FROM file_hashes')).rows.map((r) => r.sha256)).toEqual(['kept']);
    db.close();
  });

  it('records other commands as run rows with their summary', async () => {
    const store = await freshStore('other.db');
    const record = {
      runId: 'j1',
      command: 'judge' as const,
      status: 'success' as const,
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:02.000Z',
      subject: '/x',
      provider: 'anthropic',
      models: ['haiku'],
      tokens: { input: 5, output: 7 },
      costUsd: 0.002,
      summary: { score: 4 },
    };
    await store.recordOtherRun(record);
    await store.recordOtherRun(record);
    await store.close();
    const db = rawClient(path.join(tree.root, 'other.db'));
    const rows = (await db.execute('SELECT command, subject, summary_json, duration_ms, input_tokens FROM runs')).rows;
    expect(rows.map((r) => [r.command, r.subject, r.summary_json, r.duration_ms, r.input_tokens])).toEqual([
      ['judge', '/x', '{"score":4}', 2000, 5],
    ]);
    db.close();
  });
});

describe('reuse', () => {
  it('only on equal content hash and plan key, and never a partial result', async () => {
    const store = await freshStore('reuse.db');
    const { run, keys } = await quickRun([skills.csv]);
    const key = [...keys.values()][0]!;
    expect((await store.reusable([key])).size).toBe(0);
    // A later partial result of the same content and plan is recorded...
    await store.recordScoreRun({ ...run, runId: 'partial-only', results: [asPartial(run.results[0]!)] }, 'score', keys);
    expect((await store.reusable([key])).size).toBe(0);
    await store.recordScoreRun(run, 'score', keys);
    await store.recordScoreRun(
      { ...run, runId: 'later-partial', finishedAt: '2099-01-01T00:00:00.000Z', results: [asPartial(run.results[0]!)] },
      'score',
      keys,
    );
    // ...and the complete one still stands, the partial one never.
    expect((await store.reusable([key])).get(key.targetKey)?.measurement.status).toBe('complete');
    expect((await store.reusable([{ ...key, contentHash: 'other' }])).size).toBe(0);
    expect(
      (await store.reusable([{ ...key, planKey: planKeyOf({ ...run.plan, depth: 'standard' }, '0.1.0') }])).size,
    ).toBe(0);
    await store.close();
  });

  it('answers many keys in one call, each by its own content and plan (more keys than one statement holds)', async () => {
    const store = await freshStore('many.db');
    const { run, keys } = await quickRun([skills.csv]);
    const key = [...keys.values()][0]!;
    await store.recordScoreRun(run, 'score', keys);
    // 1,200 keys (three statements of 500): the stored one, and others with a changed hash or an unknown target.
    const asked = [
      key,
      ...Array.from({ length: 1_199 }, (_, i) =>
        i % 2 === 0 ? { ...key, targetKey: `/nowhere/${i}` } : { ...key, contentHash: `changed-${i}` },
      ),
    ];
    const found = await store.reusable(asked);
    expect([...found.keys()]).toEqual([key.targetKey]);
    expect(found.get(key.targetKey)?.composite.score).toBe(run.results[0]!.composite.score);
    // The matching key last in a later chunk is found too.
    expect((await store.reusable([...asked.slice(1), key])).get(key.targetKey)).toBeDefined();
    await store.close();
  });

  it('a damaged stored result is scored again, never trusted', async () => {
    const file = path.join(tree.root, 'damaged.db');
    const store = await openResultsStore({ location: file });
    const { run, keys } = await quickRun([skills.csv]);
    await store.recordScoreRun(run, 'score', keys);
    const db = rawClient(file);
    await db.execute('UPDATE results SET result_json = \'{"composite": \'');
    db.close();
    expect((await store.reusable([...keys.values()])).size).toBe(0);
    await store.close();
  });

  it('the plan key ignores the target list and jobs, but not the tool version or what decides a result', () => {
    const plan = {
      planVersion: 1 as const,
      targets: ['a'],
      depth: 'quick' as const,
      methodology: 'default' as const,
      layers: ['static' as const],
      judge: null,
      seeds: {},
      samples: { judge: 1, monteCarloRuns: null },
      budget: { materialTokens: null },
      jobs: 4,
    };
    const key = planKeyOf(plan, '1.0.0');
    expect(planKeyOf({ ...plan, targets: ['b', 'c'], jobs: 16 }, '1.0.0')).toBe(key);
    expect(planKeyOf(plan, '1.0.1')).not.toBe(key);
    expect(planKeyOf({ ...plan, methodology: 'compat' }, '1.0.0')).not.toBe(key);
  });

  it('the content hash changes with any file, not with a touch', async () => {
    const dir = tree.dir('hashing');
    tree.write('hashing/SKILL.md', '---\nname: hashing\ndescription: x\n---\nBody\n');
    const before = await contentHashOf(dir);
    tree.write('hashing/SKILL.md', '---\nname: hashing\ndescription: x\n---\nBody\n');
    expect(await contentHashOf(dir)).toBe(before);
    tree.write('hashing/references/notes.md', 'new file');
    const withFile = await contentHashOf(dir);
    expect(withFile).not.toBe(before);
    appendFileSync(path.join(dir, 'references/notes.md'), '!');
    expect(await contentHashOf(dir)).not.toBe(withFile);
  });
});

describe('history', () => {
  it('by path or name, oldest first, as SkillHistory JSON and as text with markers', async () => {
    const store = await freshStore('history.db');
    const { run, keys } = await quickRun([skills.csv]);
    const key = [...keys.values()][0]!;
    const result = run.results[0]!;
    await store.recordScoreRun({ ...run, runId: 'r1', finishedAt: '2026-01-01T10:00:00.000Z' }, 'score', keys);
    await store.recordScoreRun(
      { ...run, runId: 'r2', finishedAt: '2026-01-02T10:00:00.000Z', reused: [result.target.path] },
      'score',
      keys,
    );
    const changed = new Map([[result.target.path, { ...key, contentHash: 'f'.repeat(64) }]]);
    const better = { ...result, composite: { ...result.composite, score: 91.2, badge: 'gold' as const } };
    await store.recordScoreRun(
      { ...run, runId: 'r3', finishedAt: '2026-01-03T10:00:00.000Z', results: [better] },
      'certify',
      changed,
    );

    const byName = await store.history('csv-profiler');
    const byPath = await store.history(skills.csv);
    expect(byName).toEqual(byPath);
    const history = SkillHistory.parse(byPath);
    expect(history.points.map((p) => [p.runId, p.command, p.reused, p.composite])).toEqual([
      ['r1', 'score', false, result.composite.score],
      ['r2', 'score', true, result.composite.score],
      ['r3', 'certify', false, 91.2],
    ]);
    expect((await store.history(skills.csv, { limit: 2 }))?.points.map((p) => p.runId)).toEqual(['r2', 'r3']);

    const text = formatHistoryText(history);
    expect(text).toContain(`composite ${sparkline([result.composite.score!, result.composite.score!, 91.2])}`);
    expect(text).toMatch(/2026-01-02 10:00 .* reused \(not measured again\)/);
    expect(text).toMatch(/2026-01-03 10:00 .*91\.2 .*gold .*ffffffff {2}content changed/);

    expect(await store.history('no-such-skill')).toBeUndefined();
    const dashboard = await historyOf(store, [skills.csv, skills.changelog]);
    expect([...dashboard.keys()]).toEqual([skills.csv]);
    await store.close();
  });

  it('a name two recorded skills share is refused with both paths', async () => {
    const store = await freshStore('ambiguous.db');
    const { run, keys } = await quickRun([skills.csv]);
    await store.recordScoreRun(run, 'score', keys);
    const elsewhere = new Map([...keys].map(([p, k]) => [p, { ...k, targetKey: '/elsewhere/csv-profiler' }]));
    await store.recordScoreRun({ ...run, runId: 'other' }, 'score', elsewhere);
    await expect(store.history('csv-profiler')).rejects.toThrow(
      `csv-profiler: 2 recorded skills have this name: /elsewhere/csv-profiler, ${skills.csv}; give the path of one`,
    );
    await store.close();
  });

  it('sparkline scales between the lowest and highest value', () => {
    expect(sparkline([0, 50, 100])).toBe('▁▅█');
    expect(sparkline([70, 70])).toBe('▄▄');
    expect(sparkline([])).toBe('');
  });
});
