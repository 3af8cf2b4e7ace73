import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReport } from '../../src/cli/commands/report.js';
import type { DashboardData } from '../../src/web/dashboard/index.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, FIXTURES, judgeScript } from '../judge/judge-script.js';
import { captureUi, cli } from '../support/cli.js';
import { startModelServer } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { embeddedData, historyOf, marketplace } from './fixture.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { copyExamples, quickRun } from '../store/support.js';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples/skills');
const tree = tempTree('plugin-eval-report-');

describe('plugin-eval report', () => {
  it('renders a run log written by score --output json', async () => {
    const { run } = await marketplace(3);
    const log = tree.write('run.json', JSON.stringify(run));
    const out = path.join(tree.root, 'out', 'dash.html');
    tree.dir('out');
    const r = await cli('report', log, '--html', out, '--title', 'Marketplace A');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${out}\n`);
    expect(r.stderr).toContain('3 result(s), 0 could not be scored, 1 partial; run status partial');
    const data = embeddedData(readFileSync(out, 'utf8')) as DashboardData;
    expect(data.title).toBe('Marketplace A');
    expect(data.skills.map((s) => s.path)).toEqual(run.results.map((x) => x.target.path));
    expect(data.summary.runId).toBe(run.runId);
  });

  it('scores skill paths first (quick depth by default) and writes the page', async () => {
    const out = path.join(tree.root, 'scored.html');
    const r = await cli(
      'report',
      path.join(EXAMPLES, 'csv-profiler'),
      path.join(EXAMPLES, 'changelog-writer'),
      '--html',
      out,
    );
    expect(r.code).toBe(0);
    const data = embeddedData(readFileSync(out, 'utf8')) as DashboardData;
    expect(data.skills.map((s) => s.name).sort()).toEqual(['changelog-writer', 'csv-profiler']);
    expect(data.summary.how).toMatch(/^quick depth, default methodology/);
  });

  it("draws each skill's trend from the results store its score runs were recorded in", async () => {
    const dir = tree.dir('with-store');
    const skill = path.join(dir, 'skills/csv-profiler');
    cpSync(path.join(EXAMPLES, 'csv-profiler'), skill, { recursive: true });
    const store = path.join(dir, 'results.db');
    expect((await cli('score', skill, '--store', store, '--output', 'json')).code).toBe(0);
    writeFileSync(path.join(skill, 'SKILL.md'), '\nMore guidance.\n', { flag: 'a' });
    expect((await cli('score', skill, '--store', store, '--output', 'json')).code).toBe(0);
    const out = path.join(dir, 'dash.html');
    const r = await cli('report', skill, '--html', out, '--store', store);
    expect(r.code, r.stderr).toBe(0);
    const [row] = (embeddedData(readFileSync(out, 'utf8')) as DashboardData).skills;
    expect(row!.history).toHaveLength(2);
    expect(row!.history[1]!.contentChanged).toBe(true);
    // --no-store: no trend, and the store is not read.
    const none = path.join(dir, 'none.html');
    expect((await cli('report', skill, '--html', none, '--no-store')).code).toBe(0);
    expect((embeddedData(readFileSync(none, 'utf8')) as DashboardData).skills[0]!.history).toEqual([]);
  });

  it("a run log with relative paths: the trend of the folder it was scored in (the store's record of that run), never of what has that name here", async () => {
    const dir = tree.dir('relative');
    const { csv } = copyExamples(path.join(dir, 'scored-there'));
    const store = path.join(dir, 'results.db');
    const { run, keys } = await quickRun([csv]);
    // As `cd scored-there && score csv-profiler --output json` writes it: the path as given.
    const rel = 'csv-profiler';
    const logged = { ...run, results: run.results.map((r) => ({ ...r, target: { ...r.target, path: rel } })) };
    const key = keys.get(csv)!;
    const db = await openResultsStore({ location: store });
    await db.recordScoreRun(logged, 'score', new Map([[rel, key]]));
    // Another skill recorded under the same relative name in the folder report runs in, twice.
    for (const runId of ['here-1', 'here-2'])
      await db.recordScoreRun(
        { ...logged, runId },
        'score',
        new Map([[rel, { ...key, targetKey: path.resolve(rel) }]]),
      );
    await db.close();
    const out = path.join(dir, 'dash.html');
    const r = await cli(
      'report',
      tree.write('relative/run.json', JSON.stringify(logged)),
      '--html',
      out,
      '--store',
      store,
    );
    expect(r.code, r.stderr).toBe(0);
    expect((embeddedData(readFileSync(out, 'utf8')) as DashboardData).skills[0]!.history).toHaveLength(1);
    // A run the store does not hold: its folder is unknown, so no trend, and a line says why.
    const unrecorded = await cli(
      'report',
      tree.write('relative/unrecorded.json', JSON.stringify({ ...logged, runId: 'never-recorded' })),
      '--html',
      out,
      '--store',
      store,
    );
    expect(unrecorded.stderr).toContain(
      `report: no trend lines for 1 result(s) with a relative path (csv-profiler): run never-recorded is not ` +
        `in ${store}`,
    );
    expect((embeddedData(readFileSync(out, 'utf8')) as DashboardData).skills[0]!.history).toEqual([]);
  });

  async function withJudge<T>(
    override: Parameters<typeof judgeScript>[0]['override'],
    body: () => Promise<T>,
  ): Promise<{ result: T; requests: number }> {
    const server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: () => 1,
        ...(override ? { override } : {}),
      }),
    );
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: server.url,
        PLUGIN_EVAL_CACHE: 'false',
      });
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      return { result: await body(), requests: server.requests.length };
    } finally {
      process.env = saved;
      await server.close();
    }
  }

  it('at standard depth runs the judge through the resolved provider (the scripted model server)', async () => {
    const out = path.join(tree.root, 'standard.html');
    const { result: r, requests } = await withJudge(undefined, () =>
      cli('report', path.join(FIXTURES, 'csv-report'), '--html', out, '--depth', 'standard', '--methodology', 'compat'),
    );
    expect(r.code).toBe(0);
    expect(requests).toBeGreaterThan(0);
    const data = embeddedData(readFileSync(out, 'utf8')) as DashboardData;
    expect(data.summary.how).toMatch(/^standard depth, compat methodology, layers static, judge; judge /);
    expect(data.skills[0]!.detail.dimensions.find((d) => d.label === 'Output quality')).toMatchObject({
      text: '1.00',
      layers: 'measured by judge 1.00',
    });
  });

  it('a partial judged run still writes the page, flags the result and exits 3', async () => {
    const out = path.join(tree.root, 'partial.html');
    const { result: r } = await withJudge(
      (name) => (name === 'judge_output_quality' ? { json: { nonsense: true } } : undefined),
      () => cli('report', path.join(FIXTURES, 'csv-report'), '--html', out, '--depth', 'standard'),
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('1 partial; run status partial');
    const data = embeddedData(readFileSync(out, 'utf8')) as DashboardData;
    expect(data.skills[0]).toMatchObject({ partial: true, badge: 'none' });
    expect(data.skills[0]!.cells[2]).toEqual({ score: null, text: 'not measured', bin: 'none' }); // output_quality
    expect(data.skills[0]!.detail.gaps.join('\n')).toMatch(/^output_quality: not measured by judge/m);
  });

  it('reads the config file (flag > environment > config > default)', async () => {
    const config = tree.write('project/plugin-eval.config.json', JSON.stringify({ methodology: 'compat' }));
    const out = path.join(tree.root, 'config.html');
    expect((await cli('--config', config, 'report', path.join(EXAMPLES, 'csv-profiler'), '--html', out)).code).toBe(0);
    expect((embeddedData(readFileSync(out, 'utf8')) as DashboardData).summary.how).toMatch(
      /^quick depth, compat methodology/,
    );
    expect(
      (
        await cli(
          '--config',
          config,
          'report',
          path.join(EXAMPLES, 'csv-profiler'),
          '--html',
          out,
          '--methodology',
          'default',
        )
      ).code,
    ).toBe(0);
    expect((embeddedData(readFileSync(out, 'utf8')) as DashboardData).summary.how).toMatch(
      /^quick depth, default methodology/,
    );
  });

  it('sends deep and thorough to score (agents need its set-up)', async () => {
    const r = await cli(
      'report',
      path.join(EXAMPLES, 'csv-profiler'),
      '--html',
      path.join(tree.root, 'deep.html'),
      '--depth',
      'deep',
    );
    expect(r.code).toBe(2);
    const env = await (async () => {
      process.env.PLUGIN_EVAL_DEPTH = 'deep';
      try {
        return await cli('report', path.join(EXAMPLES, 'csv-profiler'), '--html', path.join(tree.root, 'deep.html'));
      } finally {
        delete process.env.PLUGIN_EVAL_DEPTH;
      }
    })();
    expect(env.code).toBe(2);
    expect(env.stderr).toContain(
      'report: depth deep (from PLUGIN_EVAL_DEPTH) runs agents; score it with `plugin-eval score --depth deep ' +
        '--output json --out run.json`',
    );
    expect(existsSync(path.join(tree.root, 'deep.html'))).toBe(false);
  });

  it('a run log saved with a byte-order mark (an editor that adds one) is read, not refused as bad JSON', async () => {
    const { run } = await marketplace(1);
    const log = tree.write('bom.json', `\uFEFF${JSON.stringify(run)}`);
    const out = path.join(tree.root, 'bom.html');
    const code = await runReport([log], { html: out }, captureUi(), { historyFor: async () => new Map() });
    expect(code).toBe(0);
    expect((embeddedData(readFileSync(out, 'utf8')) as DashboardData).skills).toHaveLength(1);
  });

  it('takes the history of each target from the seam', async () => {
    const { run } = await marketplace(2);
    const log = tree.write('seam.json', JSON.stringify(run));
    const out = path.join(tree.root, 'seam.html');
    const asked: string[][] = [];
    const ui = captureUi();
    const code = await runReport([log], { html: out }, ui, {
      historyFor: async (paths) => {
        asked.push([...paths]);
        return new Map([[paths[1]!, historyOf(run.results[1]!, 3, 'earlier')]]);
      },
      now: () => new Date('2026-11-23T00:00:00.000Z'),
    });
    expect(code).toBe(0);
    expect(asked).toEqual([run.results.map((r) => r.target.path)]);
    const data = embeddedData(readFileSync(out, 'utf8')) as DashboardData;
    expect(data.generatedAt).toBe('2026-11-23T00:00:00.000Z');
    expect(data.skills.map((s) => s.history.length)).toEqual([0, 3]);
  });

  describe('bad input: one line naming the file, exit 2, nothing written', () => {
    const out = path.join(tree.root, 'never.html');
    it.each([
      ['missing.json', null, 'missing.json: no such file'],
      // Located at the line and column (a hand-edited or truncated log), not V8's character position.
      ['broken.json', '{"kind": "score-run",', 'broken.json:1:22: not valid JSON'],
      [
        'truncated.json',
        '{\n  "kind": "score-run",\n  "runId": "r1",\n  "results": [\n    {"composite": ',
        'truncated.json:5:18: not valid JSON',
      ],
      [
        'bad-comma.json',
        '{\n  "kind": "score-run",\n  "results": [1,],\n  "x": 1\n}',
        'bad-comma.json:3:17: not valid JSON',
      ],
      [
        'other.json',
        '{"kind": "something-else"}',
        'other.json:1:1: not a plugin-eval score run log (`score --output json`) at schemaVersion',
      ],
      [
        'edited.json',
        '{\n  "schemaVersion": 1,\n  "kind": "score-run",\n  "runId": 7\n}',
        'edited.json:4:3: not a plugin-eval score run log (`score --output json`) at runId',
      ],
    ])('%s', async (name, content, message) => {
      const file = content === null ? path.join(tree.root, name) : tree.write(name, content);
      const r = await cli('report', file, '--html', out);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out)).toBe(false);
    });

    it('without --html, with several run logs, or with --depth on a run log', async () => {
      const { run } = await marketplace(1);
      const log = tree.write('one.json', JSON.stringify(run));
      expect((await cli('report', log)).stderr).toContain('--html FILE is required');
      expect((await cli('report', log, log, '--html', out)).stderr).toContain('give one run log');
      const r = await cli('report', log, '--html', out, '--depth', 'standard');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--depth and --methodology apply when report scores paths itself');
      expect((await cli('report', log, '--html', out, '--depth', 'deepest')).code).toBe(2);
      expect(existsSync(out)).toBe(false);
    });

    it('--html that is the run log, or a SKILL.md, is refused: the page would replace its own input', async () => {
      const { run } = await marketplace(1);
      const log = tree.write('precious.json', JSON.stringify(run));
      const before = readFileSync(log, 'utf8');
      const r = await cli('report', log, '--html', log);
      expect([r.code, r.stderr]).toEqual([
        2,
        `plugin-eval: --html ${log}: is ${log}, an input of this command; the output would replace it. Give ` +
          `another file; nothing was done`,
      ]);
      expect(readFileSync(log, 'utf8')).toBe(before);
      const skill = path.join(tree.dir('own-skill'), 'csv-profiler');
      cpSync(path.join(EXAMPLES, 'csv-profiler'), skill, { recursive: true });
      const md = path.join(skill, 'SKILL.md');
      const original = readFileSync(md, 'utf8');
      const s = await cli('report', skill, '--html', md);
      expect(s.code).toBe(2);
      expect(s.stderr).toContain('is a SKILL.md plugin-eval reads; the output would replace it');
      expect(readFileSync(md, 'utf8')).toBe(original);
      // A new page inside the scored folder is fine.
      expect((await cli('report', skill, '--html', path.join(skill, 'dashboard.html'))).code).toBe(0);
    });

    it('an unwritable --html names the file', async () => {
      const { run } = await marketplace(1);
      const log = tree.write('w.json', JSON.stringify(run));
      const bad = path.join(tree.root, 'no-such-folder', 'x.html');
      const r = await cli('report', log, '--html', bad);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--html ${bad}: the folder ${path.dirname(bad)} does not exist; nothing was done`);
    });
  });
});
