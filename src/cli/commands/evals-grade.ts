/**
 * `plugin-eval evals grade WORKSPACE`: the thin shell over src/evals/grade/grade-workspace.ts. The judge provider is
 * made only when a run has a plain-text expectation (programmatic ones need no model). Exit 3 when a run could not be
 * graded (its grading call failed) or nothing could be graded because every run was an infrastructure error.
 */
import { providerOptionsFrom } from '../../config/provider-setup.js';
import type { Command } from 'commander';
import { Option } from 'commander';
import { optionalNumberFlag } from '../../config/numbers.js';
import { resolveSettings } from '../../config/resolve.js';
import type { SettingKey } from '../../config/settings.js';
import { gradeWorkspace, type GradeOutcome, type GradeRow, type Judge } from '../../evals/grade/grade-workspace.js';
import { describeCost } from '../../providers/pricing.js';
import type { EvalsCommandContext } from './evals.js';
import { EXIT } from '../exit-codes.js';
import { progressBar } from '../io.js';
import { reportSettings } from '../settings-line.js';
import { addSettings, typedSettings } from '../setting-flags.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS, renderSummary } from '../../reporters/summary-output.js';

interface GradeFlags {
  iteration?: string;
  force?: boolean;
  judgeModel?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  concurrency?: string;
  requestTimeout?: string;
  cache: boolean;
  output: 'text' | 'json';
  verbose?: boolean;
}

/** The settings `evals grade` takes from its command line, in the order --help lists them. */
const GRADE_FLAG_SETTINGS: readonly SettingKey[] = [
  'judgeModels',
  'provider',
  'model',
  'baseUrl',
  'concurrency',
  'requestTimeout',
  'cache',
];
/** Agent settings 'evals' also reads: not used by grade. */
const HIDDEN = ['runner', 'agentModel', 'maxCostUsd'];

export function registerGradeCommand(evals: Command, ctx: EvalsCommandContext): void {
  const command = evals
    .command('grade')
    .description(
      'grade the runs of an iteration: programmatic expectations by code, plain-text ones by an LLM grader ' +
        '(PASS/FAIL with quoted evidence) into grading.json',
    )
    .argument('<workspace>', 'the workspace (its latest iteration is graded) or an iteration folder')
    .option('--iteration <n>', 'grade this iteration')
    .option('--force', 'grade again runs that have a grading.json');
  addSettings(command, 'evals', GRADE_FLAG_SETTINGS, {
    judgeModels: {
      help: 'the grader model (alias haiku|sonnet|opus or an id)',
      default: '--model, then the provider default',
    },
    provider: 'LLM provider for the grader: anthropic, openai, ollama, claude-code',
    model: 'the grader model',
    concurrency: 'runs graded at once',
  })
    .addOption(
      new Option('--output <format>', 'summary format').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT),
    )
    .option('--verbose', 'list every setting and where it came from')
    .action(async (workspace: string, flags: GradeFlags, cmd: Command) =>
      ctx.setExit(await runGradeCommand(workspace, flags, ctx, (f) => cmd.getOptionValueSource(f) === 'cli')),
    );
}

export async function runGradeCommand(
  workspace: string,
  flags: GradeFlags,
  ctx: EvalsCommandContext,
  typed: (flag: string) => boolean,
): Promise<number> {
  const { ui } = ctx;
  const given = typedSettings(flags, GRADE_FLAG_SETTINGS, (attribute) => attribute !== 'cache' || typed(attribute));
  const configFile = ctx.configFile();
  const resolved = await resolveSettings({
    command: 'evals',
    given,
    ...(configFile !== undefined ? { config: configFile } : {}),
  });
  reportSettings(resolved, ui, { verbose: flags.verbose === true, hide: HIDDEN });
  const s = resolved.settings;
  const iteration = optionalNumberFlag('--iteration', flags.iteration, { whole: true, min: 1 });
  const judge = async (): Promise<Judge> => {
    const { makeProvider } = await import('../provider-setup.js');
    // --judge-model names the grader; --model (or the config's model) otherwise.
    const made = await makeProvider(providerOptionsFrom(resolved, s.judgeModels?.[0]));
    if (!ui.quiet) ui.stderr(`plugin-eval: grader: ${made.description}`);
    return { provider: made.provider, model: made.model };
  };
  const bar = progressBar(ui.stderrIsTTY && !ui.quiet);
  let outcome: GradeOutcome;
  try {
    outcome = await gradeWorkspace({
      workspace,
      ...(iteration !== undefined ? { iteration } : {}),
      force: flags.force === true,
      judge,
      concurrency: s.concurrency,
      ...(ui.signal ? { signal: ui.signal } : {}),
      onRun: ({ done, total, row }) => bar.update(done, total, `${row.run}: ${row.status}`),
    });
  } finally {
    bar.finish();
  }
  ui.stdout(renderSummary(flags.output, outcome, () => gradeSummary(outcome)));
  const ungraded = outcome.rows.filter((r) => r.status === 'ungraded');
  for (const r of ungraded) ui.stderr(`plugin-eval: not graded: ${r.run}: ${r.reason ?? ''}`);
  if (ui.signal?.aborted) {
    ui.stderr('plugin-eval: cancelled: graded runs are saved; run evals grade again to grade the rest');
    return EXIT.INTERRUPTED;
  }
  if (ungraded.length > 0) {
    ui.stderr(
      `plugin-eval: ${ungraded.length} run(s) could not be graded (no grading.json written; exit 3); run evals ` +
        `grade again to retry them`,
    );
    return EXIT.NOT_MEASURED;
  }
  const measured = outcome.rows.some((r) => r.status === 'graded' || r.status === 'already_graded');
  if (!measured && outcome.rows.some((r) => r.status === 'infra')) {
    ui.stderr('plugin-eval: nothing to grade: every run ended in an infrastructure error (exit 3)');
    return EXIT.NOT_MEASURED;
  }
  return EXIT.OK;
}

function rowText(r: GradeRow): string {
  switch (r.status) {
    case 'graded':
      return `${r.passed}/${r.total} passed${r.llm ? '' : ' (programmatic checks only, no model call)'}`;
    case 'already_graded':
      return 'already graded (--force grades it again)';
    case 'infra':
      return `not graded: ${r.reason ?? 'infrastructure error'}`;
    default:
      return `not graded: ${r.reason ?? ''}`;
  }
}

export function gradeSummary(outcome: GradeOutcome): string {
  const width = Math.max(...outcome.rows.map((r) => r.run.length));
  const lines = [
    `evals grade: ${outcome.iterationDir}`,
    ...outcome.rows.map((r) => `  ${r.run.padEnd(width)}  ${rowText(r)}`),
  ];
  const count = (status: GradeRow['status']): number => outcome.rows.filter((r) => r.status === status).length;
  lines.push(
    `graded ${count('graded')}, already graded ${count('already_graded')}, infrastructure runs not ` +
      `graded ${count('infra')}, could not ` +
      `grade ${count('ungraded')}${count('no_expectations') > 0 ? `, without expectations ${count('no_expectations')}` : ''}`,
  );
  if (outcome.usage.calls > 0) lines.push(`grading calls: ${outcome.usage.calls}, ${describeCost(outcome.usage)}`);
  return `${lines.join('\n')}\n`;
}
