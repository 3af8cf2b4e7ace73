/**
 * `plugin-eval logs aggregate|stats|improve`: a thin layer over src/logs/. Loaded only when `logs` is the command.
 * Exit codes: 0 done (also when the period holds no execution: that is said, not an error); 2 when the logs folder
 * holds no log file at all (the message names the folder and points to `plugin-eval hooks install`) or a flag is bad.
 * Bad lines never stop a command: they are counted and the first few named (file:line) on stderr; so are executions
 * whose timestamp is not a date, which no period holds.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { numberOption } from '../../config/numbers.js';
import { logsRoot } from '../../logs/paths.js';
import {
  defaultLearningsFile,
  defaultQueueFile,
  learningsSummary,
  loadWindow,
  queueDocument,
  renderQueueText,
  writeLearnings,
  writeQueue,
  type LoadedWindow,
} from '../../logs/learnings.js';
import type { BadLine } from '../../logs/read.js';
import { logStatsReport, renderStatsText } from '../../logs/stats.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';
import { visibleControls } from '../../util/text.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS, renderSummary } from '../../reporters/summary-output.js';

export interface LogsCommandDeps {
  ui: Ui;
  setExit: (code: number) => void;
  env?: NodeJS.ProcessEnv;
  /** The clock; tests fix it. */
  now?: () => Date;
}

interface LogsFlags {
  logsDir?: string;
  days: number;
  output: 'text' | 'json';
}

/** Bad lines named at most this many at a time; the count is always given. */
const NAMED_BAD_LINES = 5;

function common(command: Command): Command {
  return command
    .option('--logs-dir <dir>', 'the logs folder (default: $CLAUDE_HOME/skills/logs, else ~/.claude/skills/logs)')
    .option(
      '--days <n>',
      'the period: executions of the last N days',
      numberOption('--days', { whole: true, min: 1 }),
      30,
    )
    .addOption(new Option('--output <format>').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT));
}

export function registerLogsCommands(program: Command, deps: LogsCommandDeps): Command {
  const { ui } = deps;
  const now = deps.now ?? (() => new Date());
  const logs = program
    .command('logs')
    .description('skill execution logs: LEARNINGS.md, review statistics, the improvement queue');

  const nameLines = (heading: string, lines: readonly BadLine[]): void => {
    if (lines.length === 0) return;
    ui.stderr(`plugin-eval: logs: ${heading}`);
    for (const bad of lines.slice(0, NAMED_BAD_LINES)) ui.stderr(`  ${bad.file}:${bad.line}: ${bad.reason}`);
    if (lines.length > NAMED_BAD_LINES) ui.stderr(`  ... and ${lines.length - NAMED_BAD_LINES} more`);
  };

  const load = (flags: LogsFlags, at: Date): { root: string; window: LoadedWindow } => {
    const root = logsRoot({
      ...(flags.logsDir !== undefined ? { logsDir: flags.logsDir } : {}),
      env: deps.env ?? process.env,
    });
    const window = loadWindow(root, { now: at, days: flags.days });
    nameLines(`${window.badLines.length} unreadable line(s) skipped:`, window.badLines);
    // Read, but in no period: every number below leaves them out, so the count is said here and in the JSON.
    nameLines(
      `${window.undated.length} execution(s) left out of the last ${flags.days} days: their timestamp is not a date:`,
      window.undated,
    );
    return { root, window };
  };

  common(
    logs
      .command('aggregate')
      .description('write LEARNINGS.md (the reference format; the Pinned Learnings section is kept verbatim)'),
  )
    .option(
      '--out <file>',
      'where LEARNINGS.md goes (default: next to the logs folder, e.g. ~/.claude/skills/LEARNINGS.md)',
    )
    .action(async (flags: LogsFlags & { out?: string }) => {
      const at = now();
      const { root, window } = load(flags, at);
      const written = await writeLearnings(window.entries, {
        now: at,
        days: flags.days,
        file: flags.out ?? defaultLearningsFile(root),
      });
      const summary = learningsSummary(written, window);
      ui.stdout(
        renderSummary(
          flags.output,
          summary,
          () =>
            [
              `LEARNINGS.md written: ${summary.file}${summary.pinnedKept ? ' (pinned learnings kept)' : ''}`,
              `  skills analysed: ${summary.skills}`,
              `  executions: ${summary.executions} (last ${flags.days} ` +
                `days)${summary.syntheticExcluded > 0 ? `, ${summary.syntheticExcluded} synthetic excluded` : ''}`,
              `  high-impact issues: ${summary.issues}`,
              `  improvement items: ${summary.queue}`,
              ...(summary.executions === 0
                ? [`  no execution in the last ${flags.days} days: the tables are empty`]
                : []),
            ].join('\n') + '\n',
        ),
      );
      deps.setExit(EXIT.OK);
    });

  common(
    logs
      .command('stats')
      .description('review coverage (reviewed within 7 days; target >= 20%), response rate, ratings, common friction'),
  ).action((flags: LogsFlags) => {
    const at = now();
    const { window } = load(flags, at);
    const report = logStatsReport(window, { now: at, days: flags.days });
    ui.stdout(renderSummary(flags.output, report, () => visibleControls(renderStatsText(report))));
    deps.setExit(EXIT.OK);
  });

  common(
    logs
      .command('improve')
      .description(
        'the improvement queue: priority = frequency x impact / ease; > 5 implement, 2-5 discuss, < 2 defer',
      ),
  )
    .option('--dry-run', 'print the queue, write nothing')
    .option('--out <file>', 'where the queue (JSON) goes (default: improvement-queue.json next to the logs folder)')
    .action(async (flags: LogsFlags & { dryRun?: boolean; out?: string }) => {
      const at = now();
      const { root, window } = load(flags, at);
      const queue = queueDocument(window.entries, { now: at, days: flags.days });
      ui.stdout(renderSummary(flags.output, queue, () => visibleControls(renderQueueText(queue))));
      if (!flags.dryRun) {
        const file = flags.out ?? defaultQueueFile(root);
        await writeQueue(queue, file);
        ui.stderr(`plugin-eval: logs: improvement queue written to ${file}`);
      }
      deps.setExit(EXIT.OK);
    });

  return logs;
}
