/**
 * `evals history`: history.json rebuilt from each iteration's benchmark.json; won/lost/tie against the current best.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeVersion } from '../../src/evals/history.js';
import { History, type Benchmark } from '../../src/evals/index.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-history-');

/** A benchmark.json with one run per pass rate (eval 1, run 1..n) for each configuration. */
function benchmark(rates: Record<string, number[]>, candidate: string, timestamp: string): Benchmark {
  const runs = Object.entries(rates).flatMap(([configuration, list]) =>
    list.map((pass_rate, i) => ({
      eval_id: 1,
      eval_name: 'e',
      configuration,
      run_number: i + 1,
      result: { pass_rate, passed: 0, failed: 0, total: 1, time_seconds: 1, tokens: 1, tool_calls: 0, errors: 0 },
      expectations: [],
      notes: [],
    })),
  );
  const baseline = Object.keys(rates).find((c) => c !== candidate);
  return {
    metadata: {
      skill_name: 'pdf',
      timestamp,
      evals_run: [1],
      runs_per_configuration: 4,
      candidate_configuration: candidate,
      ...(baseline ? { baseline_configuration: baseline } : {}),
    },
    runs,
    run_summary: {},
    notes: [],
  };
}

const put = (ws: string, n: number, b: Benchmark) => {
  tree.write(path.join(path.relative(tree.root, ws), `iteration-${n}`, 'benchmark.json'), JSON.stringify(b));
};

describe('evals history', () => {
  const ws = tree.dir('pdf-workspace');
  // Values in scripts/evals_reference.py HISTORY.
  put(
    ws,
    1,
    benchmark(
      { with_skill: [0.6, 0.7, 0.8, 0.7], without_skill: [0.3, 0.4, 0.35, 0.3] },
      'with_skill',
      '2026-01-15T10:30:00.000Z',
    ),
  );
  put(
    ws,
    2,
    benchmark(
      { with_skill: [0.7, 0.75, 0.65, 0.7], old_skill: [0.6, 0.7, 0.8, 0.7] },
      'with_skill',
      '2026-01-16T10:30:00.000Z',
    ),
  );
  tree.dir('pdf-workspace/iteration-3/eval-1');
  put(
    ws,
    4,
    benchmark({ old_skill: [0.7], with_skill: [0.9, 0.95, 0.9, 1.0] }, 'with_skill', '2026-01-18T10:30:00.000Z'),
  );
  put(ws, 5, benchmark({ with_skill: [0.5] }, 'with_skill', '2026-01-19T10:30:00.000Z'));

  it('v0 is the first baseline; each iteration is won/lost/tie against the current best; one current best', async () => {
    const out = await cli('evals', 'history', ws, '--output', 'json');
    expect(out.code, out.stderr).toBe(0);
    const h = History.parse(JSON.parse(readFileSync(path.join(ws, 'history.json'), 'utf8')));
    type Entry = (typeof h.iterations)[number] & {
      compared_with?: string;
      difference?: number;
      ci?: { low: number; high: number };
      decided_by?: string;
    };
    const it = h.iterations as Entry[];
    expect(it.map((e) => [e.version, e.parent, e.grading_result, e.is_current_best])).toEqual([
      ['v0', null, 'baseline', false],
      ['v1', 'v0', 'won', false],
      ['v2', 'v1', 'tie', false],
      ['v4', 'v2', 'won', true],
      ['v5', 'v4', 'lost', false],
    ]);
    expect(h.current_best).toBe('v4');
    expect(h.skill_name).toBe('pdf');
    expect(h.started_at).toBe('2026-01-15T10:30:00.000Z');
    // .venv/bin/python scripts/evals_reference.py -> "history": means (numpy) and the bootstrap CI of each version
    // against the best before it, same mulberry32 stream (seed 20260101, 2000 resamples).
    expect(it.map((e) => e.expectation_pass_rate)).toEqual([0.3375, 0.7, 0.7, 0.9375, 0.5]);
    expect(it[1]).toMatchObject({ compared_with: 'v0', decided_by: 'bootstrap' });
    expect(it[1]!.ci!.low).toBeCloseTo(0.2875, 4);
    expect(it[1]!.ci!.high).toBeCloseTo(0.4375, 4);
    // v2 against v1 (not v0): the same mean, CI -0.075 to 0.075 spans 0 -> tie.
    expect(it[2]).toMatchObject({ compared_with: 'v1' });
    expect(it[2]!.ci!.low).toBeCloseTo(-0.075, 4);
    expect(it[2]!.ci!.high).toBeCloseTo(0.075, 4);
    // v4 against v1 (v2 only tied): 0.1625 to 0.3125.
    expect(it[3]).toMatchObject({ compared_with: 'v1', difference: 0.2375 });
    expect(it[3]!.ci!.low).toBeCloseTo(0.1625, 4);
    expect(it[3]!.ci!.high).toBeCloseTo(0.3125, 4);
    // One run: the margin rule; 0.5 - 0.9375 is well outside 0.05.
    expect(it[4]).toMatchObject({ compared_with: 'v4', decided_by: 'margin', difference: -0.4375 });
    expect((JSON.parse(out.stdout) as { skipped_iterations: number[] }).skipped_iterations).toEqual([3]);
  });

  it('is idempotent, and keeps started_at from an existing history.json', async () => {
    const file = path.join(ws, 'history.json');
    const first = readFileSync(file, 'utf8');
    expect((await cli('evals', 'history', ws)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(first);
    writeFileSync(file, first.replace('2026-01-15T10:30:00.000Z', '2025-12-01T00:00:00Z'));
    const out = await cli('evals', 'history', ws);
    expect(out.stdout).toMatch(/v4\s+won\s+pass rate 0\.94 vs v1: \+0\.24 \(95% CI 0\.16 to 0\.31\)\s+<- current best/);
    expect(History.parse(JSON.parse(readFileSync(file, 'utf8'))).started_at).toBe('2025-12-01T00:00:00Z');
  });

  it('the margin rule with fewer than 2 runs a side', () => {
    expect(judgeVersion([0.52], [0.5])).toMatchObject({ result: 'tie', decided_by: 'margin' });
    expect(judgeVersion([0.52], [0.5], { margin: 0.01 })).toMatchObject({ result: 'won' });
  });

  it('a version whose iteration was stopped part way (candidate runs not_run) is judged and listed but never made the current best', async () => {
    const partial = tree.dir('partial-ws');
    put(
      partial,
      1,
      benchmark(
        { with_skill: [0.5, 0.5, 0.6], without_skill: [0.3, 0.4, 0.3] },
        'with_skill',
        '2026-01-15T10:30:00.000Z',
      ),
    );
    // Iteration 2 was stopped after 2 of its runs: on the one eval it reached, it looks far better.
    const stopped = {
      ...benchmark({ with_skill: [1, 1], without_skill: [0.4, 0.3] }, 'with_skill', '2026-01-16T10:30:00.000Z'),
      excluded: [
        {
          eval_id: 2,
          eval_name: 'f',
          configuration: 'with_skill',
          run_number: 1,
          run_dir: 'x',
          reason: 'not_run',
          detail: 'planned in evals_run.json and never run',
        },
        {
          eval_id: 2,
          eval_name: 'f',
          configuration: 'with_skill',
          run_number: 2,
          run_dir: 'y',
          reason: 'not_run',
          detail: 'planned in evals_run.json and never run',
        },
        {
          eval_id: 2,
          eval_name: 'f',
          configuration: 'without_skill',
          run_number: 1,
          run_dir: 'z',
          reason: 'not_run',
          detail: 'planned in evals_run.json and never run',
        },
      ],
    };
    put(partial, 2, stopped);
    const out = await cli('evals', 'history', partial);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/v2 +won .*\(partial: 2 planned run\(s\) not run; never the current best/);
    const h = History.parse(JSON.parse(readFileSync(path.join(partial, 'history.json'), 'utf8')));
    expect(h.current_best).toBe('v1');
    expect(
      h.iterations.map((e) => [
        e.version,
        e.grading_result,
        e.is_current_best,
        (e as { runs_not_run?: number }).runs_not_run,
      ]),
    ).toEqual([
      ['v0', 'baseline', false, undefined],
      ['v1', 'won', true, undefined],
      ['v2', 'won', false, 2],
    ]);
  });

  it('a workspace without any benchmark.json is bad input (exit 2)', async () => {
    tree.dir('empty-ws/iteration-1');
    const out = await cli('evals', 'history', path.join(tree.root, 'empty-ws'));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/no iteration has a benchmark\.json; run plugin-eval evals aggregate first/);
  });
});
