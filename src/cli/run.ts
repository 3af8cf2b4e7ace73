import { Command, CommanderError, Option } from 'commander';
import { CancelledError, MissingPackageError, PluginEvalError, UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { addScoreOptions, runScore, type ScoreCommandContext } from './commands/score.js';
import { addSettings, SOURCE_SETTINGS, typedOn } from './setting-flags.js';
import { registerEvaluateSkill } from './evaluate-skill-options.js';
import { registerValidityCommand } from './commands/validity.js';
import { registerConfigCommand } from './commands/config.js';
import type { Ui } from './ui.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS, summaryOutput } from '../reporters/summary-output.js';
import { VALIDATE_OUTPUTS } from '../reporters/validate/types.js';
import { withFailureDocument } from './failure-output.js';
import { commandNameOf, commandsToBuild } from './command-set.js';
import { registerCommandGroups } from './command-groups.js';

export { commandNameOf } from './command-set.js';

/** The global --config file, if one was given. */
function configFileOf(cmd: Command): string | undefined {
  return cmd.parent?.opts<{ config?: string }>().config;
}

/** Which flags the user typed (the environment and a config file fill in the rest), and the --config file. */
/** `--watch`: loaded only when asked; each run adds the files it writes to the set the watch ignores. */
async function watching(
  paths: readonly string[],
  ui: Ui,
  runOnce: (written: Set<string>) => Promise<number>,
): Promise<number> {
  const { watchRuns } = await import('./watch.js');
  const written = new Set<string>();
  return watchRuns(paths, ui, () => runOnce(written), { written });
}

function scoreContext(cmd: Command, command: 'score' | 'certify'): ScoreCommandContext {
  const configFile = configFileOf(cmd);
  return {
    command,
    explicit: (flag) => cmd.getOptionValueSource(flag) === 'cli',
    ...(configFile ? { configFile } : {}),
  };
}

interface OutputFlags {
  output?: 'text' | 'json';
  /** The spelling cache and hooks had before they took --output as every other command does; still read, hidden. */
  json?: boolean;
}

/** Structured (JSON) or text, from --output (or the older --json, which means json); the two must not disagree. */
function jsonOutput(flags: OutputFlags): boolean {
  if (flags.json === true && flags.output !== undefined && !summaryOutput(flags.output).structured)
    throw new UsageError(`--json is the older spelling of --output json: it contradicts --output ${flags.output}`);
  return flags.json === true || summaryOutput(flags.output).structured;
}

/** Build the CLI. A thin shell: parse flags, call the library, print, return an exit code. */
export async function buildProgram(
  ui: Ui,
  setExit: (code: number) => void,
  argv: readonly string[] = [],
): Promise<Command> {
  const program = new Command('plugin-eval')
    .description('Measure the quality of Agent Skills and Claude Code plugins.')
    .version(VERSION)
    .option('--debug', 'show stack traces for unexpected errors')
    .option('--no-color', 'disable colours')
    .option(
      '--config <file>',
      'config file (default: plugin-eval.config.json or .plugin-eval.json here or in a parent folder)',
    )
    .showSuggestionAfterError()
    .exitOverride();
  program.configureOutput({ writeOut: (s) => ui.stdout(s), writeErr: (s) => ui.stderr(s.replace(/\n$/, '')) });
  const built = commandsToBuild(argv);

  if (built('score')) {
    addScoreOptions(
      program
        .command('score')
        .description('score skills, plugins, marketplaces or folders of them')
        .argument('<path...>', 'skill folder, SKILL.md, plugin, marketplace or any folder holding skills'),
      'score',
    )
      // Hidden: only there to say where Elo lives, instead of commander's bare "unknown option".
      .addOption(new Option('--corpus-dir <dir>').hideHelp())
      .action(async (paths: string[], flags, cmd: Command) => {
        if (flags.corpusDir !== undefined)
          throw new UsageError(
            '--corpus-dir: Elo ratings against the corpus are certify only: plugin-eval certify PATH --corpus-dir DIR',
          );
        const context = scoreContext(cmd, 'score');
        setExit(
          flags.watch
            ? await watching(paths, ui, (written) => runScore(paths, flags, ui, { ...context, written }))
            : await runScore(paths, flags, ui, context),
        );
      });
  }

  if (built('certify')) {
    addScoreOptions(
      program
        .command('certify')
        .description('score with every layer (deep depth) and an Elo rating against the corpus, for a badge')
        .argument('<path...>', 'skill or plugin'),
      'certify',
    ).action(async (paths: string[], flags, cmd: Command) =>
      setExit(await runScore(paths, flags, ui, scoreContext(cmd, 'certify'))),
    );
  }

  if (built('worker')) {
    const worker = program
      .command('worker')
      .description('run score jobs from a BullMQ queue (score|certify --queue URL) until stopped; docs/queue.md');
    addSettings(worker, 'worker', ['queue', 'queueName'], { queue: 'redis://HOST:PORT of the queue' })
      .option('--concurrency <n>', 'jobs run at once by this worker (default: 1)')
      .option(
        '--root <dir>',
        "this machine's checkout: jobs' paths relative to the submitter's folder are found under it",
      );
    addSettings(worker, 'worker', ['allowRoots', 'allowEndpoints', 'maxCostUsd', 'provider', 'baseUrl'], {
      maxCostUsd: {
        help: "the most one job's Monte Carlo runs may spend here, whatever the job asks",
        default: "the job's cap",
      },
      provider: {
        help: "this worker's judge provider: anthropic, openai, ollama or claude-code",
        default: 'from its environment',
      },
      baseUrl: {
        help: "this worker's judge endpoint",
        default: "the provider's, or ANTHROPIC_BASE_URL / OPENAI_BASE_URL",
      },
    });
    worker
      .option('--once', 'exit as soon as the queue has nothing waiting')
      .option('--idle-exit <seconds>', 'exit once the queue has had nothing waiting that long')
      .option(
        '--lock-duration <ms>',
        "a job's lock: a dead worker's job is taken over after about this long (default: 10000)",
      )
      .action(async (flags, cmd: Command) => {
        const configFile = configFileOf(cmd);
        setExit(
          await (await import('./commands/worker.js')).runWorkerCommand(flags, ui, configFile ? { configFile } : {}),
        );
      });
  }

  if (built('compare')) {
    program
      .command('compare')
      .description('score two skills or plugins (quick or standard depth) and show each dimension with its delta')
      .argument('<a>', 'baseline')
      .argument('<b>', 'candidate')
      .addOption(
        new Option('--methodology <name>', 'default or compat (default: default)').choices(['default', 'compat']),
      )
      .addOption(
        new Option('--depth <depth>', 'quick, or standard (+ the LLM judge, as score) (default: quick)').choices([
          'quick',
          'standard',
        ]),
      )
      .addOption(new Option('--output <format>').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT))
      .option('--verbose', 'list the settings and where they came from')
      .action(async (a: string, b: string, flags, cmd: Command) =>
        setExit(
          await (await import('./commands/compare.js')).runCompare(a, b, flags, ui, { configFile: configFileOf(cmd) }),
        ),
      );
  }

  if (built('validate')) {
    const validate = program
      .command('validate')
      .description('lint skills and plugins against the Agent Skills spec, skill-creator and Claude Code rules')
      .argument('<path...>', 'skills, plugins, marketplaces or folders');
    addSettings(validate, 'validate', SOURCE_SETTINGS)
      .addOption(
        new Option(
          '--output <format>',
          'text (repeated diagnostics summarised), json, sarif or junit (every diagnostic)',
        )
          .choices(VALIDATE_OUTPUTS)
          .default('text'),
      )
      .option('-o, --out <file>', 'write the report to a file (atomically) instead of stdout')
      .option('--quiet', 'only errors (text)')
      .option('--list-files', 'under each summary of a repeated diagnostic, the files it stands for (text)')
      .option('--verbose', 'list the settings and where they came from')
      .action(async (paths: string[], flags, cmd: Command) => {
        const { runValidate } = await import('./commands/validate.js');
        const context = { configFile: configFileOf(cmd), typed: typedOn(cmd) };
        setExit(
          flags.watch
            ? await watching(paths, ui, (written) => runValidate(paths, flags, ui, { ...context, written }))
            : await runValidate(paths, flags, ui, context),
        );
      });
  }

  if (built('lsp')) {
    program
      .command('lsp')
      .description(
        "Language Server over stdio: validate's diagnostics and quick fixes as skills and plugins are edited",
      )
      .option('--stdio', 'talk over stdin and stdout (the only transport; editors pass it)')
      .action(async (_flags, cmd: Command) =>
        setExit(await (await import('./commands/lsp.js')).runLsp(ui, { configFile: configFileOf(cmd) })),
      );
  }

  if (built('init')) {
    program
      .command('init')
      .description('index a corpus of skills for Elo ranking (incremental: new, changed, unchanged, missing)')
      .argument('<source>', 'plugins folder, marketplace, plugin or folder of skills')
      .option('--corpus-dir <dir>', 'folder of the corpus index (default: ~/.plugineval/corpus)')
      .addOption(new Option('--output <format>').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT))
      .option('--verbose', 'list the settings and where they came from')
      .action(async (source: string, flags, cmd: Command) =>
        setExit(
          await (await import('./commands/init.js')).runInit(source, flags, ui, { configFile: configFileOf(cmd) }),
        ),
      );
  }

  if (built('history')) {
    program
      .command('history')
      .description(
        'the recorded trend of one skill or plugin: a sparkline of its composite and every recorded result ' +
          '(results store)',
      )
      .argument('<skill>', 'skill or plugin folder, or the name of a recorded skill')
      .addOption(new Option('--output <format>').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT))
      .option('--limit <n>', 'the latest N results (default: 200)')
      .option(
        '--store <path>',
        'results store file (default: $PLUGIN_EVAL_DATA_DIR/results.db, else ~/.local/share/plugin-eval/results.db)',
      )
      .action(async (skill: string, flags, cmd: Command) =>
        setExit(
          await (await import('./commands/history.js')).runHistory(skill, flags, ui, {
            configFile: configFileOf(cmd),
            explicit: (flag) => cmd.getOptionValueSource(flag) === 'cli',
          }),
        ),
      );
  }

  if (built('view')) {
    program
      .command('view')
      .description(
        'review an evals workspace in a browser: outputs, grades, feedback and the benchmark (a 127.0.0.1 server, ' +
          'or --static FILE)',
      )
      .argument('<workspace>', 'evals workspace (its latest iteration) or an iteration folder')
      .option('--iteration <n>', 'the iteration of the workspace to show (default: the latest)')
      .option('--static <file>', 'write one self-contained HTML file (works offline) instead of serving')
      .option(
        '--previous-workspace <dir>',
        'iteration (or workspace) whose output and feedback are shown as the previous ones (default: the ' +
          "workspace's previous iteration)",
      )
      .option('--no-previous', 'show no previous iteration')
      .option('--port <n>', 'first port to try on 127.0.0.1; a busy port means the next one (default: 3117)')
      .action(async (workspace: string, flags) =>
        setExit(await (await import('./commands/view.js')).runView(workspace, flags, ui)),
      );
  }

  if (built('report')) {
    program
      .command('report')
      .description('write the marketplace dashboard: one self-contained HTML file (a run log, or paths scored first)')
      .argument('<path...>', 'a run log (score --output json), or skills, plugins and marketplaces to score')
      .option('--html <file>', 'the HTML file to write (required)')
      .option('--title <text>', 'the page title')
      .addOption(
        new Option(
          '--depth <depth>',
          'when scoring paths: quick or standard (default: quick; deeper runs: score --output json, then report the log)',
        ).choices(['quick', 'standard']),
      )
      .addOption(
        new Option('--methodology <name>', 'when scoring paths: default or compat').choices(['default', 'compat']),
      )
      .option(
        '--store <path>',
        'results store the trend lines are read from (default: $PLUGIN_EVAL_DATA_DIR/results.db, else ' +
          '~/.local/share/plugin-eval/results.db)',
      )
      .option('--no-store', 'no trend lines: do not read the results store')
      .action(async (paths: string[], flags, cmd: Command) =>
        setExit(
          await (await import('./commands/report.js')).runReport(paths, flags, ui, {
            configFile: configFileOf(cmd),
            storeTyped: cmd.getOptionValueSource('store') === 'cli',
          }),
        ),
      );
  }

  if (built('schema')) {
    program
      .command('schema')
      .description('print the JSON Schema of a file format or output (no name: list them)')
      .argument('[name]', 'e.g. score-result, plugin-manifest, marketplace, hooks')
      .action(async (name: string | undefined) => setExit((await import('./commands/schema.js')).runSchema(name, ui)));
  }

  if (built('cache')) {
    program
      .command('cache')
      .description(
        'the response cache of LLM calls (SQLite under the user cache folder, PLUGIN_EVAL_CACHE_DIR to move it)',
      )
      .argument('<action>', 'stats (entries, size, hits and misses across runs) or clear')
      .addOption(new Option('--output <format>', 'stats as text or json (default: text)').choices(SUMMARY_OUTPUTS))
      .addOption(new Option('--json').hideHelp())
      .action(async (action: string, flags: OutputFlags, cmd: Command) => {
        if (action !== 'stats' && action !== 'clear')
          throw new UsageError(`cache: unknown action "${action}"; use stats or clear`);
        const configFile = configFileOf(cmd);
        setExit(
          await (await import('./commands/cache.js')).runCache(action, ui, {
            json: jsonOutput(flags),
            ...(configFile ? { configFile } : {}),
          }),
        );
      });
  }

  if (built('hooks')) {
    program
      .command('hooks')
      .description(
        'log every Skill call Claude Code makes: install, uninstall or show our PreToolUse/PostToolUse hooks',
      )
      .argument('<action>', 'install, uninstall or status')
      .option('--project', 'the project settings, ./.claude/settings.json (the default)')
      .option('--user', 'the user settings, $CLAUDE_HOME/settings.json or ~/.claude/settings.json')
      .option(
        '--logs-dir <dir>',
        'where the hooks write logs (default: $CLAUDE_HOME/skills/logs or ~/.claude/skills/logs)',
      )
      .addOption(new Option('--output <format>', 'status as text or json (default: text)').choices(SUMMARY_OUTPUTS))
      .addOption(new Option('--json').hideHelp())
      .action(async (action: string, flags) =>
        setExit(
          await (await import('./commands/hooks.js')).runHooks(action, { ...flags, json: jsonOutput(flags) }, ui),
        ),
      );
  }
  if (built('evaluate-skill')) registerEvaluateSkill(program, ui, setExit);
  if (built('validity')) registerValidityCommand(program, ui, setExit);
  if (built('config')) registerConfigCommand(program, ui, setExit);

  await registerCommandGroups(program, ui, setExit, argv, built);
  return program;
}

/**
 * Run the CLI with the given argv; resolves to the exit code. Never throws. A machine format's failure document is
 * printed when the command stops with nothing printed (failure-output.ts).
 */
export function runCli(argv: readonly string[], ui: Ui): Promise<number> {
  return withFailureDocument(argv, ui, commandNameOf(argv), runCommand);
}

async function runCommand(argv: readonly string[], ui: Ui): Promise<number> {
  let code: number = EXIT.OK;
  const debug = argv.includes('--debug');
  const program = await buildProgram(ui, (c) => (code = c), argv);
  // The evals and judge steps that ran are recorded in the results store after they finish (record-other-run.ts).
  let acted: { action: Command; startedAt: Date } | undefined;
  const group = commandNameOf(argv);
  if (group === 'evals' || group === 'judge') {
    (await import('./command-usage.js')).startCommandUsage();
    program.hook('preAction', (_program, action) => void (acted = { action, startedAt: new Date() }));
  }
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    if (acted)
      await (await import('./record-other-run.js')).recordOtherCommand({
        ...acted,
        code,
        ui,
        configFile: program.opts<{ config?: string }>().config,
      });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
        return EXIT.OK;
      return EXIT.INPUT; // commander already printed the message
    }
    if (err instanceof PluginEvalError) {
      if (err.code === 'CANCELLED') {
        // No report or --out file is written half-way; but a streaming run (--output jsonl) has printed, and the
        // results store has recorded, what it measured before the signal: saying "nothing was written" would be false.
        ui.stopped?.(err.message);
        if (err instanceof CancelledError && err.kept !== undefined) ui.stderr(`plugin-eval: cancelled; ${err.kept}`);
        else
          ui.stderr(
            'plugin-eval: cancelled; no report file was written (results already printed or recorded stay: each ' +
              'was measured, the run did not finish)',
          );
        return EXIT.INTERRUPTED;
      }
      ui.stopped?.(err.message);
      ui.stderr(`plugin-eval: ${err.message}`);
      // A provider failure that outlived the retries means something could not be measured, not that it scored low.
      const exit = err.code === 'PROVIDER' || err.code === 'NOT_MEASURED' ? EXIT.NOT_MEASURED : EXIT.INPUT;
      if (err.next !== undefined) ui.stderr(`plugin-eval: ${err.next} (exit ${exit})`);
      // A missing optional package stops commands that have no layer to speak of (history, cache, --only-changed).
      else if (err instanceof MissingPackageError)
        ui.stderr(
          `plugin-eval: stopped: ${err.packageName} is an optional dependency this command needs here (exit ${exit})`,
        );
      // Said of every command that stops this way (score, evals compare, judge rubric, ...), so worded for all of them.
      else if (err.code === 'NOT_MEASURED')
        ui.stderr('plugin-eval: stopped without a result: one would claim a measurement that was never made (exit 3)');
      if (debug && err.stack) ui.stderr(err.stack);
      return exit;
    }
    const message = `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
    ui.stopped?.(message);
    ui.stderr(`plugin-eval: ${message}`);
    if (debug && err instanceof Error && err.stack) ui.stderr(err.stack);
    else ui.stderr('(run with --debug for details)');
    return EXIT.INPUT;
  }
}
