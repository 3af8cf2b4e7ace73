/**
 * `plugin-eval report PATH... --html out.html`: the marketplace dashboard. PATH is a run log (the JSON document
 * `score --output json` writes) or skill, plugin and marketplace paths, which are scored first (quick depth unless
 * --depth says otherwise). Thin: reading and checking the run log, the history seam and the atomic write live
 * here; the page is src/web/dashboard/. Deep and thorough runs (agents, Monte Carlo) are scored by `score` and their
 * run log given to report.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { score } from '../../api/score.js';
import { resolveSettings, settingPath } from '../../config/resolve.js';
import { renderDashboard } from '../../web/dashboard/page.js';
import { CancelledError, InputError, UsageError } from '../../errors.js';
import type { Depth, Methodology } from '../../model/dimensions.js';
import { ScoreRun } from '../../model/run.js';
import { checkJsonText } from '../../parse/json.js';
import type { HistoryPoint } from '../../store/schema.js';
import { checkWritable, refuseInputAsOutput, writeFileAtomic } from '../../util/atomic-write.js';
import { EXIT } from '../exit-codes.js';
import { upliftText } from '../../reporters/uplift-line.js';
import { judgeSetup } from './score.js';
import type { Ui } from '../ui.js';

export interface ReportFlags {
  html?: string;
  /** The results store the trend lines come from; false: --no-store. */
  store?: string | false;
  title?: string;
  depth?: Depth;
  methodology?: Methodology;
}

/**
 * The one seam to the results store: the recorded history of each scored target, keyed by `result.target.path`.
 * The default reads the results store (storeHistory); tests may give their own.
 */
/**
 * `runId`: the run log's own run. Its relative paths are relative to the folder it was scored in, which the log does
 * not say: they are resolved through the store's record of that run, never against the current folder.
 */
export type HistoryLookup = (
  paths: readonly string[],
  options?: { runId?: string },
) => Promise<Map<string, HistoryPoint[]>>;

export interface ReportContext {
  configFile?: string | undefined;
  /** Whether --store/--no-store was typed (else the environment, config file or default decide). */
  storeTyped?: boolean;
  historyFor?: HistoryLookup;
  /** The page's "generated" time (tests pass a fixed one). */
  now?: () => Date;
}

/**
 * The trend lines from the results store named by the `store` setting (flag > environment > config file > default).
 * Reading never creates a store: with none there yet, there are no trends. A store that cannot be read costs one
 * warning line and the page is written without trends, rather than not at all.
 */
async function storeHistory(flags: ReportFlags, ui: Ui, context: ReportContext): Promise<HistoryLookup> {
  const resolved = await resolveSettings({
    command: 'history',
    given: context.storeTyped === true && flags.store !== undefined ? { store: flags.store } : {},
    ...(context.configFile !== undefined ? { config: context.configFile } : {}),
  });
  const setting = resolved.settings.store;
  if (setting === false) return async () => new Map();
  const location = settingPath(resolved, 'store', setting);
  return async (paths, options = {}) => {
    const [{ openResultsStore }, { historyOf }, { storeExists }] = await Promise.all([
      import('../../store/sqlite-store.js'),
      import('../../store/history-query.js'),
      import('../../store/journal.js'),
    ]);
    if (!storeExists(location)) return new Map();
    try {
      const store = await openResultsStore({ location, warn: (line) => ui.stderr(line) });
      try {
        // A run log's relative path resolved against this folder named whatever sits here under that name: a log
        // scored in another folder showed another skill's trend as its own. Through the store's record of the run,
        // or not at all.
        const recorded =
          options.runId !== undefined && paths.some((p) => !path.isAbsolute(p))
            ? await store.targetsOfRun(options.runId)
            : undefined;
        const keyOf = (p: string): string | undefined =>
          recorded === undefined || path.isAbsolute(p) ? path.resolve(p) : recorded.get(p);
        const unknown = paths.filter((p) => keyOf(p) === undefined);
        if (unknown.length > 0) {
          ui.stderr(
            `plugin-eval: report: no trend lines for ${unknown.length} result(s) with a relative path ` +
              `(${unknown[0]}${unknown.length > 1 ? ', ...' : ''}): run ${options.runId} is not in ${location}, so ` +
              `the folder they were scored from is unknown`,
          );
        }
        const keys = paths.map(keyOf);
        const found = await historyOf(
          store,
          keys.filter((k): k is string => k !== undefined),
        );
        const byPath = new Map<string, HistoryPoint[]>();
        paths.forEach((p, i) => {
          const history = keys[i] === undefined ? undefined : found.get(keys[i]!);
          if (history !== undefined) byPath.set(p, history.points);
        });
        return byPath;
      } finally {
        await store.close();
      }
    } catch (error) {
      ui.stderr(`plugin-eval: report: no trend lines: ${(error as Error).message.split('\n', 1)[0]}`);
      return new Map();
    }
  };
}

/**
 * Each skill with no uplift of its own takes its evals workspace's (`<skill>-workspace`, the latest aggregated
 * iteration), so the page leads with whether the skill helps when evals say so; each is also one stderr line, first.
 * A run log's relative paths name folders relative to where it was scored, which the log does not say: only its
 * absolute ones are looked up. A benchmark.json that cannot be read costs a warning, not the page.
 */
async function withEvalsUplift(run: ScoreRun, scoring: boolean, ui: Ui): Promise<ScoreRun> {
  const { workspaceUplift } = await import('../../evals/workspace-uplift.js');
  const results = [];
  for (const result of run.results) {
    const dir = result.target.path;
    if (result.target.kind !== 'skill' || result.uplift !== undefined || (!scoring && !path.isAbsolute(dir))) {
      results.push(result);
      continue;
    }
    try {
      const found = await workspaceUplift(path.resolve(dir));
      if (found !== undefined) {
        ui.stderr(`plugin-eval: report: ${dir}: ${upliftText(found.uplift)} (${found.file})`);
        results.push({ ...result, uplift: found.uplift });
        continue;
      }
    } catch (error) {
      ui.stderr(`plugin-eval: report: warning: no evals uplift for ${dir}: ${(error as Error).message}`);
    }
    results.push(result);
  }
  return { ...run, results };
}

/** A `.json` file other than a plugin or marketplace manifest is a run log; anything else is a path to score. */
export function isRunLogPath(p: string): boolean {
  const base = path.basename(p).toLowerCase();
  return base.endsWith('.json') && base !== 'plugin.json' && base !== 'marketplace.json';
}

/** Read and check a run log: a missing file, bad JSON or a document that is not a ScoreRun is `file: problem`. */
export async function readRunLog(file: string): Promise<ScoreRun> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a run log' : `cannot read (${code ?? String(err)})`}`,
      file,
      err,
    );
  }
  // A run log is often hand-edited or cut short: the problem is located (file:line:column), as in the config file;
  // V8's "at position 40213" alone sent the reader counting characters. A position V8 did not give is left out.
  const checked = checkJsonText(text, ScoreRun);
  if (checked.ok) return checked.value;
  const at = checked.line > 0 ? `:${checked.line}:${checked.column}` : '';
  if (checked.kind === 'syntax') throw new InputError(`${file}${at}: not valid JSON (${checked.reason})`, file);
  const where = checked.path.length > 0 ? ` at ${checked.path.join('.')}` : '';
  throw new InputError(
    `${file}${at}: not a plugin-eval score run log (\`score --output json\`)${where}: ${checked.reason}`,
    file,
  );
}

/**
 * Score the paths as `score` would at quick or standard depth: the settings resolved flag > environment > config
 * file > default, and at standard the judge set up from them (provider, model, cache) as score sets it up.
 */
async function scorePaths(
  paths: readonly string[],
  flags: ReportFlags,
  ui: Ui,
  context: ReportContext,
): Promise<ScoreRun> {
  const config = context.configFile !== undefined ? { config: context.configFile } : {};
  const resolved = await resolveSettings({
    command: 'score',
    given: {
      ...(flags.depth !== undefined ? { depth: flags.depth } : {}),
      ...(flags.methodology !== undefined ? { methodology: flags.methodology } : {}),
    },
    ...config,
  });
  const { depth, methodology } = resolved.settings;
  // Monte Carlo needs score's agent set-up (prompts, saved state, cost estimate): deeper runs go through score.
  if (depth !== 'quick' && depth !== 'standard') {
    throw new UsageError(
      `report: depth ${depth} ` +
        `(from ${resolved.provenance.depth?.detail ?? resolved.provenance.depth?.source ?? 'the settings'}) runs ` +
        `agents; score it with \`plugin-eval score --depth ${depth} --output json --out run.json\` and give report ` +
        `run.json`,
    );
  }
  const judge = await judgeSetup(resolved);
  if (judge) ui.stderr(`plugin-eval: judge: ${judge.description}`);
  // Ctrl-C: score() throws, but the run log it ended with holds what was measured (judge calls paid for). The page
  // is written from it, with the run's cancelled status, and report exits 130 (runReport); before, it was lost.
  let ended: ScoreRun | undefined;
  try {
    return await score(paths, {
      depth,
      methodology,
      ...(judge ? { judge } : {}),
      ...config,
      ...(ui.signal ? { signal: ui.signal } : {}),
      onRunEnd: (r) => (ended = r),
    });
  } catch (error) {
    if (error instanceof CancelledError && ended !== undefined && ended.status === 'cancelled') return ended;
    throw error;
  }
}

export async function runReport(
  paths: readonly string[],
  flags: ReportFlags,
  ui: Ui,
  context: ReportContext = {},
): Promise<number> {
  if (flags.html === undefined)
    throw new UsageError('report: --html FILE is required (the dashboard is one HTML file)');
  const logs = paths.filter(isRunLogPath);
  if (logs.length > 0 && (logs.length > 1 || paths.length > 1)) {
    throw new UsageError(
      'report: give one run log (.json), or skill, plugin and marketplace paths to score, not both or several logs',
    );
  }
  // Before scoring: a page that cannot be written at the end would lose the run.
  await checkWritable(flags.html, '--html');
  refuseInputAsOutput(flags.html, '--html', paths);
  const scoring = logs.length === 0;
  if (!scoring && (flags.depth !== undefined || flags.methodology !== undefined)) {
    throw new UsageError(
      'report: --depth and --methodology apply when report scores paths itself; a run log was scored already',
    );
  }
  const run = await withEvalsUplift(
    scoring ? await scorePaths(paths, flags, ui, context) : await readRunLog(logs[0]!),
    scoring,
    ui,
  );
  const historyFor = context.historyFor ?? (await storeHistory(flags, ui, context));
  // Paths report scored itself are relative to this folder; a run log's, to the folder it was scored in.
  const history = await historyFor(
    run.results.map((r) => r.target.path),
    scoring ? {} : { runId: run.runId },
  );
  const html = renderDashboard(run, {
    history,
    generatedAt: (context.now ?? (() => new Date()))().toISOString(),
    ...(flags.title !== undefined ? { title: flags.title } : {}),
  });
  await writeFileAtomic(flags.html, html);
  const partial = run.results.filter((r) => r.measurement.status === 'partial').length;
  ui.stderr(
    `plugin-eval: report: ${run.results.length} result(s), ${run.failures.length} could not be ` +
      `scored${partial > 0 ? `, ${partial} partial` : ''}; run status ${run.status}`,
  );
  ui.stdout(`${flags.html}\n`);
  // Scored here: a partial run is reported as score reports it (exit 3), with the page written all the same.
  if (scoring && run.status !== 'success') return run.status === 'cancelled' ? EXIT.INTERRUPTED : EXIT.NOT_MEASURED;
  return EXIT.OK;
}
