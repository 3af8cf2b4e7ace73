/**
 * `plugin-eval evals run SKILL`: the thin shell over src/evals/run/run-evals.ts. Resolves the agent settings, checks
 * everything and prints the estimate before any run (`--dry-run` stops there), shows a progress bar on a terminal,
 * and turns the outcome into a summary and an exit code: 3 when a configuration measured nothing (every run an
 * infrastructure error) or the cost cap left runs undone, 130 on Ctrl-C with the --resume command to continue.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { resolveSettings } from '../../config/resolve.js';
import { claudePathOf } from '../../pipeline/monte-carlo-setup.js';
import { optionalNumberFlag } from '../../config/numbers.js';
import type { SettingKey } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import { estimateEvalsRun } from '../../evals/run/estimate.js';
import {
  executeEvalsRun,
  prepareEvalsRun,
  type EvalsRunOutcome,
  type PreparedEvalsRun,
} from '../../evals/run/run-evals.js';
import { formatCost } from '../../providers/pricing.js';
import { UNSANDBOXED_WARNING } from '../../agent/claude-agent-runner.js';
import { AGENT_RUNNER_KINDS, AGENT_RUNNER_TABLE, runnerChoicesText } from '../../model/runner-kinds.js';
import { createRunner, runnerReady } from '../../agent/runners.js';
import type { EvalsCommandContext } from './evals.js';
import { EXIT } from '../exit-codes.js';
import { progressBar } from '../io.js';
import { reportSettings } from '../settings-line.js';
import { addSettings, typedSettings } from '../setting-flags.js';
import type { Ui } from '../ui.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS, renderSummary } from '../../reporters/summary-output.js';

interface RunFlags {
  evals?: string;
  eval?: string;
  baseline?: string;
  runs?: string;
  workspace?: string;
  resume?: boolean;
  iteration?: string;
  tools?: string;
  maxTurns?: string;
  timeout?: string;
  agentModel?: string;
  runner?: string;
  concurrency?: string;
  maxCost?: string;
  sandbox?: boolean;
  claudePath?: string;
  dryRun?: boolean;
  output: 'text' | 'json';
  verbose?: boolean;
}

/** The settings `evals run` takes from its command line, in the order --help lists them. */
const RUN_FLAG_SETTINGS: readonly SettingKey[] = [
  'agentModel',
  'runner',
  'concurrency',
  'sandbox',
  'claudePath',
  'maxCostUsd',
];
/** Judge settings 'evals' also reads: not used by run, so not listed in its settings line. */
const HIDDEN = [
  'provider',
  'model',
  'judgeModels',
  'baseUrl',
  'cache',
  'cacheTtlDays',
  'cacheDir',
  'prices',
  'credentials',
];

const wholeNumber = (flag: string, raw: string | undefined, min: number): number | undefined =>
  optionalNumberFlag(flag, raw, { whole: true, min });

function evalIds(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0 || ids.some((s) => !/^-?\d+$/.test(s)))
    throw new UsageError(`--eval ${raw}: expected eval ids, e.g. 1,3`);
  return ids.map(Number);
}

export function registerRunCommand(evals: Command, ctx: EvalsCommandContext): void {
  const command = evals
    .command('run')
    .description(
      'run every eval of a skill with the real agent, with the skill and a baseline, into ' +
        '<skill>-workspace/iteration-N/',
    )
    .argument('<skill>', 'skill folder (holds SKILL.md and evals/evals.json)')
    .option('--evals <file>', 'evals file (default: <skill>/evals/evals.json)')
    .option('--eval <ids>', 'only these eval ids, comma-separated')
    .option(
      '--baseline <config>',
      'without_skill (nothing installed; default) or old_skill=PATH (an earlier version, snapshotted into the ' +
        'iteration)',
    )
    .option('--runs <n>', 'runs per eval and configuration (default: 1)')
    .option('--workspace <dir>', 'workspace folder (default: <skill>-workspace beside the skill)')
    .option(
      '--resume',
      'continue the latest iteration (or --iteration N) with its own settings: runs that ended ok are kept, the ' +
        'others made again',
    )
    .option('--iteration <n>', 'the iteration to write (new) or to continue (--resume)')
    .option(
      '--tools <list>',
      'tools the agent may use, comma-separated (default: Skill,Read,Write,Edit,Glob,Grep,Bash)',
    )
    .option('--max-turns <n>', 'agent turns per run at most (default: 30)')
    .option('--timeout <seconds>', 'whole-run timeout; reaching it is an infrastructure error (default: 600)');
  addSettings(command, 'evals', RUN_FLAG_SETTINGS, {
    agentModel: 'the model the agent runs with',
    runner: `${runnerChoicesText()}; evals run needs one that uses tools`,
    concurrency: 'agent runs at once',
    maxCostUsd: 'stop launching runs once this many USD are spent; the rest are reported not run (--resume continues)',
  })
    .option('--dry-run', 'print the planned runs and estimated cost, then stop')
    .addOption(
      new Option('--output <format>', 'summary format').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT),
    )
    .option('--verbose', 'list every setting and where it came from')
    .action(async (skill: string, flags: RunFlags) => ctx.setExit(await runEvalsCommand(skill, flags, ctx)));
}

export async function runEvalsCommand(skill: string, flags: RunFlags, ctx: EvalsCommandContext): Promise<number> {
  const { ui } = ctx;
  const given = typedSettings(flags, RUN_FLAG_SETTINGS);
  const configFile = ctx.configFile();
  const resolved = await resolveSettings({
    command: 'evals',
    given,
    ...(configFile !== undefined ? { config: configFile } : {}),
  });
  reportSettings(resolved, ui, { verbose: flags.verbose === true, hide: HIDDEN });
  const s = resolved.settings;
  if (!AGENT_RUNNER_TABLE[s.runner].usesTools)
    throw new UsageError(
      `evals run needs a runner that uses tools ` +
        `(--runner ${AGENT_RUNNER_KINDS.filter((k) => AGENT_RUNNER_TABLE[k].usesTools).join(', ')}): ${s.runner} ` +
        `is ${AGENT_RUNNER_TABLE[s.runner].label}, which cannot use tools or write files`,
    );
  const timeoutSeconds = wholeNumber('--timeout', flags.timeout, 1);
  const iteration = wholeNumber('--iteration', flags.iteration, 1);
  const maxTurns = wholeNumber('--max-turns', flags.maxTurns, 1);
  const only = evalIds(flags.eval);
  const runs = wholeNumber('--runs', flags.runs, 1);
  const resume = flags.resume === true;
  const tools = flags.tools
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tools !== undefined && tools.length === 0) throw new UsageError('--tools: name at least one tool');
  const prepared = await prepareEvalsRun({
    skill,
    ...(flags.evals !== undefined ? { evalsFile: flags.evals } : {}),
    ...(only ? { only } : {}),
    ...(flags.workspace !== undefined ? { workspace: flags.workspace } : {}),
    ...(flags.baseline !== undefined ? { baseline: flags.baseline } : {}),
    ...(runs !== undefined ? { runs } : {}),
    resume,
    ...(iteration !== undefined ? { iteration } : {}),
    // A resumed iteration keeps its own runner and model unless one was asked for (flag, environment or config).
    ...(resume && resolved.provenance.runner?.source === 'default' ? {} : { runnerName: s.runner }),
    ...(resume && resolved.provenance.agentModel?.source === 'default' ? {} : { model: s.agentModel }),
    ...(tools ? { allowedTools: tools } : {}),
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    ...(timeoutSeconds !== undefined ? { timeoutMs: timeoutSeconds * 1000 } : {}),
  });
  const resumeHint = `plugin-eval evals run ${skill} --resume --iteration ${prepared.iteration.number}${flags.workspace !== undefined ? ` --workspace ${flags.workspace}` : ''}`;
  if (!ui.quiet || flags.dryRun)
    for (const line of planLines(prepared, s.concurrency, s.maxCostUsd, flags.dryRun === true)) ui.stderr(line);
  if (!s.sandbox) ui.stderr(`plugin-eval: warning: ${UNSANDBOXED_WARNING}`);
  if (flags.dryRun) return EXIT.OK;
  await runnerReady(s.runner);

  const bar = progressBar(ui.stderrIsTTY && !ui.quiet);
  let outcome: EvalsRunOutcome;
  try {
    outcome = await executeEvalsRun(prepared, {
      runner: createRunner(s.runner, {
        model: s.agentModel,
        sandbox: s.sandbox,
        ...(s.claudePath === undefined ? {} : { claude: { executable: claudePathOf(resolved, s.claudePath) } }),
      }),
      concurrency: s.concurrency,
      ...(s.maxCostUsd !== undefined ? { maxCostUsd: s.maxCostUsd } : {}),
      ...(ui.signal ? { signal: ui.signal } : {}),
      onRun: ({ done, total, row, spentUsd }) =>
        bar.update(
          done,
          total,
          `eval ${row.evalId} ${row.configuration} run ${row.runNumber}: ${row.status} ` +
            `(${formatCost(spentUsd, 2)} spent)`,
        ),
    });
  } finally {
    bar.finish();
  }
  // What the agent runs used, for the results store's record of this step (record-other-run.ts).
  (await import('../command-usage.js')).noteAgentUsage({
    runner: s.runner,
    model: outcome.plan.model,
    inputTokens: outcome.agentTokens.input,
    outputTokens: outcome.agentTokens.output,
    costUsd: outcome.spentUsd,
  });
  // Unsandboxed runs are said in the summary itself (JSON notes, a text line), as in every output that shows agent
  // runs.
  if (!s.sandbox) outcome.notes.push(UNSANDBOXED_WARNING);
  ui.stdout(
    renderSummary(
      flags.output,
      outcome,
      () => `${summaryText(outcome)}${s.sandbox ? '' : `warning: ${UNSANDBOXED_WARNING}\n`}`,
    ),
  );
  for (const note of outcome.notes) ui.stderr(`plugin-eval: note: ${note}`);
  return exitFor(outcome, ui, resumeHint);
}

function planLines(
  prepared: PreparedEvalsRun,
  concurrency: number,
  maxCost: number | undefined,
  dryRun: boolean,
): string[] {
  const e = estimateEvalsRun(prepared);
  const { plan } = prepared;
  const configs = plan.configurations.map((c) => c.name).join(' and ');
  const kept =
    prepared.kept.length > 0
      ? ` (${prepared.kept.length} finished run(s) of iteration ${prepared.iteration.number} kept)`
      : '';
  return [
    `plugin-eval: evals run: ${prepared.suite.evals.length} eval(s) x ${configs} ` +
      `x ${plan.runs_per_configuration} run(s) = ${e.runs} agent run(s)${kept} of the real agent (Claude Agent ` +
      `SDK) with ${plan.model}, ${concurrency} at once, into ${prepared.iteration.dir}`,
    `plugin-eval: estimated ` +
      `cost ${e.costUsd === null ? 'unknown (the agent model has no price)' : `about ${formatCost(e.costUsd, 2)}`} ` +
      `(${e.assumptions})${maxCost !== undefined ? `; --max-cost ${formatCost(maxCost, 2)} stops it sooner` : ''}`,
    ...(dryRun ? ['plugin-eval: dry run: no agent was run and nothing was written'] : []),
  ];
}

export function summaryText(outcome: EvalsRunOutcome): string {
  const lines = [`evals run: ${outcome.plan.skill_name}, iteration ${outcome.iteration} (${outcome.iterationDir})`];
  const width = Math.max(...outcome.configurations.map((c) => c.name.length));
  for (const c of outcome.configurations) {
    const parts = [
      `${c.ok + c.kept} ok${c.kept > 0 ? ` (${c.kept} kept from before)` : ''}`,
      `${c.infra} infrastructure error(s)`,
      ...(c.notRun > 0 ? [`${c.notRun} not run`] : []),
    ];
    lines.push(`  ${c.name.padEnd(width)}  ${parts.join(', ')}`);
  }
  const made = outcome.rows.filter((r) => r.status === 'ok' || r.status === 'infra').length;
  lines.push(`spent ${formatCost(outcome.spentUsd, 4)} on ${made} agent run(s)`);
  const infra = outcome.rows.filter((r) => r.status === 'infra');
  if (infra.length > 0) {
    lines.push('infrastructure errors (nothing measured; not skill failures, never graded):');
    for (const r of infra)
      lines.push(
        `  eval ${r.evalId} ${r.configuration} ` +
          `run ${r.runNumber}: ${r.infraKind ?? 'unknown'}: ${(r.infraMessage ?? '').split('\n', 1)[0]}`,
      );
  }
  if (outcome.rows.some((r) => r.status === 'ok' || r.status === 'kept'))
    lines.push(`next: plugin-eval evals grade ${outcome.workspace} --iteration ${outcome.iteration}`);
  return `${lines.join('\n')}\n`;
}

function exitFor(outcome: EvalsRunOutcome, ui: Ui, resumeHint: string): number {
  const notRun = outcome.rows.filter((r) => r.status === 'not_run').length;
  const infra = outcome.rows.filter((r) => r.status === 'infra').length;
  if (outcome.stoppedBy === 'cancelled') {
    ui.stderr(
      `plugin-eval: cancelled: finished runs are saved in ${outcome.iterationDir}; ${notRun} run(s) not run; ` +
        `continue with: ${resumeHint}`,
    );
    return EXIT.INTERRUPTED;
  }
  if (outcome.stoppedBy === 'max-cost' || outcome.stoppedBy === 'infrastructure')
    ui.stderr(`plugin-eval: stopped: ${outcome.stopReason}; ${notRun} run(s) not run; continue with: ${resumeHint}`);
  else if (infra > 0)
    ui.stderr(`plugin-eval: ${infra} run(s) ended in an infrastructure error; make them again with: ${resumeHint}`);
  if (outcome.unmeasured.length > 0) {
    ui.stderr(
      `plugin-eval: could not measure ${outcome.unmeasured.join(', ')}: every run of it was an infrastructure ` +
        `error (exit 3)`,
    );
    return EXIT.NOT_MEASURED;
  }
  return notRun > 0 ? EXIT.NOT_MEASURED : EXIT.OK;
}
