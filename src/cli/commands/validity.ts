/**
 * `plugin-eval validity DIR`: how well the scores rank skills by what they measurably do (src/validity/). A thin
 * shell: flags to options, progress on stderr, the report as text or JSON; the run itself loads only when asked for.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { numberOption } from '../../config/numbers.js';
import { UsageError } from '../../errors.js';
import { DEPTHS, METHODOLOGIES, type Depth, type Methodology } from '../../model/dimensions.js';
import { renderSummary, SUMMARY_OUTPUTS } from '../../reporters/summary-output.js';
import { visibleControls } from '../../util/text.js';
import { AGGREGATES, VALIDITY_DEFAULTS, type Aggregate } from '../../validity/options.js';
import { EXIT } from '../exit-codes.js';
import { progressBar } from '../io.js';
import type { Ui } from '../ui.js';

interface ValidityFlags {
  outcome?: string;
  fromLogs?: string;
  methodology?: Methodology;
  depth?: Depth;
  aggregate?: Aggregate;
  samples?: number;
  seed?: number;
  output?: 'text' | 'json';
}

const whole = (flag: string, min: number) => numberOption(flag, { whole: true, min });

export function registerValidityCommand(program: Command, ui: Ui, setExit: (code: number) => void): void {
  program
    .command('validity')
    .description(
      'how well scores rank skills by what they measurably do: Spearman and Kendall with bootstrap intervals, per ' +
        'methodology and dimension, on a folder of tasks (<task>/skills/<skill>/ + uplift.tsv) (docs/validity.md)',
    )
    .argument('<dir>', 'folder of tasks in the SkillsBench layout')
    .option('--outcome <column>', 'the outcome column of uplift.tsv (default: uplift_pp)')
    .option(
      '--from-logs <path>',
      "people's mean rating per skill in the execution logs (a logs folder or one log file) as the outcome instead",
    )
    .addOption(new Option('--methodology <name>', 'score with one methodology (default: both)').choices(METHODOLOGIES))
    .addOption(new Option('--depth <depth>', 'layers to score with (default: quick)').choices(DEPTHS))
    .addOption(
      new Option('--aggregate <how>', "how a task's skill scores make one (default: mean)").choices(AGGREGATES),
    )
    .option('--samples <n>', `bootstrap resamples (default: ${VALIDITY_DEFAULTS.samples})`, whole('--samples', 100))
    .option(`--seed <n>`, `seed of the bootstrap resampling (default: ${VALIDITY_DEFAULTS.seed})`, whole('--seed', 0))
    .addOption(new Option('--output <format>').choices(SUMMARY_OUTPUTS).default('text'))
    .action(async (dir: string, flags: ValidityFlags) => {
      if (flags.fromLogs !== undefined && flags.outcome !== undefined)
        throw new UsageError('--outcome picks a column of uplift.tsv; with --from-logs the outcome is the ratings');
      if (flags.fromLogs !== undefined && flags.aggregate !== undefined)
        throw new UsageError('--aggregate combines the skills of a task; with --from-logs each skill is its own unit');
      const [{ validity }, { renderValidity }] = await Promise.all([
        import('../../validity/run.js'),
        import('../../validity/text.js'),
      ]);
      // The global --config file reaches the scoring (a judge's settings at deeper depths), as score's does.
      const configFile = program.opts<{ config?: string }>().config;
      const bar = progressBar(ui.stderrIsTTY && !ui.quiet);
      const report = await validity(dir, {
        ...(flags.outcome !== undefined ? { outcome: flags.outcome } : {}),
        ...(flags.fromLogs !== undefined ? { fromLogs: flags.fromLogs } : {}),
        ...(flags.methodology !== undefined ? { methodologies: [flags.methodology] } : {}),
        ...(flags.depth !== undefined ? { depth: flags.depth } : {}),
        ...(flags.aggregate !== undefined ? { aggregate: flags.aggregate } : {}),
        ...(flags.samples !== undefined ? { samples: flags.samples } : {}),
        ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
        scoreOptions: {
          ...(configFile !== undefined ? { config: configFile } : {}),
          ...(ui.signal ? { signal: ui.signal } : {}),
        },
        onProgress: (methodology, done, total, skill) => {
          bar.update(done, total, `${methodology}: ${visibleControls(skill)}`);
          if (done === total) {
            bar.finish();
            if (!ui.quiet)
              ui.stderr(`plugin-eval: validity: scored ${total} skill(s) with the ${methodology} methodology`);
          }
        },
      });
      bar.finish();
      ui.stdout(renderSummary(flags.output, report, () => renderValidity(report)));
      if (report.notMeasured > 0) {
        ui.stderr(
          `plugin-eval: validity: ${report.notMeasured} skill(s) left out because a layer could not measure them ` +
            '(infrastructure, not the skill): the figures cover the rest (exit 3)',
        );
        setExit(EXIT.NOT_MEASURED);
        return;
      }
      setExit(EXIT.OK);
    });
}
