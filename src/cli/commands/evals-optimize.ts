/**
 * `plugin-eval evals optimize-description SKILL --eval-set FILE`: skill-creator's description loop with the test set
 * blinded from the improver, best by test score, results.json and a self-contained report.html, and `--apply` that
 * changes only the description in SKILL.md. Exit: 3 when the original could not be scored on the test set, else 0
 * (the loop is not a gate; `evals triggers` is). docs/evals/triggers.md.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { optionalNumberFlag } from '../../config/numbers.js';
import { UsageError } from '../../errors.js';
import { writeJsonAs } from '../../evals/json-files.js';
import {
  DEFAULT_HOLDOUT,
  DEFAULT_ITERATIONS,
  DEFAULT_SEED,
  optimizeDescription,
} from '../../evals/optimise/optimize.js';
import { renderOptimizeHtml, renderOptimizeText } from '../../evals/optimise/optimize-report.js';
import { OptimizeResults } from '../../evals/schemas/optimize-results.js';
import { applyDescription } from '../../evals/optimise/skill-description.js';
import { defaultWorkspaceFor, descriptionOptimizationDir } from '../../evals/workspace.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { makeDir } from '../../util/make-dir.js';
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

interface OptimizeFlags extends TriggerFlags {
  iterations?: string;
  holdout?: string;
  seed?: string;
  out?: string;
  apply?: boolean;
}

export function registerOptimizeCommand(evals: Command, ctx: EvalsCommandContext): void {
  addTriggerOptions(
    evals
      .command('optimize-description')
      .description(
        "improve the skill's description for triggering: train/test split, improver blinded to test results, " +
          'best by test score',
      )
      .argument('<skill>', 'skill folder (or its SKILL.md)'),
  )
    .option('--iterations <n>', `descriptions evaluated at most, the original included (default ${DEFAULT_ITERATIONS})`)
    .option('--holdout <fraction>', `share of each class held out as the test set (default ${DEFAULT_HOLDOUT})`)
    .option('--seed <n>', `seed of the train/test split (default ${DEFAULT_SEED})`)
    .option(
      '--out <dir>',
      'folder for results.json and report.html (default: <skill>-workspace/description-optimization/<timestamp>/)',
    )
    .option(
      '--apply',
      'write the best description into SKILL.md (only the description changes) when it beats the original on ' +
        'the test set',
    )
    .action(async (skillArg: string, flags: OptimizeFlags) => ctx.setExit(await runOptimize(skillArg, flags, ctx)));
}

export async function runOptimize(skillArg: string, flags: OptimizeFlags, ctx: EvalsCommandContext): Promise<number> {
  const { ui } = ctx;
  const iterations =
    optionalNumberFlag('--iterations', flags.iterations, { whole: true, min: 1, max: 20 }) ?? DEFAULT_ITERATIONS;
  const seed = optionalNumberFlag('--seed', flags.seed, { whole: true, min: 0, max: 2 ** 31 - 1 }) ?? DEFAULT_SEED;
  const holdout = optionalNumberFlag('--holdout', flags.holdout, { above: 0, below: 1 }) ?? DEFAULT_HOLDOUT;
  const setup = await triggerSetup(skillArg, flags, ui, ctx.configFile());
  if (!setup.queries.some((q) => q.shouldTrigger) || !setup.queries.some((q) => !q.shouldTrigger)) {
    throw new UsageError(
      `${flags.evalSet}: optimising a description needs queries that should trigger and queries that should not`,
    );
  }
  const outDir = path.resolve(
    flags.out ?? descriptionOptimizationDir(defaultWorkspaceFor(setup.skill.dir), new Date()),
  );
  if (
    printPlan(setup, ui, {
      evaluations: iterations,
      what: 'description optimisation plan',
      dryRun: flags.dryRun === true,
    })
  )
    return EXIT.OK;
  const provider = providerOnce(setup.resolved);
  const improver = await provider();
  const runner = await makeTriggerRunner(setup, provider);
  await makeDir(outDir);
  const progress = triggerProgress(ui);
  let results;
  try {
    results = await optimizeDescription({
      skill: setup.skill,
      skillName: setup.skillName,
      queries: setup.queries,
      holdout,
      seed,
      iterations,
      trigger: triggerRunOptions(setup, runner, ui),
      improver: { provider: improver.provider, model: improver.model },
      warnings: setup.warnings,
      onRun: (iteration, p) => progress.onRun(p, `description ${iteration}: `),
    });
  } finally {
    progress.finish();
  }
  if (flags.apply) {
    if (results.improved) {
      // Re-read the file as it is now (BOM and all): the user may have edited it while the loop ran.
      const { readFile } = await import('node:fs/promises');
      const file = path.join(setup.skill.dir, setup.skill.fileName);
      await applyDescription(file, await readFile(file, 'utf8'), results.best_description);
      results = { ...results, applied: true };
      ui.stderr(
        `plugin-eval: wrote the description of iteration ${results.best_iteration} into ${file} (only the ` +
          `description changed)`,
      );
    } else {
      ui.stderr(
        `plugin-eval: ` +
          `--apply: ${results.status === 'measured' ? 'no candidate beat the original on the test set' : 'the original could not be measured'}; ${setup.skill.file} ` +
          `was left as it was`,
      );
    }
  }
  const written = await writeJsonAs(path.join(outDir, 'results.json'), OptimizeResults, results);
  await writeFileAtomic(path.join(outDir, 'report.html'), renderOptimizeHtml(written));
  ui.stdout(renderSummary(flags.output, written, () => renderOptimizeText(written, { dir: outDir })));
  if (written.status === 'not-measured') {
    ui.stderr(
      'plugin-eval: could not measure: the original description was not scored on the test set (infrastructure ' +
        'errors); exit 3',
    );
    return EXIT.NOT_MEASURED;
  }
  return EXIT.OK;
}
