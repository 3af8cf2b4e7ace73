/** benchmark.md: the benchmark as a person reads it, every figure taken from benchmark.json (nothing recomputed). */
import type { DiscriminationRow, FlakyEval } from './aggregate.js';
import { METRICS } from './benchmark-stats.js';
import type { Benchmark } from '../schemas/index.js';

type FileStat = { mean: number; stddev: number; min: number; max: number; n?: number; measured?: boolean };
type FileInterval = { low: number; high: number; level: number };

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const LABEL: Record<string, string> = { pass_rate: 'pass rate', time_seconds: 'time (s)', tokens: 'tokens' };
const DIGITS: Record<string, number> = { pass_rate: 2, time_seconds: 1, tokens: 0 };

function stat(s: FileStat | undefined, metric: string): string {
  if (s === undefined || s.measured === false) return 'not measured';
  const d = DIGITS[metric] ?? 2;
  return `${s.mean.toFixed(d)} ± ${s.stddev.toFixed(d)} (${s.min.toFixed(d)}–${s.max.toFixed(d)})`;
}

function summaryTable(b: Benchmark, configurations: string[]): string[] {
  const delta = b.run_summary.delta as Record<string, string | number> | undefined;
  const ci = (b.run_summary.delta_ci ?? {}) as Record<string, FileInterval | undefined>;
  const head = ['metric', ...configurations, ...(delta ? ['delta', '95% CI of delta'] : [])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const metric of METRICS) {
    const stats = configurations.map((c) =>
      stat((b.run_summary[c] as Record<string, FileStat> | undefined)?.[metric], metric),
    );
    const d = DIGITS[metric] ?? 2;
    const interval = ci[metric] ? `${ci[metric].low.toFixed(d)} to ${ci[metric].high.toFixed(d)}` : '—';
    lines.push(
      `| ${LABEL[metric]} | ${stats.join(' | ')}${delta ? ` | ${String(delta[metric])} | ${interval}` : ''} |`,
    );
  }
  return lines;
}

function perEvalTable(b: Benchmark, configurations: string[]): string[] {
  const evals = [...new Map(b.runs.map((r) => [r.eval_id, r.eval_name])).entries()].sort((x, y) => x[0] - y[0]);
  const lines = [`| eval | ${configurations.join(' | ')} |`, `|---|${configurations.map(() => '---').join('|')}|`];
  for (const [id, name] of evals) {
    const cells = configurations.map((c) => {
      const rates = b.runs.filter((r) => r.eval_id === id && r.configuration === c).map((r) => r.result.pass_rate);
      if (rates.length === 0) return '—';
      const m = rates.reduce((s, x) => s + x, 0) / rates.length;
      return `${m.toFixed(2)} (${rates.map((x) => x.toFixed(2)).join(', ')})`;
    });
    lines.push(`| ${id} ${cell(name)} | ${cells.join(' | ')} |`);
  }
  return lines;
}

function discriminationTable(
  rows: readonly DiscriminationRow[],
  candidate: string,
  baseline: string | undefined,
): string[] {
  if (rows.length === 0) return ['No graded expectations.'];
  const lines = [
    `| eval | expectation | ${candidate} | ${baseline ?? 'baseline'} | verdict |`,
    '|---|---|---|---|---|',
  ];
  const side = (s: { passed: number; runs: number } | null) => (s === null ? '—' : `${s.passed}/${s.runs}`);
  const verdict = {
    passes_in_both: 'passes in both: measures nothing',
    fails_in_both: 'fails in both: measures nothing',
    discriminating: 'discriminates',
    one_configuration: 'graded in one configuration only',
  };
  for (const r of [...rows].sort((x, y) => x.eval_id - y.eval_id))
    lines.push(
      `| ${r.eval_id} | ${cell(r.text)} | ${side(r.candidate)} | ${side(r.baseline)} | ${verdict[r.verdict]} |`,
    );
  return lines;
}

function flakyTable(rows: readonly FlakyEval[], threshold: unknown): string[] {
  if (rows.length === 0) return [`None (no eval's pass-rate sd across runs is above ${String(threshold)}).`];
  return [
    '| eval | configuration | runs | pass rates | mean ± sd |',
    '|---|---|---|---|---|',
    ...rows.map(
      (f) =>
        `| ${f.eval_id} ${cell(f.eval_name)} | ${f.configuration} | ${f.runs} ` +
        `| ${f.pass_rates.map((x) => x.toFixed(2)).join(', ')} | ${f.mean.toFixed(2)} ± ${f.stddev.toFixed(2)} |`,
    ),
  ];
}

export function renderBenchmarkMarkdown(b: Benchmark): string {
  const m = b.metadata as Benchmark['metadata'] & {
    candidate_configuration?: string;
    baseline_configuration?: string;
    flaky_stddev_threshold?: number;
  };
  const candidate = m.candidate_configuration ?? 'with_skill';
  const baseline = m.baseline_configuration;
  const configurations = [
    candidate,
    ...(baseline !== undefined ? [baseline] : []),
    ...Object.keys(b.run_summary).filter((k) => k !== candidate && k !== baseline && k !== 'delta' && k !== 'delta_ci'),
  ];
  const excluded = (b.excluded ?? []) as {
    eval_id: number;
    configuration: string;
    run_number: number;
    reason: string;
    detail: string;
  }[];
  const out = [
    `# Benchmark: ${m.skill_name}`,
    '',
    `${m.timestamp} · evals ${m.evals_run.join(', ')} · ${m.runs_per_configuration} run(s) per configuration · ` +
      `candidate ${candidate}${baseline !== undefined ? `, baseline ${baseline} (delta = candidate − baseline)` : ''}${m.executor_model ? ` · executor ${m.executor_model}` : ''}`,
    '',
    ...(b.measurement?.status === 'partial'
      ? [`> **Partial: ${cell(b.measurement.gaps.join('; '))}.** The figures cover only the evals measured.`, '']
      : []),
    '## Summary (mean ± sample sd, min–max, over every measured run)',
    '',
    ...summaryTable(b, configurations),
    '',
    '## Per eval (mean pass rate, and each run)',
    '',
    ...perEvalTable(b, configurations),
    '',
    '## Discrimination (per expectation: runs passed / runs graded)',
    '',
    ...discriminationTable((b.discrimination ?? []) as DiscriminationRow[], candidate, baseline),
    '',
    '## Flaky evals',
    '',
    ...flakyTable((b.flaky_evals ?? []) as FlakyEval[], m.flaky_stddev_threshold),
    '',
  ];
  if (excluded.length > 0) {
    out.push(
      '## Excluded runs (in no statistic)',
      '',
      ...excluded.map(
        (r) => `- eval ${r.eval_id} ${r.configuration} run ${r.run_number}: ${r.reason} (${cell(r.detail)})`,
      ),
      '',
    );
  }
  out.push('## Notes', '', ...(b.notes.length > 0 ? b.notes.map((n) => `- ${cell(n)}`) : ['None.']), '');
  return out.join('\n');
}
