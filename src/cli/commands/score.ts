import type { Command } from 'commander';
import { Option } from 'commander';
import { score, type JudgeSetup } from '../../api/score.js';
import { DEPTH_PLAN, type Depth, type Methodology } from '../../model/dimensions.js';
import type { ScoreResult } from '../../model/result.js';
import type { ScoreRun } from '../../model/run.js';
import { REPORTER_FORMATS, REPORTER_NAMES, REPORTERS, type ReporterName } from '../../reporters/index.js';
import { resultJson } from '../../reporters/json.js';
import { isBelowThreshold } from '../../score/display.js';
import { CancelledError, InputError, UsageError } from '../../errors.js';
import type { ScoreRunRecorder } from '../../store/recorder.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { logsRoot } from '../../logs/paths.js';
import { VERSION } from '../../version.js';
import { resolveSettings, settingPath, type ResolvedSettings } from '../../config/resolve.js';
import { reportSettings } from '../settings-line.js';
import { corpusDirOf } from '../corpus-dir.js';
import { JUDGE_PROVIDER_SETTINGS, type SettingKey } from '../../config/settings.js';
import { ruleConfigOf } from '../../rules/config/apply-rule-config.js';
import { checkWritable, refuseInputAsOutput, writeFileAtomic } from '../../util/atomic-write.js';
import { EXIT } from '../exit-codes.js';
import {
  addMonteCarloOptions,
  MONTE_CARLO_FLAG_SETTINGS,
  MONTE_CARLO_SETTINGS,
  type MonteCarloFlags,
} from '../monte-carlo-flags.js';
import { limitHeapGrowthForLargeRun } from '../large-run-heap.js';
import { prepareLogDir, runEventHandler } from '../run-events.js';
import { addSettings, SOURCE_SETTINGS, typedSettings } from '../setting-flags.js';
import { runFixes } from '../fix-run.js';
import { formatDiagnostic, type Ui } from '../ui.js';
import { newRunId } from '../../util/run-id.js';

interface ScoreFlags extends MonteCarloFlags {
  depth?: Depth;
  provider?: string;
  model?: string;
  judgeModel?: string;
  judges?: string;
  baseUrl?: string;
  cache: boolean;
  concurrency?: string;
  requestTimeout?: string;
  budgetTokens?: string;
  output: ReporterName;
  format: 'native' | 'plugineval';
  threshold?: string;
  methodology?: Methodology;
  jobs?: string;
  threads?: string;
  out?: string;
  logDir?: string;
  /** Skill execution logs whose human ratings are shown beside the composite. */
  logsDir?: string;
  verbose?: boolean;
  /** certify only: the corpus index folder Elo rates against. */
  corpusDir?: string;
  references?: string;
  /** The results store file; false: --no-store. */
  store?: string | false;
  onlyChanged?: boolean;
  queue?: string;
  queueName?: string;
}

/** The settings score and certify take from the command line, in the order --help lists them. */
const SCORE_FLAG_SETTINGS: readonly SettingKey[] = [
  'depth',
  'threshold',
  'methodology',
  'jobs',
  'threads',
  ...JUDGE_PROVIDER_SETTINGS,
  'store',
  'queue',
  'queueName',
  ...MONTE_CARLO_FLAG_SETTINGS,
  ...SOURCE_SETTINGS,
];
/** certify's own: Elo against the corpus. */
export const CERTIFY_FLAG_SETTINGS: readonly SettingKey[] = ['corpusDir', 'references'];

/** Settings that only matter when the judge runs: left out of the settings line of a static-only run. */
const JUDGE_SETTINGS = [...JUDGE_PROVIDER_SETTINGS, 'cacheTtlDays', 'cacheDir', 'prices', 'credentials'];

/**
 * `score` and `certify` share every option but certify's Elo ones; the settings' flags come from the settings table.
 */
export function addScoreOptions(cmd: Command, command: 'score' | 'certify'): Command {
  const setting = (...keys: SettingKey[]) => addSettings(cmd, command, keys);
  setting('depth');
  cmd
    .addOption(new Option('--output <format>', 'output format').choices(REPORTER_NAMES).default('text'))
    .addOption(
      new Option(
        '--format <shape>',
        'JSON shape of --output json and jsonl: native, or plugineval (PluginEval 0.1.x result shape)',
      )
        .choices(['native', 'plugineval'])
        .default('native'),
    );
  setting('threshold', 'methodology', 'jobs', 'threads');
  cmd.option('-o, --out <file>', 'write the report to a file (atomically) instead of stdout');
  setting(...JUDGE_PROVIDER_SETTINGS);
  cmd
    .option(
      '--verbose',
      'list every setting and where it came from, and say each model call retry and failure on stderr as it happens',
    )
    .option(
      '--log-dir <dir>',
      'keep the run log and every judge prompt and reply in DIR/<run id>/ (run.json, calls.jsonl)',
    );
  setting('store');
  cmd.option(
    '--only-changed',
    'reuse stored results of targets whose content and plan are unchanged (said on stderr and in the run log)',
  );
  setting('queue', 'queueName');
  cmd.option(
    '--logs-dir <dir>',
    "skill execution logs: people's mean rating is shown beside the composite (default: " +
      '$CLAUDE_HOME/skills/logs, else ~/.claude/skills/logs)',
  );
  addMonteCarloOptions(cmd, command);
  if (command === 'certify') setting(...CERTIFY_FLAG_SETTINGS);
  else setting(...SOURCE_SETTINGS);
  return cmd;
}

/** The settings the user typed: only those override the environment and the config file. */
export function typedScoreSettings(
  flags: ScoreFlags,
  typed: (flag: string) => boolean,
): Partial<Record<SettingKey, unknown>> {
  return typedSettings(flags, [...SCORE_FLAG_SETTINGS, ...CERTIFY_FLAG_SETTINGS], typed);
}

/**
 * The judge setup for depths that ask for Layer 2: the library's, from the resolved settings, with the CLI's usage
 * ledger.
 */
export async function judgeSetup(resolved: ResolvedSettings): Promise<JudgeSetup | undefined> {
  if (!DEPTH_PLAN[resolved.settings.depth].layers.includes('judge')) return undefined;
  const [{ judgeSetupFrom }, { makeProvider }] = await Promise.all([
    import('../../api/judge-from-config.js'),
    import('../provider-setup.js'),
  ]);
  return judgeSetupFrom(resolved, makeProvider);
}

/**
 * certify's Elo set-up: the corpus folder from the settings. A corrupt index is bad input and stops the run here,
 * before any model call (exit 2); a missing one is not an error: the results say Elo was not measured and why.
 */
async function eloSetup(resolved: ResolvedSettings): Promise<{ corpusDir: string; references: number }> {
  const corpusDir = corpusDirOf(resolved);
  const { readCorpusIndex } = await import('../../rank/corpus/init.js');
  await readCorpusIndex(corpusDir);
  return { corpusDir, references: resolved.settings.references };
}

/**
 * People's ratings from the skill execution logs, shown beside the composite (src/logs/human-rating.ts). Without a
 * logs folder this costs one existence check; the log reader loads only when there is one.
 */
async function humanRatingLookup(logsDir: string | undefined): Promise<((r: ScoreResult) => void) | undefined> {
  const root = logsRoot(logsDir !== undefined ? { logsDir } : {});
  if (!existsSync(root)) {
    if (logsDir !== undefined) throw new InputError(`--logs-dir ${logsDir}: no such folder`, logsDir);
    return undefined;
  }
  const { humanRatingOf } = await import('../../logs/human-rating.js');
  return (r) => {
    const human = humanRatingOf(root, r.target);
    if (human !== undefined) r.human = human;
  };
}

export interface ScoreCommandContext {
  command?: 'score' | 'certify';
  /** Which flags the user typed (commander's option value source); default: every flag present. */
  explicit?: (flag: string) => boolean;
  /** The global --config file. */
  configFile?: string;
  /** Under --watch: the files this run writes (report, results store) are added, so their changes start no run. */
  written?: Set<string>;
}

/** The outputs --format plugineval shapes: PluginEval had only JSON, so the other reporters have no such shape. */
export const PLUGINEVAL_OUTPUTS: readonly ReporterName[] = ['json', 'jsonl'];

/** Resolve flags > environment > config file > defaults, then score and report. */
export async function runScore(
  paths: string[],
  typedFlags: ScoreFlags,
  ui: Ui,
  options: ScoreCommandContext = {},
): Promise<number> {
  // Refused before anything runs: a CI step asking for PluginEval's shape in a JUnit or SARIF file would otherwise
  // get plugin-eval's own report and find out only when whatever reads it breaks.
  if (typedFlags.format === 'plugineval' && !PLUGINEVAL_OUTPUTS.includes(typedFlags.output)) {
    throw new UsageError(
      `--format plugineval is PluginEval's JSON shape: it goes with ` +
        `--output ${PLUGINEVAL_OUTPUTS.join(' or ')}, not --output ${typedFlags.output} (leave --format out ` +
        `for ${typedFlags.output})`,
    );
  }
  const resolved = await resolveSettings({
    command: options.command ?? 'score',
    given: typedScoreSettings(typedFlags, options.explicit ?? (() => true)),
    ...(options.configFile !== undefined ? { config: options.configFile } : {}),
  });
  const settings = resolved.settings;
  // A watch re-runs on every save: only the static layers are cheap and free enough for that.
  if (settings.watch && settings.depth !== 'quick')
    throw new UsageError(
      `--watch runs again on every save, which only the quick depth is cheap enough for (no model calls): ` +
        `leave out --depth ${settings.depth} or --watch`,
    );
  if (options.written) {
    if (typedFlags.out !== undefined) options.written.add(path.resolve(typedFlags.out));
    if (settings.store !== false) options.written.add(path.resolve(settingPath(resolved, 'store', settings.store)));
  }
  // Before any model call or scoring: a report that cannot be written at the end would lose the whole run.
  if (typedFlags.out !== undefined) {
    await checkWritable(typedFlags.out, '--out');
    refuseInputAsOutput(typedFlags.out, '--out', paths);
  }
  const flags = { ...typedFlags, methodology: settings.methodology };
  const threshold = settings.threshold;
  const jobs = settings.jobs;
  const judgeRuns = DEPTH_PLAN[settings.depth].layers.includes('judge');
  const mcRuns = DEPTH_PLAN[settings.depth].layers.includes('monte_carlo');
  // --max-cost binds every depth that calls a model, so it is shown wherever the judge runs.
  const hide = [
    ...(judgeRuns ? [] : JUDGE_SETTINGS),
    ...(mcRuns ? [] : MONTE_CARLO_SETTINGS.filter((key) => !(judgeRuns && key === 'maxCostUsd'))),
  ];
  reportSettings(resolved, ui, { verbose: typedFlags.verbose === true, ...(hide.length > 0 ? { hide } : {}) });
  // The fixes come first, so what is scored is the fixed files; a dry run prints its diff and scores nothing.
  if (options.command !== 'certify') {
    const ruleConfig = ruleConfigOf(resolved.settings, resolved.configFile);
    const fixed = await runFixes(paths, settings, ui, {
      ...(ruleConfig ? { ruleConfig } : {}),
      ...(ui.signal ? { signal: ui.signal } : {}),
    });
    if (fixed && settings.fixDryRun) return fixed.report.errors > 0 ? EXIT.FAILED : EXIT.OK;
  }
  const judge = await judgeSetup(resolved);
  if (judge && !ui.quiet)
    ui.stderr(
      `plugin-eval: judge: ${judge.description}${judge.judgeModels ? `; panel ${judge.judgeModels.join(', ')}` : ''}`,
    );
  // The Monte Carlo set-up (prompts, saved state, estimate) loads only for a run that has the layer.
  const mcModule =
    mcRuns || typedFlags.dryRun || typedFlags.resume !== undefined
      ? await import('../monte-carlo-options.js')
      : undefined;
  const mc = await mcModule?.monteCarloCli(resolved, typedFlags, {
    paths,
    judgeModel: judge?.model,
    ...(judge?.provider.endpoint ? { judgeKind: judge.provider.endpoint.kind } : {}),
  });
  // A dry run is asked for its estimate: printed even with --quiet.
  if (mc && mcModule && (!ui.quiet || typedFlags.dryRun))
    for (const line of mcModule.estimateLines(mc, {
      dryRun: typedFlags.dryRun === true,
      ...(options.command === 'certify' ? { elo: { references: settings.references, judgeModel: judge?.model } } : {}),
    }))
      ui.stderr(line);
  // The judge layer's share, beside the Monte Carlo estimate or alone at standard depth (where --dry-run stops here
  // too).
  if (judgeRuns && (mc || typedFlags.dryRun) && (!ui.quiet || typedFlags.dryRun)) {
    const { judgeEstimateLines } = await import('../judge-estimate.js');
    for (const line of await judgeEstimateLines({
      paths,
      judge,
      samples: settings.judges,
      maxCostUsd: settings.maxCostUsd,
      dryRun: typedFlags.dryRun === true && mc === undefined,
    }))
      ui.stderr(line);
  }
  if (typedFlags.dryRun) return EXIT.OK;
  const ruleConfig = ruleConfigOf(resolved.settings, resolved.configFile);
  const elo = options.command === 'certify' ? await eloSetup(resolved) : undefined;
  if (typedFlags.logDir) await prepareLogDir(typedFlags.logDir);
  const addHumanRating = await humanRatingLookup(typedFlags.logsDir);
  const runId = mc?.runId ?? newRunId();
  // JSON Lines to stdout streams: each result is written as it is scored and then dropped, so memory stays
  // flat on a marketplace of thousands of skills.
  const streaming = REPORTER_FORMATS[flags.output].streams && !flags.out;
  const recorder = await recorderFor(resolved, typedFlags.onlyChanged === true, {
    command: options.command ?? 'score',
    runId,
    ui,
    holdResults: !streaming,
  });
  const events = runEventHandler(ui, {
    verbose: typedFlags.verbose === true,
    ...(typedFlags.logDir ? { logDir: typedFlags.logDir } : {}),
  });
  // The exit code depends only on these two facts, gathered as results arrive in either mode.
  let belowThreshold = false;
  let withErrors = false;
  let partial = false;
  // Said on stderr too, whatever the output format: a partial result must not pass unnoticed in CI logs.
  const gapLines: string[] = [];
  // Why a rating is missing, said on stderr whatever the output format (the reports say it too).
  const eloLines: string[] = [];
  // The run log exists however the run ends (cancelled and error too), so --log-dir keeps it either way.
  let ended: ScoreRun | undefined;
  let run: ScoreRun | undefined;
  // What stopped the run (Ctrl-C, a provider no call can reach): the targets that finished are still reported.
  let stopped: unknown;
  try {
    // With --queue the same options go to workers (docs/queue.md); the run log, reports and exit codes are one path.
    const scoreRun =
      settings.queue === undefined
        ? score
        : (await import('../../queue/submit.js')).queueScorer({
            url: settings.queue,
            name: settings.queueName,
            progress: (line) => (ui.quiet ? undefined : ui.stderr(line)),
          });
    run = await scoreRun(paths, {
      retainResults: !streaming,
      onResult: (r: ScoreResult) => {
        addHumanRating?.(r);
        // Streamed native, the line is the result as the store records it: made once for both.
        const line = streaming ? resultJson(r, { format: flags.format }) : undefined;
        recorder?.onResult(r, flags.format === 'native' ? line : undefined);
        // Decided on the composite as the reports show it (compat: unrounded, as PluginEval).
        belowThreshold ||= isBelowThreshold(r.composite.score, r.methodology, threshold);
        // Nothing to score cannot pass a threshold: not measured (exit 3), never a pass on a placeholder.
        if (threshold !== undefined && r.composite.score === null) {
          partial = true;
          gapLines.push(
            `plugin-eval: not scored: ${r.target.path}: ${r.composite.notScored ?? 'nothing to score'}: ` +
              `--threshold ${threshold} cannot pass (exit 3)`,
          );
        }
        withErrors ||= r.diagnostics.some((d) => d.severity === 'error');
        partial ||= r.measurement.status === 'partial';
        for (const g of r.measurement.gaps) {
          gapLines.push(
            `plugin-eval: ` +
              `partial: ${r.target.path}: ${g.dimension} ${g.measured ? 'measured only in part' : 'not measured'} ` +
              `by ${g.layer}: ${oneLine(g.reason)}`,
          );
        }
        if (r.elo?.status === 'unmeasured') {
          // Infrastructure that kept a rating from being measured is a partial run (exit 3); a set-up reason is not.
          if (r.elo.infrastructureFailure) {
            partial = true;
            gapLines.push(`plugin-eval: partial: ${r.target.path}: Elo not measured: ${oneLine(r.elo.reason ?? '')}`);
          } else eloLines.push(`plugin-eval: ${r.target.path}: Elo not measured: ${oneLine(r.elo.reason ?? '')}`);
        }
        if (line !== undefined) ui.stdout(`${line}\n`);
      },
      methodology: settings.methodology,
      depth: settings.depth,
      ...(judge ? { judge } : {}),
      ...(elo ? { elo } : {}),
      ...(mc ? { monteCarlo: mc.setup } : {}),
      ...(settings.maxCostUsd !== undefined ? { maxCostUsd: settings.maxCostUsd } : {}),
      runId,
      ...(recorder ? { reuse: recorder.reuse } : {}),
      ...(ruleConfig ? { ruleConfig } : {}),
      jobs,
      threads: settings.threads,
      onTargets: (count) => {
        const percent = limitHeapGrowthForLargeRun(count);
        if (percent !== undefined && typedFlags.verbose === true)
          ui.stderr(
            `plugin-eval: ${count} targets, a large run: the heap grows by ${percent}% between full collections ` +
              `(--heap-growing-percent=${percent})`,
          );
      },
      // Resolved here already: the library must not look for a config file a second time.
      config: false,
      provenance: resolved.provenance,
      signal: ui.signal,
      ...(events.sink ? { events: events.sink } : {}),
      onRunEnd: (r) => (ended = r),
    });
  } catch (error) {
    // Finished agent runs are on disk: say how to continue rather than leave the user to start over.
    if (mc && error instanceof CancelledError)
      ui.stderr(`plugin-eval: finished Monte Carlo runs are saved; continue with: --resume ${mc.runId}`);
    stopped = error;
  } finally {
    events.finish();
    if (ended) {
      const dir = await events.writeLogs(ended);
      if (dir && !ui.quiet) ui.stderr(`plugin-eval: run log and judge calls in ${dir}`);
    }
  }
  if (stopped !== undefined) {
    // What was measured before the run stopped is kept, with the run's status. On Ctrl-C the finished targets are
    // reported too (marked cancelled); an error that stopped the run is said alone, as before.
    if (!(stopped instanceof CancelledError) || ended === undefined || streaming || ended.results.length === 0) {
      await recorder?.finish(ended);
      throw stopped;
    }
    run = ended;
  }
  if (run === undefined) throw new Error('the run ended without a run log');
  const results = run.results;
  // An error found while discovering targets (a marketplace entry whose source is missing, a marketplace.json that
  // does not parse) is an error diagnostic like any other: the plugin it hides is not in any result.
  withErrors ||= run.diagnostics.some((d) => d.severity === 'error');
  // The cost cap stopped the run: what was not measured makes it partial (exit 3), never a pass.
  if (run.spend?.reached === true) {
    partial = true;
    gapLines.push(
      `plugin-eval: ` +
        `partial: ${run.spend.notScored.length > 0 ? `${run.spend.notScored.length} target(s) not scored: ` : ''}--max-cost ` +
        `$${run.spend.maxCostUsd} reached ($${run.spend.spentUsd.toFixed(4)} spent)`,
    );
  }
  // After the report: a slow or failing store never holds back or loses what was measured.
  const record = async () => {
    await recorder?.finish(run);
    if (recorder && typedFlags.onlyChanged)
      ui.stderr(
        `plugin-eval: reused ${recorder.reusedCount} of ${recorder.results} results: content and plan ` +
          `unchanged${recorder.reusedCount < recorder.results ? `; ${recorder.results - recorder.reusedCount} scored` : ''}`,
      );
  };
  const exit = () =>
    exitCode({ failures: run.failures.length, belowThreshold, withErrors, partial, methodology: flags.methodology });
  if (streaming) {
    reportProblems(run, ui, [...eloLines, ...gapLines]);
    await record();
    return exit();
  }
  const report = REPORTERS[flags.output](results, {
    color: ui.color && !flags.out && REPORTER_FORMATS[flags.output].forTerminal,
    width: ui.width,
    cutPaths: ui.cutPaths === true && !flags.out,
    format: flags.format,
    toolVersion: VERSION,
    run,
    ...(threshold !== undefined ? { threshold } : {}),
  });
  try {
    if (flags.out) await writeFileAtomic(flags.out, report.endsWith('\n') ? report : `${report}\n`);
    else ui.stdout(report.endsWith('\n') ? report : `${report}\n`);
  } catch (error) {
    // The report could not be written (a full disk): what was measured is still kept in the results store.
    await record();
    throw error;
  }

  reportProblems(run, ui, [...eloLines, ...gapLines]);
  await record();
  if (stopped !== undefined) {
    const where = flags.out ? `written to ${flags.out}` : 'printed above';
    throw new CancelledError(
      'cancelled',
      `the ${results.length === 1 ? 'target' : `${results.length} targets`} that finished before the ` +
        `stop ${results.length === 1 ? 'is' : 'are'} ${where}${recorder ? ' and recorded' : ''}, marked cancelled; ` +
        `the others were not scored`,
    );
  }
  return exit();
}

/**
 * The run's recorder in the results store, unless it is off (--no-store). Loaded only when recording: the SQLite
 * driver itself loads on the first write (or now, with --only-changed, whose store must open before scoring).
 */
async function recorderFor(
  resolved: ResolvedSettings,
  onlyChanged: boolean,
  run: { command: 'score' | 'certify'; runId: string; ui: Ui; holdResults: boolean },
): Promise<ScoreRunRecorder | undefined> {
  const store = resolved.settings.store;
  if (store === false) {
    if (onlyChanged)
      throw new UsageError(
        '--only-changed reuses results from the results store, which is off (--no-store, PLUGIN_EVAL_STORE=off ' +
          'or store: false in the config file)',
      );
    return undefined;
  }
  const { ScoreRunRecorder } = await import('../../store/recorder.js');
  return ScoreRunRecorder.create({
    location: settingPath(resolved, 'store', store),
    command: run.command,
    onlyChanged,
    runId: run.runId,
    holdResults: run.holdResults,
    warn: (line) => run.ui.stderr(line),
    signal: run.ui.signal,
    quietWithoutDriver: resolved.provenance.store?.source === 'default',
  });
}

/**
 * A reason on one stderr line: a validation error spans lines, and its first line alone ("reply does not match the
 * schema:") says nothing.
 */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function reportProblems(run: ScoreRun, ui: Ui, lines: readonly string[]): void {
  for (const line of lines) ui.stderr(line);
  if (lines.some((l) => l.startsWith('plugin-eval: partial: ')))
    ui.stderr(
      'plugin-eval: the run was partial (exit 3): failed dimensions are scored from the other layers alone and ' +
        'no threshold is passed',
    );
  for (const d of run.diagnostics) ui.stderr(formatDiagnostic(d, ui.color));
  for (const f of run.failures) {
    ui.stderr(`plugin-eval: could not score ${f.target.path}:`);
    for (const d of f.diagnostics) ui.stderr(`  ${formatDiagnostic(d, ui.color)}`);
  }
}

/**
 * 2 if any target was unusable; 3 if any result is partial (a layer failed to measure something: the score
 * is not what a complete run would give, so it can neither pass nor fail a threshold); 1 if any score is
 * below the threshold or (default methodology) has errors.
 */
export function exitCode(run: {
  failures: number;
  belowThreshold: boolean;
  withErrors: boolean;
  partial?: boolean;
  methodology: Methodology;
}): number {
  if (run.failures > 0) return EXIT.INPUT;
  if (run.partial) return EXIT.NOT_MEASURED;
  if (run.belowThreshold) return EXIT.FAILED;
  // PluginEval exits 0 whatever the diagnostics; compat keeps that so existing CI gates behave the same.
  if (run.methodology === 'default' && run.withErrors) return EXIT.FAILED;
  return EXIT.OK;
}
