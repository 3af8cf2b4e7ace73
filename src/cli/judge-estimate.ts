/**
 * The judge layer's planned calls and cost on stderr (`score --dry-run` at standard depth, and beside Monte Carlo's).
 */
import { estimateJudgeLayer } from '../judge/estimate.js';
import type { JudgeSetup } from '../pipeline/options.js';
import { formatCost } from '../providers/pricing.js';
import { countSkills } from './monte-carlo-options.js';

export async function judgeEstimateLines(input: {
  paths: readonly string[];
  judge: JudgeSetup | undefined;
  samples: number;
  maxCostUsd: number | undefined;
  dryRun: boolean;
}): Promise<string[]> {
  const done = input.dryRun ? ['plugin-eval: dry run: no model was called'] : [];
  if (input.judge === undefined)
    return ['plugin-eval: judge plan: no judge provider, so the judge layer will not run', ...done];
  const skills = await countSkills(input.paths);
  const models = input.judge.judgeModels ?? [input.judge.model];
  const e = estimateJudgeLayer({ skills, models, samples: input.samples });
  const cap = input.maxCostUsd !== undefined ? `; --max-cost ${formatCost(input.maxCostUsd, 2)} stops it sooner` : '';
  return [
    `plugin-eval: judge plan: ${skills} skill${skills === 1 ? '' : 's'} ` +
      `x ${models.length * Math.max(1, input.samples)} judge(s) (${models.join(', ')}) = up to ${e.calls} model ` +
      `calls`,
    `plugin-eval: judge estimated ` +
      `cost ${e.costUsd === null ? 'unknown (a judge model has no price)' : `about ${formatCost(e.costUsd, 2)}`} ` +
      `(${e.assumptions})${cap}`,
    ...done,
  ];
}
