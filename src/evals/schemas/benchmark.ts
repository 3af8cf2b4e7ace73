/**
 * benchmark.json: the aggregate of an iteration. Field names are exactly skill-creator's, because skill-creator's
 * viewer reads them by name (`configuration`, `result.pass_rate`, ...). Deltas are written as signed strings ("+0.50");
 * numbers are accepted on input (the agentskills.io docs write them so).
 */
import { z } from 'zod';
import { GradedExpectation } from './grading.js';

export const Stat = z.object({ mean: z.number(), stddev: z.number(), min: z.number(), max: z.number() }).loose();
export type Stat = z.infer<typeof Stat>;

/** A bootstrap interval for a delta (beyond skill-creator's schemas). */
export const DeltaInterval = z
  .object({ low: z.number(), high: z.number(), level: z.number(), resamples: z.number().int() })
  .loose();

const Delta = z.union([z.string(), z.number()]);

export const BenchmarkRun = z
  .object({
    eval_id: z.number().int(),
    eval_name: z.string(),
    configuration: z.string(),
    run_number: z.number().int().min(1),
    result: z
      .object({
        pass_rate: z.number().min(0).max(1),
        passed: z.number().int().min(0),
        failed: z.number().int().min(0),
        total: z.number().int().min(0),
        time_seconds: z.number().min(0),
        tokens: z.number().min(0),
        tool_calls: z.number().int().min(0).default(0),
        errors: z.number().int().min(0).default(0),
      })
      .loose(),
    expectations: z.array(GradedExpectation).default([]),
    notes: z.array(z.string()).default([]),
  })
  .loose();
export type BenchmarkRun = z.infer<typeof BenchmarkRun>;

export const ConfigurationSummary = z.object({ pass_rate: Stat, time_seconds: Stat, tokens: Stat }).loose();

export const Benchmark = z
  .object({
    metadata: z
      .object({
        skill_name: z.string(),
        skill_path: z.string().optional(),
        executor_model: z.string().optional(),
        analyzer_model: z.string().optional(),
        timestamp: z.string(),
        evals_run: z.array(z.union([z.number(), z.string()])),
        runs_per_configuration: z.number().int().min(0),
      })
      .loose(),
    runs: z.array(BenchmarkRun),
    run_summary: z
      .object({
        delta: z.object({ pass_rate: Delta, time_seconds: Delta, tokens: Delta }).loose().optional(),
      })
      .catchall(z.unknown()),
    notes: z.array(z.string()).default([]),
    measurement: z
      .object({
        status: z.enum(['complete', 'partial']),
        gaps: z.array(z.string()).describe('One sentence per eval and configuration without a graded run'),
      })
      .optional()
      .describe(
        'Beyond skill-creator: partial (exit 3) when an eval has no graded run in a compared configuration; the ' +
          'figures then cover only the evals measured',
      ),
  })
  .loose()
  .meta({
    id: 'Benchmark',
    title: 'benchmark.json',
    description: 'Per-run results and per-configuration statistics of one iteration (skill-creator benchmark format)',
  });
export type Benchmark = z.infer<typeof Benchmark>;

/** A delta as skill-creator's schemas write it: a sign always, `digits` decimals. */
export function formatDelta(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  // A value that rounds to zero is written "+0.00", never "-0.00".
  return Number(fixed) === 0 ? `+${fixed.replace('-', '')}` : value > 0 ? `+${fixed}` : fixed;
}

/** A delta read from either form. */
export function deltaValue(delta: string | number): number {
  return typeof delta === 'number' ? delta : Number(delta);
}
