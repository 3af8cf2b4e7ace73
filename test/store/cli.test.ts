import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { SkillHistory } from '../../src/store/schema.js';
import { ScoreRun } from '../../src/model/run.js';
import { foldedClient, rawClient } from './support.js';

const tree = tempTree('plugin-eval-store-cli-');
const skills = tree.dir('skills');
cpSync(path.resolve('examples/skills/csv-profiler'), path.join(skills, 'csv-profiler'), { recursive: true });
cpSync(path.resolve('examples/skills/changelog-writer'), path.join(skills, 'changelog-writer'), { recursive: true });
const csv = path.join(skills, 'csv-profiler');

describe('score records in the store; history and --only-changed read it back', () => {
  it('records, reuses unchanged targets, rescored changed ones, and shows the trend', async () => {
    const store = path.join(tree.root, 'a', 'results.db');
    const first = await cli('score', skills, '--store', store, '--output', 'json');
    expect([0, 1]).toContain(first.code);
    expect(first.stderr).not.toContain('not recorded');

    const second = await cli('score', skills, '--store', store, '--output', 'json', '--only-changed');
    expect(second.stderr).toContain('reused 2 of 2 results: content and plan unchanged');
    const run2 = ScoreRun.parse(JSON.parse(second.stdout));
    expect(run2.reused?.sort()).toEqual(run2.results.map((r) => r.target.path).sort());
    // No model call was made, and none is counted again.
    expect(run2.usage).toBeNull();
    // Each reused result names the run that measured it (the first, never the second, which only reused it).
    const run1 = ScoreRun.parse(JSON.parse(first.stdout));
    for (const r of run2.results) expect(r.reusedFrom).toEqual({ runId: run1.runId, measuredAt: run1.finishedAt });
    expect(run1.results.every((r) => r.reusedFrom === undefined)).toBe(true);
    const reusedText = await cli('score', csv, '--store', store, '--only-changed');
    expect(reusedText.stdout).toContain('Reused from the results store: content and plan unchanged');
    expect(reusedText.stdout.replace(/\s+/g, ' ')).toContain(
      `measured by run ${run1.runId} at ${run1.finishedAt}, not in this run`,
    );
    // In every format, not only text and the run log's list.
    const lines = await cli('score', skills, '--store', store, '--output', 'jsonl', '--only-changed');
    for (const line of lines.stdout.trim().split('\n')) expect(JSON.parse(line).reusedFrom?.runId).toBe(run1.runId);
    for (const format of ['markdown', 'html', 'junit']) {
      const out = await cli('score', csv, '--store', store, '--output', format, '--only-changed');
      expect(out.stdout, format).toContain(`measured by run ${run1.runId}`);
    }
    const sarif = await cli('score', csv, '--store', store, '--output', 'sarif', '--only-changed');
    expect(JSON.parse(sarif.stdout).runs[0].properties.scores[0].reusedFrom.runId).toBe(run1.runId);

    writeFileSync(
      path.join(csv, 'SKILL.md'),
      `${(await import('node:fs')).readFileSync(path.join(csv, 'SKILL.md'), 'utf8')}\nOne more line.\n`,
    );
    const third = await cli('score', skills, '--store', store, '--output', 'json', '--only-changed');
    expect(third.stderr).toContain('reused 1 of 2 results: content and plan unchanged; 1 scored');

    const json = await cli('history', csv, '--store', store, '--output', 'json');
    expect(json.code).toBe(0);
    const history = SkillHistory.parse(JSON.parse(json.stdout));
    // Measured, reused seven times (run log, text, jsonl, markdown, html, junit, sarif), measured again after the edit.
    expect(history.points.map((p) => p.reused)).toEqual([false, ...Array<boolean>(7).fill(true), false]);
    expect(history.points[0]!.contentHash).toBe(history.points[1]!.contentHash);
    expect(history.points[8]!.contentHash).not.toBe(history.points[7]!.contentHash);

    // The SKILL.md path score takes names the same skill.
    const byFile = await cli('history', path.join(csv, 'SKILL.md'), '--store', store, '--output', 'json');
    expect([byFile.code, byFile.stderr]).toEqual([0, '']);
    expect(SkillHistory.parse(JSON.parse(byFile.stdout)).points).toHaveLength(history.points.length);

    const text = await cli('history', 'csv-profiler', '--store', store);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/[▁▂▃▄▅▆▇█]{4}/);
  });
});

describe('the store through the CLI: bad input and failures', () => {
  it('--only-changed with --no-store is bad input (exit 2)', async () => {
    const out = await cli('score', csv, '--no-store', '--only-changed');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--only-changed reuses results from the results store, which is off');
  });

  it('a store that is not SQLite: score still reports with its own exit code and says so in one line; --only-changed and history refuse (exit 2)', async () => {
    const bad = tree.write('not-a-store.db', 'plain text\n'.repeat(500));
    const quiet = await cli('score', csv, '--store', bad, '--output', 'json');
    expect(quiet.code).toBe(0);
    expect(ScoreRun.parse(JSON.parse(quiet.stdout)).results).toHaveLength(1);
    expect(quiet.stderr.split('\n').filter((l) => l.includes('results store'))).toEqual([
      `plugin-eval: the run was not recorded in the results store: ${bad}: cannot open the results store: not ` +
        `an SQLite database (not a plugin-eval results store)`,
    ]);
    const reuse = await cli('score', csv, '--store', bad, '--only-changed');
    expect(reuse.code).toBe(2);
    expect(reuse.stderr).toContain(`${bad}: cannot open the results store: not an SQLite database`);
    const history = await cli('history', csv, '--store', bad);
    expect(history.code).toBe(2);
    expect(history.stderr).not.toContain('    at ');
  });

  it('a store with a table dropped: history and --only-changed refuse it naming the file (exit 2), score reports and warns', async () => {
    const store = path.join(tree.root, 'dropped.db');
    await cli('score', csv, '--store', store);
    const db = await foldedClient(store);
    await db.execute('DROP TABLE dimension_scores');
    db.close();
    const damaged = `${store}: damaged results store: schema version`;
    const history = await cli('history', csv, '--store', store);
    expect([history.code, history.stderr]).toEqual([
      2,
      expect.stringContaining(`${damaged} 4 but no dimension_scores table`),
    ]);
    expect(history.stderr).not.toContain('unexpected error');
    const reuse = await cli('score', csv, '--store', store, '--only-changed');
    expect(reuse.code).toBe(2);
    expect(reuse.stderr).toContain(damaged);
    // This process opened the store already (the commands above run in it), so the score writes to it directly.
    const quiet = await cli('score', csv, '--store', store, '--output', 'json');
    expect(quiet.code).toBe(0);
    expect(ScoreRun.parse(JSON.parse(quiet.stdout)).results).toHaveLength(1);
    expect(quiet.stderr).toContain(`plugin-eval: the run was not recorded in the results store: ${damaged}`);
  });

  it('history: a recorded value it cannot read (edited by hand, or written by a later version) is one line naming the store and the run, exit 2', async () => {
    const store = path.join(tree.root, 'edited.db');
    const run = ScoreRun.parse(JSON.parse((await cli('score', csv, '--store', store, '--output', 'json')).stdout));
    const db = await foldedClient(store);
    await db.execute("UPDATE results SET badge = 'diamond'");
    db.close();
    for (const output of ['json', 'text']) {
      const out = await cli('history', csv, '--store', store, '--output', output);
      expect(out.code, output).toBe(2);
      expect(out.stderr.trim().split('\n'), output).toEqual([
        expect.stringContaining(
          `plugin-eval: ${store}: ${csv}: a recorded value this plugin-eval cannot read: the result of ` +
            `run ${run.runId} (${run.finishedAt}) at badge: Invalid option`,
        ),
      ]);
    }
  });

  it('history: a store that does not exist, an unknown skill, an ambiguous name and a bad --limit are exit 2', async () => {
    const missing = path.join(tree.root, 'nowhere', 'results.db');
    expect((await cli('history', csv, '--store', missing)).stderr).toContain(`${missing}: no results store here`);
    const store = path.join(tree.root, 'b.db');
    await cli('score', skills, '--store', store);
    const unknown = await cli('history', 'no-such-skill', '--store', store);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      `plugin-eval: no-such-skill: nothing recorded for this skill or plugin in ${store} (neither a recorded ` +
        `path nor a recorded name)`,
    ]);
    const twin = path.join(tree.dir('elsewhere'), 'csv-profiler');
    cpSync(csv, twin, { recursive: true });
    await cli('score', twin, '--store', store);
    const ambiguous = await cli('history', 'csv-profiler', '--store', store);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(`2 recorded skills have this name: ${twin}, ${csv}; give the path of one`);
    expect((await cli('history', csv, '--store', store, '--limit', '0')).code).toBe(2);
  });

  it('a store named as a folder (a trailing slash) or a config store that is neither a path nor false is exit 2, nothing created', async () => {
    const folder = `${path.join(tree.root, 'store-folder')}/`;
    const slash = await cli('score', csv, '--store', folder);
    expect(slash.code).toBe(2);
    expect(slash.stderr).toContain(
      'a file path (the store is one SQLite file; this one ends in a slash, a folder), or off',
    );
    expect(existsSync(folder.slice(0, -1))).toBe(false);
    const config = path.join(tree.dir('cfg'), 'plugin-eval.config.json');
    writeFileSync(config, '{\n  "store": 123\n}\n');
    const numeric = await cli('--config', config, 'score', csv);
    expect(numeric.code).toBe(2);
    expect(numeric.stderr).toBe(`plugin-eval: ${config}:2: store: must be a file path or false`);
  });

  it('the streaming jsonl mode records every result too', async () => {
    const store = path.join(tree.root, 'stream.db');
    const out = await cli('score', skills, '--store', store, '--output', 'jsonl');
    expect(out.stdout.trim().split('\n')).toHaveLength(2);
    const again = await cli('score', skills, '--store', store, '--output', 'jsonl', '--only-changed');
    expect(again.stderr).toContain('reused 2 of 2 results');
  });

  it('PLUGIN_EVAL_STORE=off records nothing; the default store is under PLUGIN_EVAL_DATA_DIR', async () => {
    const dataDir = process.env.PLUGIN_EVAL_DATA_DIR!;
    await cli('score', csv);
    expect((await cli('history', csv)).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'results.db'))).toBe(true);
    process.env.PLUGIN_EVAL_STORE = 'off';
    try {
      const out = await cli('score', csv, '--only-changed');
      expect(out.code).toBe(2);
    } finally {
      delete process.env.PLUGIN_EVAL_STORE;
    }
  });

  it('publishes the history schema', async () => {
    const out = await cli('schema', 'skill-history');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).$defs.SkillHistory.title).toBe('plugin-eval skill history');
  });

  it('evals steps are recorded as runs of their own, with unknown cost left unknown', async () => {
    const { writeGoldenIteration } = await import('../evals/golden-workspace.js');
    const ws = tree.dir('ws');
    writeGoldenIteration(path.join(ws, 'iteration-1'));
    const store = path.join(tree.root, 'evals.db');
    process.env.PLUGIN_EVAL_STORE = store;
    try {
      const out = await cli('evals', 'aggregate', ws, '--no-analyst', '--output', 'json');
      expect(out.code, out.stderr).toBe(0);
    } finally {
      delete process.env.PLUGIN_EVAL_STORE;
    }
    const db = rawClient(store);
    const rows = (await db.execute('SELECT command, status, subject, cost_usd, summary_json FROM runs')).rows;
    db.close();
    expect(rows.map((r) => [r.command, r.status, r.subject, r.cost_usd])).toEqual([
      ['evals-aggregate', 'success', ws, null],
    ]);
    expect(JSON.parse(String(rows[0]!.summary_json))).toMatchObject({ step: 'evals aggregate', exitCode: 0 });
  });
});

describe('--only-changed reuses nothing measured another way, and a store it cannot write never changes the outcome', () => {
  it('another methodology scores again', async () => {
    const store = path.join(tree.root, 'plans.db');
    await cli('score', csv, '--store', store);
    const other = await cli('score', csv, '--store', store, '--methodology', 'compat', '--only-changed');
    expect(other.stderr).toContain('reused 0 of 1 results');
  });

  it('a store from a newer plugin-eval: the run reports and exits as it would, with one warning, and the file is untouched', async () => {
    const file = path.join(tree.root, 'newer.db');
    const db = rawClient(file);
    await db.execute('PRAGMA user_version = 999');
    db.close();
    const bytes = readFileSync(file);
    const out = await cli('score', csv, '--store', file, '--threshold', '99');
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      `plugin-eval: the run was not recorded in the results store: ${file}: results store schema version 999 is ` +
        `newer than this plugin-eval understands`,
    );
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});
