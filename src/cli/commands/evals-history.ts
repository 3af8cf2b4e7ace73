/** `plugin-eval evals history WORKSPACE`: history.json from every iteration's benchmark.json (src/evals/history.ts). */
import { Option, type Command } from 'commander';
import { numberOption } from '../../config/numbers.js';
import { buildHistory, historySummary } from '../../evals/history.js';
import type { EvalsCommandContext } from './evals.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS, renderSummary } from '../../reporters/summary-output.js';

interface HistoryFlags {
  margin?: number;
  seed?: number;
  output: 'text' | 'json';
}

const number = (flag: string, max: number) => numberOption(flag, { min: 0, max });

export function registerHistoryCommand(evals: Command, ctx: EvalsCommandContext): void {
  evals
    .command('history')
    .description(
      'history.json at the workspace root: v0 baseline, each iteration won/lost/tie against the current best ' +
        '(bootstrap CI), current_best',
    )
    .argument('<workspace>', 'the workspace (holds iteration-N folders with benchmark.json)')
    .option(
      '--margin <x>',
      'with fewer than 2 runs a side: a pass-rate difference within this is a tie (default 0.05)',
      number('--margin', 1),
    )
    .option('--seed <n>', 'seed of the bootstrap resampling', number('--seed', 0xffffffff))
    .addOption(
      new Option('--output <format>', 'what to print').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT),
    )
    .action(async (workspace: string, flags: HistoryFlags) => {
      const r = await buildHistory(workspace, {
        ...(flags.margin !== undefined ? { margin: flags.margin } : {}),
        ...(flags.seed !== undefined ? { seed: Math.floor(flags.seed) } : {}),
      });
      ctx.ui.stdout(renderSummary(flags.output, historySummary(r), () => historyText(r)));
    });
}

/** The history as text: one line per iteration, and the iterations left out. */
function historyText(r: Awaited<ReturnType<typeof buildHistory>>): string {
  const lines = r.history.iterations.map((it) => {
    const e = it as typeof it & {
      compared_with?: string;
      difference?: number;
      ci?: { low: number; high: number };
      runs_not_run?: number;
    };
    const against =
      e.compared_with !== undefined
        ? ` ` +
          `vs ${e.compared_with}: ${e.difference! >= 0 ? '+' : ''}${e.difference!.toFixed(2)}${e.ci ? ` (95% CI ${e.ci.low.toFixed(2)} to ${e.ci.high.toFixed(2)})` : ''}`
        : '';
    return (
      `  ${it.version.padEnd(4)} ${it.grading_result.padEnd(8)} pass ` +
      `rate ${it.expectation_pass_rate.toFixed(2)}${against}${it.is_current_best ? '  <- current best' : ''}${e.runs_not_run ? `  (partial: ${e.runs_not_run} planned run(s) not run; never the current best until made with evals run --resume)` : ''}`
    );
  });
  const skipped =
    r.skipped.length > 0
      ? [`  (no benchmark.json, not in the history: ${r.skipped.map((n) => `iteration-${n}`).join(', ')})`]
      : [];
  return `wrote ${r.file}\n${[...lines, ...skipped].join('\n')}\n`;
}
