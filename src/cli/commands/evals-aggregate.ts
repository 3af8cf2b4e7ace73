/**
 * `plugin-eval evals aggregate WORKSPACE`: benchmark.json and benchmark.md for an iteration (src/evals/aggregate*.ts).
 */
import type { Command } from 'commander';
import { numberOption } from '../../config/numbers.js';
import {
  aggregateIteration,
  aggregateSummary,
  resolveIterationFolder,
  type AggregateIterationResult,
  type AnalystJudge,
} from '../../evals/aggregate/aggregate-iteration.js';
import type { EvalsCommandContext } from './evals.js';
import { evalsJudge, reportNotMeasured, withJudgeFlags, type JudgeFlags } from '../evals-judge.js';
import { renderSummary } from '../../reporters/summary-output.js';
import { partialAggregateText } from '../../evals/aggregate/aggregate-gaps.js';
import { EXIT } from '../exit-codes.js';
import { upliftText } from '../../reporters/uplift-line.js';
import { evalsUplift } from '../../evals/aggregate/evals-uplift.js';

interface AggregateFlags extends JudgeFlags {
  iteration?: number;
  candidate?: string;
  baseline?: string;
  skillName?: string;
  flakyThreshold?: number;
  seed?: number;
  analyst: boolean;
  output: 'text' | 'json';
}

const whole = (flag: string) => numberOption(flag, { whole: true, min: 0 });
const fraction = (flag: string) => numberOption(flag, { min: 0, max: 1 });

function textReport(r: AggregateIterationResult, analystLine: string): string {
  const { benchmark, pair } = r;
  const summary = benchmark.run_summary as Record<string, Record<string, { mean: number; stddev: number; n: number }>>;
  // What was not measured first, then the with/without delta, said as certify says its uplift.
  const partial = partialAggregateText(r.measurement);
  const uplift = evalsUplift(benchmark, pair);
  const lines = [
    ...(partial !== undefined ? [`${partial}.`] : []),
    ...(uplift ? [upliftText(uplift)] : []),
    `wrote ${r.files.json} and ${r.files.markdown}`,
  ];
  for (const c of [pair.candidate, ...(pair.baseline ? [pair.baseline] : [])]) {
    const s = summary[c]!;
    lines.push(
      `  ${c.padEnd(16)} pass rate ${s.pass_rate!.mean.toFixed(2)} ± ${s.pass_rate!.stddev.toFixed(2)} ` +
        `over ${s.pass_rate!.n} runs`,
    );
  }
  const delta = benchmark.run_summary.delta;
  const ci = (benchmark.run_summary.delta_ci as Record<string, { low: number; high: number }> | undefined)?.pass_rate;
  if (delta)
    lines.push(
      `  delta (${pair.candidate} - ${pair.baseline}) pass ` +
        `rate ${String(delta.pass_rate)}${ci ? ` (95% CI ${ci.low.toFixed(2)} to ${ci.high.toFixed(2)})` : ''}, ` +
        `time ${String(delta.time_seconds)} s, tokens ${String(delta.tokens)}`,
    );
  const nonDiscriminating = r.discrimination.filter((d) => d.discriminating === false).length;
  lines.push(
    `  ${nonDiscriminating} of ${r.discrimination.length} expectations do not discriminate; ${r.flaky.length} ` +
      `flaky eval(s); ${r.excluded.length} run(s) excluded`,
  );
  const notRun = r.excluded.filter((x) => x.reason === 'not_run').length;
  if (notRun > 0)
    lines.push(
      `  ${notRun} planned run(s) not run or cut short: these figures cover part of the iteration (make them ` +
        `with evals run --resume)`,
    );
  lines.push(`  ${analystLine}`);
  return `${lines.join('\n')}\n`;
}

export function registerAggregateCommand(evals: Command, ctx: EvalsCommandContext): void {
  withJudgeFlags(
    evals
      .command('aggregate')
      .description(
        'benchmark.json + benchmark.md for an iteration: per-configuration stats, delta (candidate - baseline) ' +
          'with bootstrap CI, discrimination, flaky evals, analyst notes',
      )
      .argument('<workspace>', 'a workspace (its latest iteration), or any folder laid out like an iteration'),
  )
    .option('--iteration <n>', 'aggregate iteration-N of the workspace', whole('--iteration'))
    .option('--candidate <name>', 'the candidate configuration (default with_skill)')
    .option('--baseline <name>', 'the baseline configuration (default the other one: without_skill or old_skill)')
    .option('--skill-name <name>', 'metadata.skill_name (default from run.json or the workspace name)')
    .option(
      '--flaky-threshold <sd>',
      "sample sd of an eval's run pass rates above which it is flaky",
      fraction('--flaky-threshold'),
    )
    .option('--seed <n>', 'seed of the bootstrap resampling', whole('--seed'))
    .option('--no-analyst', 'deterministic notes only (no model call)')
    .action(async (workspace: string, flags: AggregateFlags) => {
      const folder = resolveIterationFolder(workspace, flags.iteration);
      let analyst: AnalystJudge | undefined;
      let analystLine = 'analyst: deterministic notes only (--no-analyst)';
      if (flags.analyst) {
        const choice = await evalsJudge(flags, ctx.configFile(), 'optional');
        if (choice.judge === undefined) analystLine = `analyst: deterministic notes only: ${choice.reason}`;
        else analyst = { provider: choice.judge.provider, model: choice.judge.model };
      }
      let result: AggregateIterationResult;
      try {
        result = await aggregateIteration(folder, {
          ...(flags.candidate !== undefined ? { candidate: flags.candidate } : {}),
          ...(flags.baseline !== undefined ? { baseline: flags.baseline } : {}),
          ...(flags.skillName !== undefined ? { skillName: flags.skillName } : {}),
          ...(flags.flakyThreshold !== undefined ? { flakyThreshold: flags.flakyThreshold } : {}),
          ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
          ...(analyst ? { analyst } : {}),
          ...(ctx.ui.signal ? { signal: ctx.ui.signal } : {}),
        });
      } catch (error) {
        reportNotMeasured(error, 'aggregate', ctx);
        return;
      }
      if (result.analyst.model !== undefined)
        analystLine = `analyst: deterministic notes and ${result.analyst.model}'s (marked "Analyst model:")`;
      if (result.analyst.error !== undefined) {
        analystLine = `analyst: deterministic notes only: the analyst model failed: ${result.analyst.error}`;
        ctx.ui.stderr(`plugin-eval: evals aggregate: warning: ${analystLine}`);
      }
      ctx.ui.stdout(
        renderSummary(flags.output, aggregateSummary(result, analystLine), () => textReport(result, analystLine)),
      );
      if (result.measurement.status === 'partial') ctx.setExit(EXIT.NOT_MEASURED);
    });
}
