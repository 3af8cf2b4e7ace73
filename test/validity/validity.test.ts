/**
 * `plugin-eval validity` on a slice of the SkillsBench development split (test/fixtures/validity/skillsbench-slice),
 * and on copies of it made hostile or broken: figures that follow from the rows, every problem named with exit 2,
 * never a stack trace, and no symlink followed out of the folder.
 */
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreSkill } from '../../src/api/score.js';
import { parseSkill } from '../../src/parse/skill.js';
import { kendallTauB, spearman } from '../../src/stats/index.js';
import { ValidityReport } from '../../src/validity/schema.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { envForEachTest } from '../support/env.js';
import { entry, writeLogTree } from '../logs/log-tree.js';

const SLICE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/validity/skillsbench-slice');
const TASKS = [
  '3d-scan-calc',
  'glm-lake-mendota',
  'gravitational-wave-detection',
  'manufacturing-equipment-maintenance',
  'pddl-tpp-planning',
  'syzkaller-ppdev-syzlang',
];
const tree = tempTree('plugin-eval-validity-');

/** A fresh copy of the slice to break. */
function copyOfSlice(): string {
  const dir = path.join(tree.fresh('slice-'), 'tasks');
  cpSync(SLICE, dir, { recursive: true });
  return dir;
}

async function reportOf(...argv: string[]): Promise<ValidityReport> {
  const run = await cli('validity', ...argv, '--output', 'json', '--samples', '200');
  expect(run.code, run.stderr).toBe(0);
  return ValidityReport.parse(JSON.parse(run.stdout));
}

function expectCleanFailure(run: { code: number; stderr: string }, code: number, message: RegExp): void {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

const outcomeColumn = (dir: string, column: string) => {
  const [header, ...rows] = readFileSync(path.join(dir, 'uplift.tsv'), 'utf8').trim().split('\n');
  const at = header!.split('\t').indexOf(column);
  return new Map(rows.map((r) => [r.split('\t')[0]!, Number(r.split('\t')[at])]));
};

describe('validity on the slice', () => {
  it('scores every task with both methodologies; each figure is the rank correlation of the rows it reports', async () => {
    const report = await reportOf(SLICE);
    expect(report.units).toBe(6);
    expect(report.rows.map((r) => r.name).sort()).toEqual(TASKS);
    expect(report.methodologies.map((m) => m.methodology)).toEqual(['default', 'compat']);
    expect(report.excluded).toEqual([]);
    const uplift = outcomeColumn(SLICE, 'uplift_pp');
    for (const row of report.rows) expect(row.outcome).toBeCloseTo(uplift.get(row.name)!, 12);
    for (const { methodology, predictors } of report.methodologies) {
      const composite = predictors.find((p) => p.predictor === 'composite')!;
      const x = report.rows.map((r) => r.scores[methodology]!.composite!);
      const y = report.rows.map((r) => r.outcome);
      expect(composite.units).toBe(6);
      expect(composite.spearman!.estimate).toBeCloseTo(spearman(x, y).rho, 12);
      expect(composite.kendall!.estimate).toBeCloseTo(kendallTauB(x, y).tau, 12);
      expect(composite.spearman!.low!).toBeLessThanOrEqual(composite.spearman!.high!);
      // Quick depth measures no judged dimension: no figures for them, and said why.
      expect(predictors.find((p) => p.predictor === 'output_quality')).toMatchObject({
        units: 0,
        spearman: null,
        note: 'not measured at this depth',
      });
    }
  });

  it("a task's score is the mean of its skills' composites (max with --aggregate max), as the library scores them", async () => {
    const skills = ['glm-basics', 'glm-calibration', 'glm-output'].map((s) =>
      path.join(SLICE, 'glm-lake-mendota', 'skills', s),
    );
    const composites = await Promise.all(
      skills.map(async (dir) => {
        const parsed = await parseSkill(dir);
        if (!parsed.ok) throw new Error(`fixture skill ${dir} does not parse`);
        return (await scoreSkill(parsed.skill, { methodology: 'compat' })).composite.score!;
      }),
    );
    expect(new Set(composites).size).toBeGreaterThan(1);
    const mean = await reportOf(SLICE, '--methodology', 'compat');
    const max = await reportOf(SLICE, '--methodology', 'compat', '--aggregate', 'max');
    const glm = (r: ValidityReport) => r.rows.find((row) => row.name === 'glm-lake-mendota')!.scores.compat!.composite;
    expect(mean.methodologies.map((m) => m.methodology)).toEqual(['compat']);
    expect(glm(mean)).toBeCloseTo(composites.reduce((s, v) => s + v, 0) / composites.length, 9);
    expect(glm(max)).toBe(Math.max(...composites));
    expect(max.aggregate).toBe('max');
  });

  it('--outcome picks another column; the same seed gives the same intervals', async () => {
    const a = await reportOf(SLICE, '--outcome', 'perfect_uplift_pp', '--methodology', 'default', '--seed', '4');
    const b = await reportOf(SLICE, '--outcome', 'perfect_uplift_pp', '--methodology', 'default', '--seed', '4');
    const perfect = outcomeColumn(SLICE, 'perfect_uplift_pp');
    expect(a.outcome.column).toBe('perfect_uplift_pp');
    for (const row of a.rows) expect(row.outcome).toBeCloseTo(perfect.get(row.name)!, 12);
    expect(a.methodologies).toEqual(b.methodologies);
  });

  it('the text report names the outcome, the units and every predictor measured', async () => {
    const run = await cli('validity', SLICE, '--methodology', 'default', '--samples', '200');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('outcome: uplift_pp from');
    expect(run.stdout).toContain('6 tasks');
    expect(run.stdout).toMatch(/composite\s+6\s+[+-]\d\.\d\d \[[+-]\d\.\d\d, [+-]\d\.\d\d\] p /);
    expect(run.stdout).toContain('no figures (not measured at this depth, or on too few tasks): output_quality');
  });
});

describe('validity on bad and hostile folders', () => {
  it('a missing uplift.tsv is exit 2 naming the file and what it should hold', async () => {
    const dir = copyOfSlice();
    rmSync(path.join(dir, 'uplift.tsv'));
    expectCleanFailure(await cli('validity', dir), 2, /uplift\.tsv: file does not exist.*"task" column/);
  });

  it('a non-numeric outcome is exit 2 naming the file, line, column and task', async () => {
    const dir = copyOfSlice();
    const file = path.join(dir, 'uplift.tsv');
    const lines = readFileSync(file, 'utf8').split('\n');
    const cells = lines[2]!.split('\t');
    cells[6] = 'n/a';
    lines[2] = cells.join('\t');
    writeFileSync(file, lines.join('\n'));
    expectCleanFailure(
      await cli('validity', dir),
      2,
      new RegExp(`uplift\\.tsv:3: "uplift_pp" of task "${cells[0]}" is "n/a", not a number`),
    );
  });

  it('an unknown --outcome column is exit 2 listing the columns there are', async () => {
    expectCleanFailure(
      await cli('validity', SLICE, '--outcome', 'nope'),
      2,
      /uplift\.tsv:1: no column "nope"; the columns are domain, difficulty, n_skills/,
    );
  });

  it('a task with no skills, a skill with no SKILL.md, a row with no folder: left out and said, the rest scored', async () => {
    const dir = copyOfSlice();
    mkdirSync(path.join(dir, 'empty-task', 'skills'), { recursive: true });
    mkdirSync(path.join(dir, 'pddl-tpp-planning', 'skills', 'notes'));
    writeFileSync(
      path.join(dir, 'uplift.tsv'),
      `${readFileSync(path.join(dir, 'uplift.tsv'), 'utf8')}ghost-task\tx\tx\t1\t1\t1\t12.5\n`,
    );
    const report = await reportOf(dir);
    expect(report.units).toBe(6);
    expect(report.excluded).toEqual(
      expect.arrayContaining([
        { task: 'empty-task', path: path.join('empty-task', 'skills'), reason: 'the task has no skill folders' },
        {
          task: 'pddl-tpp-planning',
          path: path.join('pddl-tpp-planning', 'skills', 'notes'),
          reason: 'no SKILL.md in it',
        },
        { task: 'ghost-task', path: 'uplift.tsv', reason: 'a row with no task folder' },
      ]),
    );
    const text = await cli('validity', dir, '--methodology', 'default', '--samples', '200');
    expect(text.stdout).toContain('left out (3):');
    expect(text.stdout).toContain('empty-task/skills: the task has no skill folders');
  });

  it('a skill that cannot be read is left out with its reason; its task keeps its other skills', async () => {
    const dir = copyOfSlice();
    writeFileSync(path.join(dir, 'glm-lake-mendota', 'skills', 'glm-output', 'SKILL.md'), Buffer.from([0, 1, 2, 0]));
    const report = await reportOf(dir);
    const glm = report.rows.find((r) => r.name === 'glm-lake-mendota')!;
    expect(glm.skills).toEqual([
      path.join('glm-lake-mendota', 'skills', 'glm-basics'),
      path.join('glm-lake-mendota', 'skills', 'glm-calibration'),
    ]);
    const left = report.excluded.find((e) => e.path.endsWith('glm-output'))!;
    expect(left.reason).toMatch(/^not scored: .*binary/);
    expect(report.notMeasured).toBe(0);
  });

  it('fewer than 3 tasks is exit 2 saying how many there are and what was left out', async () => {
    const dir = path.join(tree.fresh('two-'), 'tasks');
    for (const task of ['3d-scan-calc', 'pddl-tpp-planning'])
      cpSync(path.join(SLICE, task), path.join(dir, task), { recursive: true });
    cpSync(path.join(SLICE, 'uplift.tsv'), path.join(dir, 'uplift.tsv'));
    expectCleanFailure(
      await cli('validity', dir),
      2,
      /validity needs at least 3 tasks with scored skills and an outcome, found 2 \(left out: uplift\.tsv: a row with no task folder/,
    );
  });

  it('symlinks out of the folder are never followed: a skill, a task and uplift.tsv', async () => {
    const dir = copyOfSlice();
    const outside = tree.fresh('outside-');
    mkdirSync(path.join(outside, 'secret-skill'));
    writeFileSync(
      path.join(outside, 'secret-skill', 'SKILL.md'),
      '---\nname: secret-skill\ndescription: OUTSIDE-MARKER Use when testing.\n---\n# Secret\n',
    );
    symlinkSync(path.join(outside, 'secret-skill'), path.join(dir, '3d-scan-calc', 'skills', 'linked'));
    symlinkSync(outside, path.join(dir, 'linked-task'));
    const report = await reportOf(dir);
    expect(report.rows.flatMap((r) => r.skills).some((s) => s.includes('linked'))).toBe(false);
    expect(report.excluded).toEqual(
      expect.arrayContaining([
        {
          task: '3d-scan-calc',
          path: path.join('3d-scan-calc', 'skills', 'linked'),
          reason: 'symlink points outside the task folder; not followed',
        },
        { task: 'linked-task', path: 'linked-task', reason: 'symlink points outside the task folder; not followed' },
      ]),
    );
    renameSync(path.join(dir, 'uplift.tsv'), path.join(outside, 'uplift.tsv'));
    symlinkSync(path.join(outside, 'uplift.tsv'), path.join(dir, 'uplift.tsv'));
    expectCleanFailure(await cli('validity', dir), 2, /uplift\.tsv: symlink points outside the task folder; not read/);
  });

  it('a control character in a task name is shown escaped in the text report', async () => {
    const dir = copyOfSlice();
    mkdirSync(path.join(dir, 'evil\u001b[2Jtask', 'skills'), { recursive: true });
    const run = await cli('validity', dir, '--methodology', 'default', '--samples', '200');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).toContain('evil\\u001b[2Jtask/skills: the task has no skill folders');
  });
});

describe('validity --from-logs', () => {
  it("people's mean rating per skill is the outcome; skills with fewer than 5 ratings are left out and said", async () => {
    const logs = tree.fresh('logs-');
    const ratings: Record<string, number[]> = {
      'glm-basics': [5, 5, 4, 5, 4],
      'glm-output': [2, 3, 2, 2, 3, 2],
      'mesh-analysis': [4, 3, 4, 4, 3],
      'pddl-skills': [1, 2, 1, 1, 2],
      conditioning: [5, 5],
    };
    writeLogTree(
      logs,
      Object.entries(ratings).flatMap(([skill, list]) =>
        list.map((rating, i) => entry({ skill: `bench:${skill}`, at: `2026-05-0${1 + (i % 9)}T10:00:00Z`, rating })),
      ),
    );
    // A judge's rating and a synthetic session's are not people's ratings.
    writeLogTree(logs, [
      entry({ skill: 'bench:glm-basics', at: '2026-05-02T10:00:00Z', rating: 1, evaluator: 'judge' }),
    ]);
    const report = await reportOf(SLICE, '--from-logs', logs);
    expect(report.outcome).toMatchObject({ source: 'logs', unit: 'skill', column: null });
    expect(report.aggregate).toBeNull();
    const outcomes = Object.fromEntries(report.rows.map((r) => [r.name, r.outcome]));
    expect(outcomes).toEqual({ 'glm-basics': 4.6, 'glm-output': 14 / 6, 'mesh-analysis': 3.6, 'pddl-skills': 1.4 });
    expect(report.excluded).toEqual(
      expect.arrayContaining([
        {
          path: path.join('gravitational-wave-detection', 'skills', 'conditioning'),
          reason: '2 human rating(s) of "conditioning" in the logs, fewer than 5',
        },
      ]),
    );
  });

  it('--from-logs with --outcome or --aggregate is a usage error; a missing logs path is exit 2', async () => {
    expectCleanFailure(await cli('validity', SLICE, '--from-logs', SLICE, '--outcome', 'x'), 2, /--outcome picks/);
    expectCleanFailure(await cli('validity', SLICE, '--from-logs', SLICE, '--aggregate', 'max'), 2, /--aggregate/);
    expectCleanFailure(
      await cli('validity', SLICE, '--from-logs', path.join(SLICE, 'nope')),
      2,
      /--from-logs .*nope: file does not exist/,
    );
  });
});

describe('validity at standard depth', () => {
  envForEachTest(() => ({
    PLUGIN_EVAL_PROVIDER: 'anthropic',
    ANTHROPIC_API_KEY: 'test-key',
    // A port fetch refuses outright: the judge cannot measure, at once and without a network.
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    PLUGIN_EVAL_CACHE: 'off',
  }));

  it('judges with the provider the settings name, and a judge that cannot measure stops it with exit 3, no figures', async () => {
    const run = await cli('validity', SLICE, '--depth', 'standard', '--methodology', 'default', '--output', 'json');
    expectCleanFailure(run, 3, /could not measure: the anthropic provider at http:\/\/127\.0\.0\.1:9/);
    // No figures: only the failure document --output json prints when a command stops.
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, exitCode: 3 });
  });
});
