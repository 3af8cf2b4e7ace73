/**
 * `plugin-eval evals triggers SKILL --eval-set FILE`: skill-creator's run_eval with the real agent and the real
 * SKILL.md installed; errors counted apart from "not triggered". Exit: 3 when a query could not be measured, 1 when
 * a measured query failed, else 0 (docs/evals/triggers.md).
 */
import type { Command } from 'commander';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { renderTriggerText, triggerExitCode, triggerResultsOf } from '../../evals/optimise/trigger-report.js';
import { evaluateTriggers } from '../../evals/optimise/triggers.js';
import type { EvalsCommandContext } from './evals.js';
import {
  addTriggerOptions,
  makeTriggerRunner,
  printPlan,
  providerOnce,
  triggerProgress,
  triggerRunOptions,
  triggerSetup,
  type TriggerFlags,
} from '../evals-trigger-setup.js';
import { EXIT } from '../exit-codes.js';
import { renderSummary } from '../../reporters/summary-output.js';

interface TriggersFlags extends TriggerFlags {
  out?: string;
}

export function registerTriggersCommand(evals: Command, ctx: EvalsCommandContext): void {
  addTriggerOptions(
    evals
      .command('triggers')
      .description(
        'trigger eval: run each query with the real agent and the real SKILL.md installed; errors are reported ' +
          'apart, never as "not triggered"',
      )
      .argument('<skill>', 'skill folder (or its SKILL.md)'),
  )
    .option('-o, --out <file>', 'also write the JSON results to FILE (atomically)')
    .action(async (skillArg: string, flags: TriggersFlags) => ctx.setExit(await runTriggers(skillArg, flags, ctx)));
}

export async function runTriggers(skillArg: string, flags: TriggersFlags, ctx: EvalsCommandContext): Promise<number> {
  const { ui } = ctx;
  const setup = await triggerSetup(skillArg, flags, ui, ctx.configFile());
  if (printPlan(setup, ui, { evaluations: 1, what: 'trigger eval plan', dryRun: flags.dryRun === true }))
    return EXIT.OK;
  const runner = await makeTriggerRunner(setup, providerOnce(setup.resolved));
  const progress = triggerProgress(ui);
  let evaluation;
  try {
    evaluation = await evaluateTriggers({ dir: setup.skill.dir, name: setup.skillName }, setup.queries, {
      ...triggerRunOptions(setup, runner, ui),
      onRun: progress.onRun,
    });
  } finally {
    progress.finish();
  }
  const results = triggerResultsOf(evaluation, {
    skillName: setup.skillName,
    description: setup.skill.description,
    agentModel: setup.agentModel,
    threshold: setup.threshold,
    runsPerQuery: setup.runsPerQuery,
    timeoutMs: setup.timeoutMs,
    warnings: setup.warnings,
  });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  if (flags.out !== undefined) await writeFileAtomic(flags.out, json);
  ui.stdout(renderSummary(flags.output, results, () => renderTriggerText(results)));
  const code = triggerExitCode(results);
  if (code === EXIT.NOT_MEASURED) {
    ui.stderr(
      `plugin-eval: ${results.summary.errors} of ${results.summary.total} queries could not be measured (every ` +
        `run an error or not run); exit 3`,
    );
  }
  return code;
}
