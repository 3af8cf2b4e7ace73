/**
 * benchmark.json turned into the Benchmark tab's tables: the per-configuration summary (mean +- sd) with the
 * delta and its interval when the file has one, a table per eval, the per-expectation pass grid, the analyst's
 * notes, and the fields beyond skill-creator's format (discrimination, flaky_evals) shown as they are.
 */
import { z } from 'zod';
import {
  type Benchmark,
  type BenchmarkRun,
  DeltaInterval,
  deltaValue,
  formatDelta,
  Stat,
} from '../../evals/schemas/benchmark.js';
import type { BenchmarkView, CellView, TableView } from './model.js';

export const METRICS = [
  { key: 'pass_rate', label: 'pass rate', digits: 2, unit: '' },
  { key: 'time_seconds', label: 'time', digits: 1, unit: ' s' },
  { key: 'tokens', label: 'tokens', digits: 0, unit: '' },
] as const;

const ConfigurationStats = z.object({ pass_rate: Stat, time_seconds: Stat, tokens: Stat }).loose();
/** `delta_ci` is either one interval (for the pass rate) or one per metric. */
const DeltaIntervals = z.union([
  DeltaInterval.transform((ci): Record<string, z.infer<typeof DeltaInterval>> => ({ pass_rate: ci })),
  z.record(z.string(), DeltaInterval),
]);

const fixed = (value: number, digits: number): string => value.toFixed(digits);
const ORDER_FIRST = 'with_skill';

type ConfigurationEntry = { name: string; stats: z.infer<typeof ConfigurationStats> };

/** Configurations in the order the file lists them. */
function configurationsInFileOrder(benchmark: Benchmark): ConfigurationEntry[] {
  const found: { name: string; stats: z.infer<typeof ConfigurationStats> }[] = [];
  for (const [name, value] of Object.entries(benchmark.run_summary)) {
    if (name === 'delta' || name === 'delta_ci') continue;
    const stats = ConfigurationStats.safeParse(value);
    if (stats.success) found.push({ name, stats: stats.data });
  }
  return found;
}

/** The skill's own configuration first, as skill-creator's viewer shows it. */
const configurationsOf = (benchmark: Benchmark): ConfigurationEntry[] =>
  configurationsInFileOrder(benchmark).sort((a, b) => Number(b.name === ORDER_FIRST) - Number(a.name === ORDER_FIRST));

/**
 * Which way the delta was taken, read from the numbers rather than assumed: skill-creator's aggregator subtracts
 * the second configuration (alphabetically) from the first, so `old_skill` vs `with_skill` comes out reversed.
 * The label names the order that reproduces the pass-rate delta from the means, or none when neither does.
 */
function deltaDirection(configs: ConfigurationEntry[], passRateDelta: number): string {
  if (configs.length !== 2) return '';
  const [a, b] = configs as [ConfigurationEntry, ConfigurationEntry];
  const diff = a.stats.pass_rate.mean - b.stats.pass_rate.mean;
  // The delta is written with two decimals: allow its rounding.
  const close = (x: number): boolean => Math.abs(x - passRateDelta) <= 0.006;
  if (close(diff) && !close(-diff)) return `${a.name} − ${b.name}: `;
  if (close(-diff) && !close(diff)) return `${b.name} − ${a.name}: `;
  return '';
}

function summaryTable(benchmark: Benchmark): TableView {
  const rows = configurationsOf(benchmark).map(({ name, stats }) => {
    const runs = benchmark.runs.filter((r) => r.configuration === name).length;
    return [
      name,
      String(runs),
      ...METRICS.map((m) => `${fixed(stats[m.key].mean, m.digits)} ± ${fixed(stats[m.key].stddev, m.digits)}${m.unit}`),
    ];
  });
  return {
    caption: 'Summary per configuration (mean ± standard deviation over runs)',
    headers: ['configuration', 'runs', ...METRICS.map((m) => m.label)],
    rows,
  };
}

function deltaLines(benchmark: Benchmark): string[] {
  const delta = benchmark.run_summary.delta;
  if (delta === undefined) return [];
  const intervals = DeltaIntervals.safeParse(benchmark.run_summary.delta_ci);
  const parts = METRICS.map((m) => {
    const value = delta[m.key];
    // Strings are written as the file has them ("+0.50"); numbers get the signed form of skill-creator's schemas.
    const shown = typeof value === 'number' ? formatDelta(value, m.digits) : String(value);
    const ci = intervals.success ? intervals.data[m.key] : undefined;
    const interval = ci
      ? ` (${Math.round(ci.level * 100)}% CI ${formatDelta(ci.low, m.digits)} to ${formatDelta(ci.high, m.digits)})`
      : '';
    return `${m.label} ${shown}${m.unit}${interval}`;
  });
  const between = deltaDirection(configurationsInFileOrder(benchmark), deltaValue(delta.pass_rate));
  return [`Delta ${between}${parts.join(', ')}`];
}

const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

/** One table per eval: a row per configuration with means over its runs. */
function perEvalTables(runs: BenchmarkRun[]): TableView[] {
  const byEval = groupBy(runs, (r) => `${r.eval_id}\u0000${r.eval_name}`);
  return [...byEval.values()].map((evalRuns) => {
    const first = evalRuns[0]!;
    const rows = [...groupBy(evalRuns, (r) => r.configuration).entries()].map(([configuration, rs]) => [
      configuration,
      String(rs.length),
      fixed(mean(rs.map((r) => r.result.pass_rate)), 2),
      `${rs.reduce((s, r) => s + r.result.passed, 0)}/${rs.reduce((s, r) => s + r.result.total, 0)}`,
      `${fixed(mean(rs.map((r) => r.result.time_seconds)), 1)} s`,
      fixed(mean(rs.map((r) => r.result.tokens)), 0),
      String(rs.reduce((s, r) => s + r.result.errors, 0)),
    ]);
    return {
      caption: `Eval ${first.eval_id}: ${first.eval_name}`,
      headers: ['configuration', 'runs', 'mean pass rate', 'expectations passed', 'mean time', 'mean tokens', 'errors'],
      rows,
    };
  });
}

const toneOf = (passed: number, total: number): 'pass' | 'fail' | 'mixed' | 'none' =>
  total === 0 ? 'none' : passed === total ? 'pass' : passed === 0 ? 'fail' : 'mixed';

/** Per eval: a row per expectation, a column per configuration, each cell "passed/runs". */
function expectationGrids(runs: BenchmarkRun[]): TableView[] {
  const grids: TableView[] = [];
  for (const evalRuns of groupBy(runs, (r) => `${r.eval_id}\u0000${r.eval_name}`).values()) {
    const configs = [...new Set(evalRuns.map((r) => r.configuration))];
    const texts = [...new Set(evalRuns.flatMap((r) => r.expectations.map((e) => e.text)))];
    if (texts.length === 0) continue;
    const rows = texts.map((text): CellView[] => [
      text,
      ...configs.map((configuration): CellView => {
        const graded = evalRuns
          .filter((r) => r.configuration === configuration)
          .flatMap((r) => r.expectations.filter((e) => e.text === text));
        const passed = graded.filter((e) => e.passed).length;
        return { text: graded.length === 0 ? '—' : `${passed}/${graded.length}`, tone: toneOf(passed, graded.length) };
      }),
    ]);
    const first = evalRuns[0]!;
    grids.push({
      caption: `Eval ${first.eval_id}: ${first.eval_name}: runs passing each expectation`,
      headers: ['expectation', ...configs],
      rows,
    });
  }
  return grids;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : fixed(value, 3);
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Any JSON value as a table: a list of strings, a list of records, or one record as key and value. */
export function tableOfValue(caption: string, value: unknown): TableView {
  if (Array.isArray(value)) {
    if (value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))) {
      const headers = [...new Set(value.flatMap((v) => Object.keys(v as object)))];
      return {
        caption,
        headers,
        rows: value.map((v) => headers.map((h) => cellText((v as Record<string, unknown>)[h]))),
      };
    }
    return { caption, headers: ['value'], rows: value.map((v) => [cellText(v)]) };
  }
  if (value !== null && typeof value === 'object')
    return { caption, headers: ['key', 'value'], rows: Object.entries(value).map(([k, v]) => [k, cellText(v)]) };
  return { caption, headers: ['value'], rows: [[cellText(value)]] };
}

const EXTRA_FIELDS = ['discrimination', 'flaky_evals'] as const;

/** The Benchmark tab's content. Delta values are not recomputed: the page shows what the file says. */
export function benchmarkView(benchmark: Benchmark): BenchmarkView {
  const record = benchmark as Record<string, unknown>;
  const extras = EXTRA_FIELDS.flatMap((field) => {
    const value = record[field] ?? (benchmark.run_summary as Record<string, unknown>)[field];
    return value === undefined ? [] : [tableOfValue(field.replace('_', ' '), value)];
  });
  return {
    skillName: benchmark.metadata.skill_name,
    summary: summaryTable(benchmark),
    delta: deltaLines(benchmark),
    perEval: perEvalTables(benchmark.runs),
    grid: expectationGrids(benchmark.runs),
    notes: benchmark.notes,
    extras,
  };
}
