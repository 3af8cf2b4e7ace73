/**
 * `validity`: does a score predict what skills measurably do? Every skill of a folder of tasks is scored through the
 * library, the scores are aggregated per task (or kept per skill when people's ratings are the outcome), and each
 * predictor (the composite and every dimension) is rank-correlated with the outcome, per methodology, with bootstrap
 * intervals that resample the units.
 */
import path from 'node:path';
import { score, type ScoreOptions } from '../api/score.js';
import { InputError, PluginEvalError } from '../errors.js';
import { DIMENSIONS, METHODOLOGIES, type Depth, type Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import type { RunFailure } from '../model/run.js';
import { rankCorrelationIntervals, type CorrelationWithInterval } from '../stats/correlation-interval.js';
import { skillRatings } from './from-logs.js';
import { DEFAULT_OUTCOME_COLUMN, readOutcomes, readTaskFolder, type Excluded, type LayoutTask } from './layout.js';
import { MIN_UNITS, VALIDITY_DEFAULTS, type Aggregate } from './options.js';
import type { Correlation, PredictorFigures, ValidityReport } from './schema.js';

export interface ValidityOptions {
  /** The outcome column of uplift.tsv (default uplift_pp). */
  outcome?: string;
  /** A logs folder or log file: people's mean rating per skill is the outcome instead (units are skills). */
  fromLogs?: string;
  methodologies?: readonly Methodology[];
  depth?: Depth;
  /** How a task's skills make one score (task units; default mean). */
  aggregate?: Aggregate;
  samples?: number;
  seed?: number;
  /** More library options for the scoring (a judge for deeper depths, jobs, a signal). */
  scoreOptions?: Omit<ScoreOptions, 'methodology' | 'depth' | 'onProgress'>;
  onProgress?: (methodology: Methodology, done: number, total: number, skill: string) => void;
}

const PREDICTORS = ['composite', ...DIMENSIONS] as const;

const AGGREGATORS: Record<Aggregate, (values: readonly number[]) => number> = {
  mean: (values) => values.reduce((s, v) => s + v, 0) / values.length,
  min: (values) => Math.min(...values),
  max: (values) => Math.max(...values),
};

function predictorValue(result: ScoreResult, predictor: (typeof PREDICTORS)[number]): number | null {
  if (predictor === 'composite') return result.composite.score;
  return result.dimensions.find((d) => d.name === predictor)?.score ?? null;
}

/** A unit of the correlation: a task (its skills) or one skill, with its outcome. */
interface Unit {
  name: string;
  outcome: number;
  skills: string[];
}

function failureReason(failure: RunFailure): string {
  const error = failure.diagnostics.find((d) => d.severity === 'error');
  if (error === undefined) return failure.reason;
  return `${error.line !== undefined ? `line ${error.line}: ` : ''}${error.message}`;
}

const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

function correlation(c: CorrelationWithInterval): Correlation {
  return {
    estimate: finiteOrNull(c.estimate),
    p: finiteOrNull(c.p),
    low: finiteOrNull(c.low),
    high: finiteOrNull(c.high),
    resamplesUsed: c.resamplesUsed,
  };
}

function figures(
  predictor: string,
  pairs: readonly [number, number][],
  options: { samples: number; seed: number; alpha: number },
): PredictorFigures {
  if (pairs.length < MIN_UNITS)
    return {
      predictor,
      units: pairs.length,
      spearman: null,
      kendall: null,
      note: pairs.length === 0 ? 'not measured at this depth' : `measured on ${pairs.length} units only`,
    };
  const x = pairs.map((p) => p[0]);
  const y = pairs.map((p) => p[1]);
  const result = rankCorrelationIntervals(x, y, options);
  const constant = (values: readonly number[]) => values.every((v) => v === values[0]);
  const note = constant(x)
    ? 'the same score for every unit: no ranking to correlate'
    : constant(y)
      ? 'the same outcome for every unit: no ranking to correlate'
      : undefined;
  return {
    predictor,
    units: pairs.length,
    spearman: correlation(result.spearman),
    kendall: correlation(result.kendall),
    ...(note !== undefined ? { note } : {}),
  };
}

/** Score every skill of the kept tasks with one methodology; results by skill folder, failures excluded. */
async function scoreSkills(
  skills: readonly string[],
  methodology: Methodology,
  options: ValidityOptions,
): Promise<{ results: Map<string, ScoreResult>; failures: Map<string, string>; notMeasured: Set<string> }> {
  const run = await score(skills, {
    ...options.scoreOptions,
    methodology,
    depth: options.depth ?? 'quick',
    onProgress: (done, total, target) => options.onProgress?.(methodology, done, total, target.displayPath),
  });
  const results = new Map<string, ScoreResult>();
  const failures = new Map(run.failures.map((f) => [f.target.path, failureReason(f)]));
  const notMeasured = new Set<string>();
  for (const r of run.results) {
    // A partly measured result, or one a requested layer did not run on, would put an infrastructure failure into
    // the correlation as if it were the skill's score.
    const gap = r.measurement.gaps[0];
    const notRun = r.layersNotRun[0];
    if (r.measurement.status === 'partial' || notRun !== undefined) {
      const why = notRun
        ? `the ${notRun.name} layer did not run: ${notRun.reason}`
        : gap
          ? `${gap.layer} ${gap.dimension}: ${gap.reason}`
          : 'partial';
      failures.set(r.target.path, `not fully measured (${why})`);
      notMeasured.add(r.target.path);
    } else results.set(r.target.path, r);
  }
  return { results, failures, notMeasured };
}

/** Tasks matched with their outcome rows; what does not match on either side is excluded. */
function taskUnits(
  tasks: readonly LayoutTask[],
  outcomes: Map<string, number>,
  outcomeFile: string,
  excluded: Excluded[],
  relative: (p: string) => string,
): Unit[] {
  const units: Unit[] = [];
  const seen = new Set(excluded.map((e) => e.task));
  for (const task of tasks) {
    seen.add(task.name);
    const outcome = outcomes.get(task.name);
    if (outcome === undefined) {
      excluded.push({ task: task.name, path: task.name, reason: `no row in ${outcomeFile}` });
      continue;
    }
    units.push({ name: task.name, outcome, skills: task.skills.map(relative) });
  }
  for (const name of outcomes.keys())
    if (!seen.has(name)) excluded.push({ task: name, path: outcomeFile, reason: 'a row with no task folder' });
  return units;
}

export async function validity(dir: string, options: ValidityOptions = {}): Promise<ValidityReport> {
  const methodologies = options.methodologies ?? METHODOLOGIES;
  const bootstrap = {
    samples: options.samples ?? VALIDITY_DEFAULTS.samples,
    seed: options.seed ?? VALIDITY_DEFAULTS.seed,
    alpha: VALIDITY_DEFAULTS.alpha,
  };
  const folder = readTaskFolder(dir);
  const excluded = [...folder.excluded];
  const relative = (p: string) => path.relative(folder.root, p) || '.';
  const absolute = (p: string) => path.join(folder.root, p);
  const fromLogs = options.fromLogs !== undefined;
  let units: Unit[];
  let outcomeInfo: ValidityReport['outcome'];
  let ratings: ReturnType<typeof skillRatings> | undefined;
  if (options.fromLogs !== undefined) {
    ratings = skillRatings(options.fromLogs);
    units = [];
    outcomeInfo = { source: 'logs', where: options.fromLogs, column: null, unit: 'skill' };
  } else {
    const column = options.outcome ?? DEFAULT_OUTCOME_COLUMN;
    const table = readOutcomes(folder.root, column, dir);
    units = taskUnits(folder.tasks, table.values, path.basename(table.file), excluded, relative);
    outcomeInfo = { source: 'outcome-file', where: table.file, column, unit: 'task' };
  }
  const skillPaths = fromLogs
    ? folder.tasks.flatMap((t) => t.skills)
    : [...new Set(units.flatMap((u) => u.skills.map(absolute)))];
  if (skillPaths.length === 0) throw tooFew(dir, 0, outcomeInfo.unit, excluded);

  // Deeper depths judge: with the judge the settings describe (as `score --depth standard` makes it) unless given.
  const depth = options.depth ?? 'quick';
  if (depth !== 'quick' && options.scoreOptions?.judge === undefined) {
    const { judgeFromConfig } = await import('../api/judge-from-config.js');
    const config = options.scoreOptions?.config;
    options = {
      ...options,
      scoreOptions: { ...options.scoreOptions, judge: await judgeFromConfig(config !== undefined ? { config } : {}) },
    };
  }
  const scored = new Map<Methodology, Map<string, ScoreResult>>();
  const failed = new Map<string, string>();
  const notMeasured = new Set<string>();
  for (const methodology of methodologies) {
    const run = await scoreSkills(skillPaths, methodology, options);
    scored.set(methodology, run.results);
    for (const [p, reason] of run.failures) failed.set(p, reason);
    for (const p of run.notMeasured) notMeasured.add(p);
  }
  for (const [p, reason] of failed) {
    const rel = relative(p);
    excluded.push({ task: rel.split(path.sep)[0]!, path: rel, reason: `not scored: ${reason}` });
  }
  const usable = (rel: string) =>
    !failed.has(absolute(rel)) && methodologies.every((m) => scored.get(m)!.has(absolute(rel)));

  if (ratings !== undefined) {
    const first = scored.get(methodologies[0]!)!;
    for (const skill of skillPaths) {
      const rel = relative(skill);
      if (!usable(rel)) continue;
      const name = first.get(skill)!.target.name;
      const rating = ratings.means.get(name) ?? ratings.means.get(path.basename(skill));
      if (rating !== undefined) units.push({ name, outcome: rating, skills: [rel] });
      else {
        const few = ratings.tooFew.get(name) ?? ratings.tooFew.get(path.basename(skill));
        excluded.push({
          path: rel,
          reason:
            few !== undefined
              ? `${few} human rating(s) of "${name}" in the logs, fewer than 5`
              : `no human rating of "${name}" in the logs`,
        });
      }
    }
  } else {
    units = units.flatMap((u) => {
      const skills = u.skills.filter(usable);
      if (skills.length > 0) return [{ ...u, skills }];
      excluded.push({ task: u.name, path: u.name, reason: 'none of its skills could be scored' });
      return [];
    });
  }
  if (units.length < MIN_UNITS) throw tooFew(dir, units.length, outcomeInfo.unit, excluded, notMeasured.size);

  const aggregate = options.aggregate ?? 'mean';
  const combine = AGGREGATORS[aggregate];
  const rows: ValidityReport['rows'] = units.map((u) => ({
    name: u.name,
    outcome: u.outcome,
    skills: u.skills,
    scores: Object.fromEntries(
      methodologies.map((m) => {
        const results = u.skills.map((s) => scored.get(m)!.get(absolute(s))!);
        const values = PREDICTORS.map((predictor) => {
          const measured = results.map((r) => predictorValue(r, predictor)).filter((v): v is number => v !== null);
          return [predictor, measured.length > 0 ? combine(measured) : null] as const;
        });
        return [m, Object.fromEntries(values)];
      }),
    ),
  }));
  return {
    kind: 'validity-report',
    schemaVersion: 1,
    folder: dir,
    outcome: outcomeInfo,
    depth: options.depth ?? 'quick',
    aggregate: fromLogs ? null : aggregate,
    bootstrap,
    units: units.length,
    notMeasured: notMeasured.size,
    methodologies: methodologies.map((methodology) => ({
      methodology,
      predictors: PREDICTORS.map((predictor) => {
        const pairs = rows.flatMap((row): [number, number][] => {
          const v = row.scores[methodology]![predictor];
          return v === null || v === undefined ? [] : [[v, row.outcome]];
        });
        return figures(predictor, pairs, bootstrap);
      }),
    })),
    rows,
    excluded,
  };
}

/** Too few units: unusable input (exit 2), or could not measure (exit 3) when a layer failing left them out. */
function tooFew(
  dir: string,
  found: number,
  unit: 'task' | 'skill',
  excluded: readonly Excluded[],
  notMeasured = 0,
): PluginEvalError {
  const shown = excluded.slice(0, 5).map((e) => `${e.path}: ${e.reason}`);
  const more = excluded.length > shown.length ? `; and ${excluded.length - shown.length} more` : '';
  const why = shown.length > 0 ? ` (left out: ${shown.join('; ')}${more})` : '';
  const message = `${dir}: validity needs at least ${MIN_UNITS} ${unit}s with scored skills and an outcome, found ${found}${why}`;
  return notMeasured > 0 ? new PluginEvalError('NOT_MEASURED', message, { path: dir }) : new InputError(message, dir);
}
