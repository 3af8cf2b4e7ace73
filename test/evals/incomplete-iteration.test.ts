/**
 * An iteration `evals run` left incomplete (Ctrl-C, --max-cost, a kill): the runs its evals_run.json planned and
 * nobody made, and a run folder cut short before its run.json was written, are no measurement of the skill. The
 * benchmark lists them and says it covers part of the iteration; a baseline with nothing made is "could not
 * measure", never a one-configuration benchmark; grade never grades a cut-short run's partial outputs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeWorkspace } from '../../src/evals/grade/grade-workspace.js';
import { Benchmark, IterationPlan, parseJsonAs } from '../../src/evals/index.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { writeEvalMetadata, writeRun } from './golden-workspace.js';

const tree = tempTree('plugin-eval-incomplete-iteration-');
const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/** evals_run.json as evals run writes it: 2 evals x with_skill, without_skill x 2 runs. */
function writePlan(iteration: string): void {
  const plan = IterationPlan.parse({
    kind: 'evals-run',
    skill_name: 'ocean-skill',
    skill_path: '/skills/ocean-skill',
    evals_file: '/skills/ocean-skill/evals/evals.json',
    evals: [
      { eval_id: 1, eval_name: 'ocean', input_hash: 'a' },
      { eval_id: 2, eval_name: 'tides', input_hash: 'b' },
    ],
    configurations: [
      { name: 'with_skill', install: 'skill' },
      { name: 'without_skill', install: 'none' },
    ],
    runs_per_configuration: 2,
    runner: 'claude-agent-sdk',
    model: 'haiku',
    allowed_tools: ['Read'],
    max_turns: 30,
    timeout_ms: 600_000,
    created_at: '2026-01-15T10:30:00Z',
  });
  write(path.join(iteration, 'evals_run.json'), JSON.stringify(plan));
}

const made = (verdicts: Record<string, boolean>) => ({
  verdicts,
  model: 'haiku',
  timing: { total_tokens: 1000, total_duration_seconds: 10 },
});

describe('an iteration evals run left incomplete', () => {
  it('aggregate lists the planned runs never made and the cut-short one (even graded) as not_run, and is partial (exit 3)', async () => {
    const it1 = path.join(tree.dir('partial-workspace'), 'iteration-1');
    writePlan(it1);
    writeEvalMetadata(path.join(it1, 'eval-1'), 1, 'ocean');
    writeRun(path.join(it1, 'eval-1/with_skill/run-1'), made({ a: true, b: true }), 'with_skill');
    writeRun(path.join(it1, 'eval-1/with_skill/run-2'), made({ a: true, b: false }), 'with_skill');
    writeRun(path.join(it1, 'eval-1/without_skill/run-1'), made({ a: false, b: false }), 'without_skill');
    // Killed while its folder was written: outputs and a grading.json (graded by an older plugin-eval), no run.json.
    writeRun(path.join(it1, 'eval-1/without_skill/run-2'), { verdicts: { a: false, b: false } }, 'without_skill');
    expect(existsSync(path.join(it1, 'eval-1/without_skill/run-2/run.json'))).toBe(false);

    const out = await cli('evals', 'aggregate', it1, '--no-analyst');
    // Eval 2 was never run in either configuration: the figures are partial (exit 3) and say so first.
    expect(out.code, out.stderr).toBe(3);
    expect(out.stdout.split('\n')[0]).toBe(
      'Partial (exit code 3): eval 2 (tides) has no graded run of with_skill (2 not_run); eval 2 (tides) has no ' +
        'graded run of without_skill (2 not_run). The figures and the delta cover only the evals measured, so they ' +
        'do not say what the missing ones would show.',
    );
    expect(out.stdout).toContain('5 run(s) excluded');
    expect(out.stdout).toContain('5 planned run(s) not run or cut short: these figures cover part of the iteration');
    const file = path.join(it1, 'benchmark.json');
    const b = parseJsonAs(readFileSync(file, 'utf8'), file, Benchmark);
    expect(b.runs.map((r) => `${r.eval_id} ${r.configuration} ${r.run_number}`)).toEqual([
      '1 with_skill 1',
      '1 with_skill 2',
      '1 without_skill 1',
    ]);
    const excluded = (
      b as unknown as {
        excluded: { eval_id: number; configuration: string; run_number: number; reason: string; detail: string }[];
      }
    ).excluded;
    expect(excluded.map((r) => [r.eval_id, r.configuration, r.run_number, r.reason])).toEqual([
      [1, 'without_skill', 2, 'not_run'],
      [2, 'with_skill', 1, 'not_run'],
      [2, 'with_skill', 2, 'not_run'],
      [2, 'without_skill', 1, 'not_run'],
      [2, 'without_skill', 2, 'not_run'],
    ]);
    expect(excluded[0]!.detail).toMatch(/^cut short: no run\.json/);
    expect(excluded[1]!.detail).toMatch(/^planned in evals_run\.json and never run/);
    expect(b.notes.join('\n')).toContain(
      '5 planned run(s) were not run or were cut short, so these figures cover part of the iteration only: eval ' +
        '1 without_skill run 2, eval 2 with_skill run 1',
    );
    expect(readFileSync(path.join(it1, 'benchmark.md'), 'utf8')).toContain(
      '- eval 2 without_skill run 2: not_run (planned in evals_run.json and never run',
    );
  });

  it('a baseline nobody ran is could not measure (exit 3) naming its planned runs, not a one-configuration benchmark', async () => {
    const it1 = path.join(tree.dir('no-baseline-workspace'), 'iteration-1');
    writePlan(it1);
    writeEvalMetadata(path.join(it1, 'eval-1'), 1, 'ocean');
    writeRun(path.join(it1, 'eval-1/with_skill/run-1'), made({ a: true }), 'with_skill');
    writeRun(path.join(it1, 'eval-1/with_skill/run-2'), made({ a: true }), 'with_skill');
    const out = await cli('evals', 'aggregate', it1, '--no-analyst');
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(
      /could not measure without_skill: no run of it was made and graded[\s\S]*eval 1 without_skill run 1: not_run \(planned in evals_run\.json and never run/,
    );
    expect(existsSync(path.join(it1, 'benchmark.json'))).toBe(false);
  });

  it('grade does not grade a cut-short run (no grading.json, reported as not gradable); the same folder without a plan is graded', async () => {
    const expectations = [{ type: 'file_exists', path: 'report.md' }];
    const build = (name: string, plan: boolean): string => {
      const it1 = path.join(tree.dir(name), 'iteration-1');
      if (plan) writePlan(it1);
      write(
        path.join(it1, 'eval-1/eval_metadata.json'),
        JSON.stringify({ eval_id: 1, eval_name: 'ocean', prompt: 'p', assertions: expectations }),
      );
      write(path.join(it1, 'eval-1/with_skill/run-1/outputs/notes.txt'), 'half copied');
      return path.join(it1, 'eval-1/with_skill/run-1');
    };
    const cut = build('cut-workspace', true);
    const outcome = await gradeWorkspace({ workspace: path.dirname(path.dirname(path.dirname(path.dirname(cut)))) });
    expect(outcome.rows).toEqual([
      {
        run: 'eval-1/with_skill/run-1',
        configuration: 'with_skill',
        status: 'infra',
        reason: expect.stringMatching(/^cut short: no run\.json .* evals run --resume$/),
      },
    ]);
    expect(existsSync(path.join(cut, 'grading.json'))).toBe(false);

    // skill-creator's executor writes no run.json: there the folder is a run like any other.
    const foreign = build('foreign-workspace', false);
    const graded = await gradeWorkspace({ workspace: path.dirname(path.dirname(path.dirname(path.dirname(foreign)))) });
    expect(graded.rows.map((r) => r.status)).toEqual(['graded']);
  });
});
