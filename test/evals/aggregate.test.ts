/** `evals aggregate`: benchmark.json field by field against numpy, the delta's sign, tokens, exclusions, tables. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIterationRuns } from '../../src/evals/aggregate/aggregate-read.js';
import { buildBenchmark, chooseConfigurations } from '../../src/evals/aggregate/aggregate.js';
import { aggregateIteration } from '../../src/evals/aggregate/aggregate-iteration.js';
import { Benchmark, GradingInput, parseJsonAs } from '../../src/evals/index.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { writeEvalMetadata, writeGoldenIteration, writeRun } from './golden-workspace.js';
import { evalsUplift } from '../../src/evals/aggregate/evals-uplift.js';

const tree = tempTree('plugin-eval-aggregate-');
const now = () => new Date('2026-01-15T10:30:00Z');

// .venv/bin/python scripts/evals_reference.py -> "golden_aggregate": numpy mean / std(ddof=1) / min / max rounded to
// 4 dp over the golden runs, and the bootstrap CI of each delta with the same mulberry32 stream (seed 20260101, 2000).
const NUMPY = {
  with_skill: {
    pass_rate: { mean: 0.6667, stddev: 0.2108, min: 0.3333, max: 1.0 },
    time_seconds: { mean: 67.75, stddev: 64.8319, min: 38.0, max: 200.0 },
    tokens: { mean: 5050.0, stddev: 2011.7157, min: 3600.0, max: 9000.0 },
  },
  old_skill: {
    pass_rate: { mean: 0.4, stddev: 0.1491, min: 0.3333, max: 0.6667 },
    time_seconds: { mean: 31.7, stddev: 2.3875, min: 29.0, max: 35.0 },
    tokens: { mean: 2250.0, stddev: 369.6846, min: 1800.0, max: 2600.0 },
  },
  delta_ci: {
    pass_rate: { low: 0.0778, high: 0.4444 },
    time_seconds: { low: 7.6496, high: 88.87 },
    tokens: { low: 1658.3333, high: 4466.875 },
  },
};

type Summary = Record<string, Record<string, { mean: number; stddev: number; min: number; max: number; n: number }>>;

describe('evals aggregate on the golden iteration (old_skill vs with_skill, descriptive eval folder, infra and ungraded runs)', () => {
  const ws = tree.dir('ocean-skill-workspace');
  writeGoldenIteration(path.join(ws, 'iteration-1'));

  it('writes benchmark.json whose statistics match numpy (ddof=1) and whose delta is with_skill minus old_skill', async () => {
    const out = await cli('evals', 'aggregate', ws, '--no-analyst', '--output', 'json');
    expect(out.code, out.stderr).toBe(0);
    const file = path.join(ws, 'iteration-1', 'benchmark.json');
    const b = parseJsonAs(readFileSync(file, 'utf8'), file, Benchmark);
    const summary = b.run_summary as unknown as Summary;
    for (const config of ['with_skill', 'old_skill'] as const) {
      for (const metric of ['pass_rate', 'time_seconds', 'tokens'] as const) {
        for (const field of ['mean', 'stddev', 'min', 'max'] as const) {
          expect(summary[config]![metric]![field], `${config}.${metric}.${field}`).toBeCloseTo(
            NUMPY[config][metric][field],
            4,
          );
        }
      }
    }
    // Alphabetically old_skill comes first: skill-creator would report old - with (negative). Ours is with - old.
    expect(b.run_summary.delta).toEqual({ pass_rate: '+0.27', time_seconds: '+36.0', tokens: '+2800' });
    // skill-creator's viewer takes the first two keys of run_summary (all but "delta") as its columns: candidate, then
    // baseline.
    expect(
      Object.keys(b.run_summary)
        .filter((k) => k !== 'delta')
        .slice(0, 2),
    ).toEqual(['with_skill', 'old_skill']);
    expect(b.runs.filter((r) => r.eval_id === 1).map((r) => r.configuration)).toEqual([
      'with_skill',
      'with_skill',
      'with_skill',
      'old_skill',
      'old_skill',
      'old_skill',
    ]);
    const ci = b.run_summary.delta_ci as Record<
      string,
      { low: number; high: number; level: number; resamples: number }
    >;
    for (const metric of ['pass_rate', 'time_seconds', 'tokens'] as const) {
      expect(ci[metric]!.low).toBeCloseTo(NUMPY.delta_ci[metric].low, 4);
      expect(ci[metric]!.high).toBeCloseTo(NUMPY.delta_ci[metric].high, 4);
      expect(ci[metric]!.level).toBe(0.95);
    }
    expect(b.metadata).toMatchObject({
      skill_name: 'ocean-skill',
      skill_path: '/skills/ocean-skill',
      executor_model: 'claude-sonnet-4-6',
      evals_run: [1, 2],
      candidate_configuration: 'with_skill',
      baseline_configuration: 'old_skill',
    });
    // 3 measured runs per eval and configuration except eval 2 old_skill (its run 3 was an infra failure).
    expect(b.metadata.runs_per_configuration).toBe(3);
    expect(b.notes.some((n) => /not uniform.*eval 2 old_skill: 2/.test(n))).toBe(true);
    expect(summary.with_skill!.pass_rate!.n).toBe(6);
    expect(summary.old_skill!.pass_rate!.n).toBe(5);
    expect(summary.old_skill!.tokens!.n).toBe(4);
    // The same delta, said as certify says its uplift: the pass-rate delta, its interval, per eval better or worse.
    const uplift = (JSON.parse(out.stdout) as { uplift: Record<string, unknown> }).uplift;
    expect(uplift).toMatchObject({ status: 'measured', source: 'evals', comparisons: 2, splits: 0, unmeasured: 0 });
    expect(uplift.uplift as number).toBeCloseTo(NUMPY.with_skill.pass_rate.mean - NUMPY.old_skill.pass_rate.mean, 4);
    expect(uplift.low as number).toBeCloseTo(NUMPY.delta_ci.pass_rate.low, 4);
    expect(uplift.high as number).toBeCloseTo(NUMPY.delta_ci.pass_rate.high, 4);
    const text = await cli('evals', 'aggregate', ws, '--no-analyst');
    expect(text.stdout.split('\n')[0]).toMatch(/^Uplift \(evals pass rate, with_skill − old_skill\) \+0\.27 \(95% CI /);
  });

  it("per run: eval_name, tokens from timing.json (never output_chars), time from timing.json first, the grader's executor time as fallback", () => {
    const b = JSON.parse(readFileSync(path.join(ws, 'iteration-1', 'benchmark.json'), 'utf8')) as Benchmark;
    const run = (evalId: number, config: string, n: number) =>
      b.runs.find((r) => r.eval_id === evalId && r.configuration === config && r.run_number === n)!;
    expect(run(1, 'with_skill', 1)).toMatchObject({
      eval_name: 'Ocean report',
      result: { tokens: 3800, time_seconds: 40, passed: 2, failed: 1, total: 3, pass_rate: 0.6667, tool_calls: 5 },
    });
    expect(run(1, 'with_skill', 1).notes).toEqual(['Used 2023 data, may be stale']);
    expect(run(1, 'with_skill', 1).expectations).toHaveLength(3); // read from assertion_results
    expect(run(1, 'with_skill', 2).result.time_seconds).toBe(42.5); // timing.json wins over grading.json's copy
    expect(run(2, 'old_skill', 2).result).toMatchObject({ time_seconds: 33, tokens: 0, tokens_measured: false });
    expect(b.runs.every((r) => r.result.tokens !== 12450)).toBe(true);
    expect(
      b.runs.find((r) => r.eval_id === 2 && r.configuration === 'old_skill' && r.run_number === 3),
    ).toBeUndefined();
    expect(b.excluded).toEqual([
      expect.objectContaining({
        eval_id: 2,
        configuration: 'old_skill',
        run_number: 3,
        reason: 'infra',
        detail: 'timeout: the agent did not answer within 300 s',
      }),
      expect.objectContaining({ eval_id: 1, configuration: 'with_skill', run_number: 4, reason: 'ungraded' }),
    ]);
  });

  it('discrimination: passes-in-both and fails-in-both measure nothing; flaky evals above the threshold; notes say so', () => {
    const b = JSON.parse(readFileSync(path.join(ws, 'iteration-1', 'benchmark.json'), 'utf8')) as Benchmark & {
      discrimination: {
        eval_id: number;
        text: string;
        verdict: string;
        discriminating: boolean | null;
        candidate: { passed: number; runs: number };
        baseline: { passed: number; runs: number };
      }[];
      flaky_evals: { eval_id: number; configuration: string; stddev: number; mean: number; pass_rates: number[] }[];
    };
    const row = (text: string) => b.discrimination.find((d) => d.text === text)!;
    expect(row('Report names the ocean')).toMatchObject({
      verdict: 'passes_in_both',
      discriminating: false,
      candidate: { passed: 3, runs: 3 },
      baseline: { passed: 3, runs: 3 },
    });
    expect(row('Cites NOAA')).toMatchObject({ verdict: 'fails_in_both', discriminating: false });
    expect(row('Includes a depth table')).toMatchObject({
      verdict: 'discriminating',
      discriminating: true,
      candidate: { passed: 3, runs: 3 },
      baseline: { passed: 1, runs: 3 },
    });
    expect(row('Total is 1,234.50')).toMatchObject({
      verdict: 'discriminating',
      candidate: { passed: 2, runs: 3 },
      baseline: { passed: 0, runs: 2 },
    });
    // Eval 2 with_skill run pass rates 1, 1/3, 2/3: sd 0.3333 (numpy ddof=1) > 0.2. Nothing else varies that much.
    expect(b.flaky_evals).toEqual([
      {
        eval_id: 2,
        eval_name: 'Invoice totals',
        configuration: 'with_skill',
        runs: 3,
        mean: 0.6667,
        stddev: 0.3333,
        pass_rates: [1, 0.3333, 0.6667],
      },
    ]);
    const notes = b.notes.join('\n');
    expect(notes).toMatch(
      /"Report names the ocean" \(eval 1, Ocean report\) passes in every run of both with_skill and old_skill/,
    );
    expect(notes).toMatch(/"Cites NOAA" .* fails in every run of both/);
    expect(notes).toMatch(/Eval 2 \(Invoice totals\) varies across with_skill runs: pass rate 67% ± 33% over 3 runs/);
    // np.median([45, 200, 41, 40, 42.5, 38]) = 41.75, shown to 1 dp.
    expect(notes).toMatch(
      /Eval 2 \(Invoice totals\) with_skill run 2: time 200 s is more than 3 times the with_skill median \(41\.8 s\)/,
    );
    expect(notes).toMatch(/1 run\(s\) ended in an infrastructure failure .*eval 2 old_skill run 3/);
    expect(notes).toMatch(/old_skill: 1 of 5 runs have no total_tokens/);
    expect(notes).toMatch(/^with_skill minus old_skill: pass rate \+0\.27 \(95% bootstrap CI 0\.08 to 0\.44\)/);
  });

  it('writes a readable benchmark.md from the same figures', () => {
    const md = readFileSync(path.join(ws, 'iteration-1', 'benchmark.md'), 'utf8');
    expect(md).toContain('# Benchmark: ocean-skill');
    expect(md).toContain('| pass rate | 0.67 ± 0.21 (0.33–1.00) | 0.40 ± 0.15 (0.33–0.67) | +0.27 | 0.08 to 0.44 |');
    expect(md).toContain('| 1 | Cites NOAA | 0/3 | 0/3 | fails in both: measures nothing |');
    expect(md).toContain('| 2 Invoice totals | with_skill | 3 | 1.00, 0.33, 0.67 | 0.67 ± 0.33 |');
    expect(md).toContain('- eval 2 old_skill run 3: infra (timeout: the agent did not answer within 300 s)');
  });

  it('--candidate old_skill flips the sign (the delta follows the names given, not the folder order)', () => {
    return readIterationRuns(path.join(ws, 'iteration-1')).then((read) => {
      const flipped = buildBenchmark(read, { candidate: 'old_skill', now });
      expect(flipped.benchmark.run_summary.delta).toEqual({
        pass_rate: '-0.27',
        time_seconds: '-36.0',
        tokens: '-2800',
      });
      expect(flipped.pair).toEqual({ candidate: 'old_skill', baseline: 'with_skill' });
    });
  });
});

describe('layouts and configuration choice', () => {
  it('reads the flat SKILL.md layout (no run-* folders) under runs/, without_skill vs with_skill', async () => {
    const root = tree.dir('flat');
    for (const [id, name] of [
      [1, 'eval-1'],
      [2, 'eval-2'],
    ] as const) {
      writeEvalMetadata(path.join(root, 'runs', name), id, `task ${id}`);
      writeRun(
        path.join(root, 'runs', name, 'with_skill'),
        { verdicts: { a: true, b: id === 1 }, timing: { total_tokens: 1000 * id, total_duration_seconds: 10 * id } },
        'with_skill',
      );
      writeRun(
        path.join(root, 'runs', name, 'without_skill'),
        { verdicts: { a: true, b: false }, timing: { total_tokens: 500, duration_ms: 4000 } },
        'without_skill',
      );
    }
    const r = await aggregateIteration(root, { now });
    expect(r.benchmark.metadata.runs_per_configuration).toBe(1);
    expect(r.benchmark.runs.map((x) => `${x.eval_id}/${x.configuration}/${x.run_number}`)).toEqual([
      '1/with_skill/1',
      '1/without_skill/1',
      '2/with_skill/1',
      '2/without_skill/1',
    ]);
    // with_skill pass rates 1, 0.5 vs without_skill 0.5, 0.5: +0.25; times 10, 20 vs 4, 4 (duration_ms): +11.0.
    expect(r.benchmark.run_summary.delta).toEqual({ pass_rate: '+0.25', time_seconds: '+11.0', tokens: '+1000' });
    expect(existsSync(path.join(root, 'benchmark.md'))).toBe(true);
    // Said as certify says its uplift: eval 1 better with the skill, eval 2 the same.
    expect(evalsUplift(r.benchmark, r.pair)).toMatchObject({
      status: 'measured',
      uplift: 0.25,
      comparisons: 2,
      wins: 1,
      losses: 0,
      ties: 1,
      winRate: 0.75,
    });
  });

  it('more than two configurations without flags is bad input (exit 2) listing them', async () => {
    const root = tree.dir('three');
    for (const c of ['with_skill', 'without_skill', 'old_skill'])
      writeRun(path.join(root, 'eval-1', c, 'run-1'), { verdicts: { a: true } }, c);
    const out = await cli('evals', 'aggregate', root, '--no-analyst');
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /3 configurations found \(old_skill, with_skill, without_skill\).*--candidate NAME --baseline NAME/,
    );
    expect(existsSync(path.join(root, 'benchmark.json'))).toBe(false);
    const ok = await cli(
      'evals',
      'aggregate',
      root,
      '--no-analyst',
      '--candidate',
      'with_skill',
      '--baseline',
      'old_skill',
      '--output',
      'json',
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect((JSON.parse(ok.stdout) as { benchmark: Benchmark }).benchmark.run_summary).toHaveProperty('without_skill');
  });

  it('chooses the candidate and baseline by name, and refuses to guess', () => {
    expect(chooseConfigurations(['old_skill', 'with_skill'], {})).toEqual({
      candidate: 'with_skill',
      baseline: 'old_skill',
    });
    expect(chooseConfigurations(['new_skill', 'old_skill'], {})).toEqual({
      candidate: 'new_skill',
      baseline: 'old_skill',
    });
    expect(chooseConfigurations(['a', 'b'], { baseline: 'a' })).toEqual({ candidate: 'b', baseline: 'a' });
    expect(chooseConfigurations(['with_skill'], {})).toEqual({ candidate: 'with_skill', baseline: undefined });
    expect(() => chooseConfigurations(['a', 'b'], {})).toThrow(
      /cannot tell the candidate from the baseline among a, b/,
    );
    expect(() => chooseConfigurations(['a', 'b'], { candidate: 'c' })).toThrow(
      /--candidate c: no such configuration here \(found: a, b\)/,
    );
  });

  it('every run of a configuration an infra failure: could not measure (exit 3), nothing written', async () => {
    const root = tree.dir('all-infra');
    writeRun(path.join(root, 'eval-1', 'with_skill', 'run-1'), { verdicts: { a: true } }, 'with_skill');
    writeRun(path.join(root, 'eval-1', 'without_skill', 'run-1'), { infra: 'HTTP 529 overloaded' }, 'without_skill');
    const out = await cli('evals', 'aggregate', root, '--no-analyst');
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(
      /could not measure without_skill.*nothing was written[\s\S]*eval 1 without_skill run 1: infra \(timeout: HTTP 529 overloaded\)/,
    );
    expect(existsSync(path.join(root, 'benchmark.json'))).toBe(false);
  });

  it('an empty folder and a bad grading.json are bad input (exit 2) naming the file', async () => {
    expect((await cli('evals', 'aggregate', tree.dir('empty'), '--no-analyst')).code).toBe(2);
    const root = tree.dir('bad');
    tree.write('bad/eval-1/with_skill/run-1/outputs/x.md', 'x');
    tree.write('bad/eval-1/with_skill/run-1/grading.json', '{"expectations": [], "summary": {"passed": "two"}}');
    const out = await cli('evals', 'aggregate', root, '--no-analyst');
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/grading\.json:1: summary\.passed/);
  });

  it('a grading.json summary with more passed than total is bad input naming file, line and field, not an internal error', async () => {
    const root = tree.dir('overcount');
    tree.write('overcount/eval-1/with_skill/run-1/outputs/x.md', 'x');
    const file = tree.write(
      'overcount/eval-1/with_skill/run-1/grading.json',
      JSON.stringify(
        {
          expectations: [
            { text: 'a', passed: true, evidence: 'e' },
            { text: 'b', passed: false, evidence: 'e' },
          ],
          summary: { passed: 5, failed: 0, total: 3, pass_rate: 1 },
        },
        null,
        2,
      ),
    );
    const out = await cli('evals', 'aggregate', root, '--no-analyst');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${file}:15: summary.passed: more passed than total: the summary does not add up`);
    expect(out.stderr).not.toContain('internal');
    expect(existsSync(path.join(root, 'benchmark.json'))).toBe(false);
  });
});

describe("skill-creator's documented example shapes", () => {
  it('reads the seed grading.json example and writes a benchmark the seed benchmark.json shape accepts', async () => {
    const seedGrading = {
      expectations: [
        {
          text: "The output includes the name 'John Smith'",
          passed: true,
          evidence: "Found in transcript Step 3: 'Extracted names: John Smith, Sarah Johnson'",
        },
        {
          text: 'The spreadsheet has a SUM formula in cell B10',
          passed: false,
          evidence: 'No spreadsheet was created. The output was a text file.',
        },
      ],
      summary: { passed: 2, failed: 1, total: 3, pass_rate: 0.67 },
      execution_metrics: {
        tool_calls: { Read: 5, Write: 2, Bash: 8 },
        total_tool_calls: 15,
        total_steps: 6,
        errors_encountered: 0,
        output_chars: 12450,
        transcript_chars: 3200,
      },
      timing: { executor_duration_seconds: 165.0, grader_duration_seconds: 26.0, total_duration_seconds: 191.0 },
      claims: [
        {
          claim: 'The form has 12 fillable fields',
          type: 'factual',
          verified: true,
          evidence: 'Counted 12 fields in field_info.json',
        },
      ],
      user_notes_summary: {
        uncertainties: ['Used 2023 data, may be stale'],
        needs_review: [],
        workarounds: ['Fell back to text overlay for non-fillable fields'],
      },
    };
    expect(GradingInput.parse(seedGrading).expectations).toHaveLength(2);
    const root = tree.dir('seed');
    for (const c of ['with_skill', 'without_skill']) {
      tree.write(`seed/eval-1/${c}/run-1/outputs/a.md`, 'a');
      tree.write(`seed/eval-1/${c}/run-1/grading.json`, JSON.stringify(seedGrading));
    }
    const r = await aggregateIteration(root, { now });
    // No timing.json: the time is the executor's 165 s from grading.json (not its 191 s total), tokens unmeasured.
    expect(r.benchmark.runs[0]!.result).toMatchObject({
      pass_rate: 0.6667,
      time_seconds: 165,
      tokens: 0,
      tokens_measured: false,
      tool_calls: 15,
    });
    expect(r.benchmark.runs[0]!.notes).toEqual([
      'Used 2023 data, may be stale',
      'Fell back to text overlay for non-fillable fields',
    ]);
    expect(r.benchmark.run_summary.delta).toEqual({ pass_rate: '+0.00', time_seconds: '+0.0', tokens: 'n/a' });
    expect(r.benchmark.notes.join('\n')).toMatch(/No bootstrap interval for the pass_rate delta/);
    // One run per configuration: no interval, so the uplift is not measured (never a figure without one, never 0).
    expect(evalsUplift(r.benchmark, r.pair)).toMatchObject({
      status: 'not-measured',
      reason: 'the pass-rate delta has no interval: it needs at least 2 measured runs in each configuration',
      uplift: null,
      comparisons: 1,
    });
  });
});

describe('an eval not graded in one configuration', () => {
  it('is partial (exit 3), said first in text, JSON and benchmark.md, never a delta that looks measured', async () => {
    const it1 = path.join(tree.dir('ungraded-eval-workspace'), 'iteration-1');
    writeEvalMetadata(path.join(it1, 'eval-1'), 1, 'ocean');
    writeEvalMetadata(path.join(it1, 'eval-2'), 2, 'tides');
    const graded = (verdicts: Record<string, boolean>) => ({ verdicts, timing: { total_tokens: 100, duration_ms: 1 } });
    // Eval 1 passes in both: alone it gives a delta of +0.00 with an interval of 0.00 to 0.00.
    for (const c of ['with_skill', 'without_skill'])
      for (const n of [1, 2]) writeRun(path.join(it1, `eval-1/${c}/run-${n}`), graded({ a: true }), c);
    // Eval 2, where the skill would matter, was run with the skill but never graded.
    for (const n of [1, 2]) writeRun(path.join(it1, `eval-2/with_skill/run-${n}`), { timing: {} }, 'with_skill');
    for (const n of [1, 2])
      writeRun(path.join(it1, `eval-2/without_skill/run-${n}`), graded({ b: false }), 'without_skill');

    const text = await cli('evals', 'aggregate', it1, '--no-analyst');
    expect(text.code, text.stderr).toBe(3);
    expect(text.stdout.split('\n')[0]).toMatch(
      /^Partial \(exit code 3\): eval 2 \(tides\) has no graded run of with_skill \(2 ungraded\)\./,
    );
    const json = await cli('evals', 'aggregate', it1, '--no-analyst', '--output', 'json');
    expect(json.code).toBe(3);
    const summary = JSON.parse(json.stdout) as { benchmark: Benchmark };
    expect(summary.benchmark.measurement).toEqual({
      status: 'partial',
      gaps: ['eval 2 (tides) has no graded run of with_skill (2 ungraded)'],
    });
    expect(summary.benchmark.notes[0]).toMatch(/^Partial \(exit code 3\)/);
    const markdown = readFileSync(path.join(it1, 'benchmark.md'), 'utf8');
    expect(markdown.indexOf('**Partial: eval 2 (tides) has no graded run of with_skill')).toBeGreaterThan(0);
    expect(markdown.indexOf('**Partial')).toBeLessThan(markdown.indexOf('## Summary'));
  });

  it('the golden iteration, every eval graded in both configurations, is complete', () => {
    const ws = tree.dir('complete-check-workspace');
    writeGoldenIteration(path.join(ws, 'iteration-1'));
    return readIterationRuns(path.join(ws, 'iteration-1')).then((read) => {
      const { measurement } = buildBenchmark(read, { now });
      expect(measurement).toEqual({ status: 'complete', gaps: [] });
    });
  });
});
