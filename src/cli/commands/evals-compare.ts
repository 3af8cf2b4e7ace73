/**
 * `plugin-eval evals compare A B`: the blind comparator and the post-hoc analyzer (src/evals/compare*.ts, analyze.ts).
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { numberOption } from '../../config/numbers.js';
import { UsageError } from '../../errors.js';
import { compareRuns, compareSummary, type CompareRunsResult } from '../../evals/compare/compare-runs.js';
import { readJsonAs } from '../../evals/json-files.js';
import type { EvalsCommandContext } from './evals.js';
import { evalsJudge, reportNotMeasured, withJudgeFlags, type JudgeFlags } from '../evals-judge.js';
import { renderSummary } from '../../reporters/summary-output.js';

interface CompareFlags extends JudgeFlags {
  prompt?: string;
  expectations?: string;
  seed?: number;
  singlePass?: boolean;
  skillA?: string;
  skillB?: string;
  analyzer: boolean;
  out?: string;
  output: 'text' | 'json';
}

const ExpectationList = z.array(z.string().min(1)).min(1);

const seedOf = numberOption('--seed', { whole: true, min: 0, max: 0xffffffff });

function textReport(r: CompareRunsResult): string {
  const c = r.comparison;
  const blind = c.blind as { A: string; seed: number; winner_source: string } | undefined;
  const lines = [
    `winner: ${c.winner}${blind ? ` (decided by ${blind.winner_source}; blind seed ${blind.seed}, the caller's ${blind.A} was shown first as "A")` : ''}`,
    `  A overall ${c.rubric.A.overall_score}/10 (content ${c.rubric.A.content_score}, ` +
      `structure ${c.rubric.A.structure_score})`,
    `  B overall ${c.rubric.B.overall_score}/10 (content ${c.rubric.B.content_score}, ` +
      `structure ${c.rubric.B.structure_score})`,
    `wrote ${r.files.comparison}`,
    r.files.analysis !== undefined ? `wrote ${r.files.analysis}` : `no analysis.json: ${r.analysisSkipped ?? ''}`,
  ];
  return `${lines.join('\n')}\n`;
}

export function registerCompareCommand(evals: Command, ctx: EvalsCommandContext): void {
  withJudgeFlags(
    evals
      .command('compare')
      .description('blind A/B comparison of two runs (comparison.json), then the post-hoc analyzer (analysis.json)')
      .argument('<a>', 'run folder (or its outputs/ folder)')
      .argument('<b>', 'run folder (or its outputs/ folder)'),
  )
    .option('--prompt <text>', 'the task (default: eval_metadata.json beside the runs)')
    .option(
      '--expectations <file>',
      'JSON array of expectation texts for the comparator (default: the texts in grading.json)',
    )
    .option('--seed <n>', 'seed of the blind A/B assignment (default: random, recorded in comparison.json)', seedOf)
    .option('--single-pass', 'judge the drawn order only (default: both orders, a disagreement is a TIE)')
    .option('--skill-a <dir>', "A's skill folder (or SKILL.md), for the analyzer (default: run.json's skill_path)")
    .option('--skill-b <dir>', "B's skill folder (or SKILL.md), for the analyzer")
    .option('--no-analyzer', 'write comparison.json only')
    .option('--out <dir>', "where comparison.json and analysis.json go (default: the folder holding A's run)")
    .action(async (a: string, b: string, flags: CompareFlags) => {
      const expectations =
        flags.expectations !== undefined
          ? await readJsonAs(flags.expectations, ExpectationList, 'a JSON array of expectation texts')
          : undefined;
      const choice = await evalsJudge(flags, ctx.configFile(), 'required');
      if (choice.judge === undefined) throw new UsageError(choice.reason);
      const seed = flags.seed ?? globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
      let result: CompareRunsResult;
      try {
        result = await compareRuns(a, b, {
          provider: choice.judge.provider,
          model: choice.judge.model,
          seed,
          passes: flags.singlePass ? 1 : 2,
          analyze: flags.analyzer,
          ...(flags.prompt !== undefined ? { prompt: flags.prompt } : {}),
          ...(expectations !== undefined ? { expectations } : {}),
          ...(flags.skillA !== undefined ? { skillA: flags.skillA } : {}),
          ...(flags.skillB !== undefined ? { skillB: flags.skillB } : {}),
          ...(flags.out !== undefined ? { outDir: flags.out } : {}),
          ...(ctx.ui.signal ? { signal: ctx.ui.signal } : {}),
        });
      } catch (error) {
        reportNotMeasured(error, 'compare', ctx);
        return;
      }
      ctx.ui.stdout(renderSummary(flags.output, compareSummary(result), () => textReport(result)));
    });
}
