/**
 * The analyst's notes on a benchmark. Deterministic observations always (each a plain sentence computed from the
 * figures: a reader can check every one); then, when a judge is available, the analyzer role's benchmark mode as one
 * structured call, its sentences marked as the model's so nobody mistakes them for measurements.
 */
import { z } from 'zod';
import { dataNotInstructions, wrapUntrusted } from '../../judge/envelope.js';
import type { Provider } from '../../providers/index.js';
import type { IterationRuns } from './aggregate-read.js';
import type { ConfigurationPair, DiscriminationRow, FlakyEval } from './aggregate.js';
import type { Metric, MetricStat } from './benchmark-stats.js';
import type { Benchmark } from '../schemas/index.js';

/** A run this many times the median of its configuration (time or tokens) is called an outlier. */
export const OUTLIER_FACTOR = 3;
/** The prefix every model-written note carries in benchmark.json's notes. */
export const MODEL_NOTE_PREFIX = 'Analyst model: ';

export interface NoteInput {
  read: IterationRuns;
  pair: ConfigurationPair;
  summary: Record<string, Record<Metric, MetricStat>>;
  discrimination: DiscriminationRow[];
  flaky: FlakyEval[];
  threshold: number;
  ragged: string | undefined;
  deltaNotes: string[];
  benchmark: Benchmark;
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function headline(input: NoteInput): string[] {
  const { pair, benchmark } = input;
  if (pair.baseline === undefined)
    return [
      `Only one configuration (${pair.candidate}) was run: there is no baseline to compare against, so no delta.`,
    ];
  const delta = benchmark.run_summary.delta!;
  const ci = (benchmark.run_summary.delta_ci ?? {}) as Record<string, { low: number; high: number } | undefined>;
  const interval = ci.pass_rate
    ? ` (95% bootstrap CI ${ci.pass_rate.low.toFixed(2)} ` +
      `to ${ci.pass_rate.high.toFixed(2)}${ci.pass_rate.low <= 0 && ci.pass_rate.high >= 0 ? ', which includes 0' : ''})`
    : '';
  return [
    `${pair.candidate} minus ${pair.baseline}: pass rate ${delta.pass_rate}${interval}, ` +
      `time ${delta.time_seconds} s, tokens ${delta.tokens}.`,
  ];
}

function expectationNotes(input: NoteInput): string[] {
  const { pair } = input;
  const notes: string[] = [];
  for (const row of input.discrimination) {
    const where = `(eval ${row.eval_id}, ${row.eval_name})`;
    if (row.verdict === 'passes_in_both')
      notes.push(
        `Expectation "${row.text}" ${where} passes in every run of both ${pair.candidate} and ${pair.baseline}: ` +
          `it does not tell the configurations apart.`,
      );
    else if (row.verdict === 'fails_in_both')
      notes.push(
        `Expectation "${row.text}" ${where} fails in every run of both ${pair.candidate} and ${pair.baseline}: ` +
          `it measures nothing as written (too hard, or graded wrongly).`,
      );
    else if (row.candidate.passed === 0)
      notes.push(`Expectation "${row.text}" ${where} fails in every ${pair.candidate} run (0/${row.candidate.runs}).`);
  }
  return notes;
}

function flakyNotes(input: NoteInput): string[] {
  return input.flaky.map(
    (f) =>
      `Eval ${f.eval_id} (${f.eval_name}) varies across ${f.configuration} runs: pass rate ${pct(f.mean)} ` +
      `± ${pct(f.stddev)} over ${f.runs} runs (sd above ${input.threshold}); it may be flaky or model-dependent.`,
  );
}

function outlierNotes(input: NoteInput): string[] {
  const notes: string[] = [];
  for (const configuration of Object.keys(input.summary)) {
    const runs = input.read.measured.filter((r) => r.configuration === configuration);
    for (const [metric, unit, valueOf] of [
      ['time', ' s', (r: (typeof runs)[number]) => r.timeSeconds],
      ['tokens', '', (r: (typeof runs)[number]) => r.tokens],
    ] as const) {
      const values = runs.flatMap((r) => (valueOf(r) === undefined ? [] : [valueOf(r)!]));
      if (values.length < 3) continue;
      const m = median(values);
      for (const r of runs) {
        const v = valueOf(r);
        if (v !== undefined && m > 0 && v > OUTLIER_FACTOR * m)
          notes.push(
            `Eval ${r.evalId} (${r.evalName}) ${configuration} ` +
              `run ${r.runNumber}: ${metric} ${round1(v)}${unit} is more than ${OUTLIER_FACTOR} times ` +
              `the ${configuration} median (${round1(m)}${unit}).`,
          );
      }
    }
  }
  return notes;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

function coverageNotes(input: NoteInput): string[] {
  const notes: string[] = [];
  const { excluded, assignedIds } = input.read;
  const infra = excluded.filter((r) => r.reason === 'infra');
  const ungraded = excluded.filter((r) => r.reason === 'ungraded');
  const list = (rs: typeof excluded) =>
    rs.map((r) => `eval ${r.evalId} ${r.configuration} run ${r.runNumber}`).join(', ');
  if (infra.length > 0)
    notes.push(
      `${infra.length} run(s) ended in an infrastructure failure and are left out of every statistic (not ` +
        `counted as failures): ${list(infra)}.`,
    );
  if (ungraded.length > 0) notes.push(`${ungraded.length} run(s) have no grading and are left out: ${list(ungraded)}.`);
  const notRun = excluded.filter((r) => r.reason === 'not_run');
  if (notRun.length > 0)
    notes.push(
      `${notRun.length} planned run(s) were not run or were cut short, so these figures cover part of the ` +
        `iteration only: ${list(notRun)}. Make them with evals run --resume, then aggregate again.`,
    );
  for (const a of assignedIds)
    notes.push(
      `Eval folder ${a.folder} has no eval_metadata.json and no number in its name: it is eval ${a.evalId} here.`,
    );
  for (const [configuration, stats] of Object.entries(input.summary)) {
    const runs = stats.pass_rate.n;
    if (stats.tokens.n < runs)
      notes.push(
        `${configuration}: ${runs - stats.tokens.n} of ${runs} runs have no total_tokens in timing.json; token ` +
          `statistics are over the other ${stats.tokens.n}.`,
      );
    if (stats.time_seconds.n < runs)
      notes.push(
        `${configuration}: ${runs - stats.time_seconds.n} of ${runs} runs have no recorded time; time ` +
          `statistics are over the other ${stats.time_seconds.n}.`,
      );
  }
  if (input.ragged !== undefined) notes.push(input.ragged);
  return [...notes, ...input.deltaNotes];
}

/** Every observation that follows from the figures alone, as plain sentences. */
export function deterministicNotes(input: NoteInput): string[] {
  return [
    ...headline(input),
    ...expectationNotes(input),
    ...flakyNotes(input),
    ...outlierNotes(input),
    ...coverageNotes(input),
  ];
}

export const AnalystReply = z.array(z.string().min(1)).max(20);

const ANALYST_SYSTEM = [
  'You are the analyzer in a skill benchmark, in benchmark mode. You read the per-run results of an AI agent skill run',
  'with and without the skill (or against its previous version) and write short observations a skill author can ' +
    'act on:',
  'expectations that pass or fail in both configurations (they measure nothing), expectations that always fail, evals',
  'whose results vary a lot between runs (flaky), time and token costs against the pass-rate gain, and anything the',
  'aggregate statistics hide. Each observation is one plain sentence grounded in the figures given. Do not repeat the',
  'figures without saying what they mean. Reply with a JSON array of strings (at most 10).',
].join('\n');

/** What the model sees: the figures, not the outputs (they are in the runs' folders). */
function benchmarkDigest(benchmark: Benchmark): string {
  const { metadata, run_summary, notes } = benchmark;
  const runs = benchmark.runs.map((r) => ({
    eval: `${r.eval_id} ${r.eval_name}`,
    configuration: r.configuration,
    run: r.run_number,
    pass_rate: r.result.pass_rate,
    time_seconds: r.result.time_seconds,
    tokens: r.result.tokens,
    failed: r.expectations.filter((e) => !e.passed).map((e) => e.text),
  }));
  return JSON.stringify(
    {
      metadata,
      run_summary,
      discrimination: benchmark.discrimination,
      flaky_evals: benchmark.flaky_evals,
      deterministic_notes: notes,
      runs,
    },
    null,
    1,
  );
}

export interface ModelNotes {
  notes: string[];
  model: string;
}

/**
 * One structured call for the analyzer's notes. A reply that does not parse (after the provider's repair request)
 * is an error naming why: the caller decides whether that stops anything.
 */
export async function modelNotes(
  provider: Provider,
  model: string,
  benchmark: Benchmark,
  signal?: AbortSignal,
): Promise<ModelNotes> {
  const data = wrapUntrusted('BENCHMARK', benchmarkDigest(benchmark));
  const result = await provider.complete({
    model,
    system: `${ANALYST_SYSTEM}\n\n${dataNotInstructions([data])}`,
    messages: [
      {
        role: 'user',
        content:
          `The benchmark (expectation texts and notes come from the skill's evals and the agent's ` +
          `runs):\n${data.text}`,
      },
    ],
    schema: AnalystReply,
    schemaName: 'analyst_notes',
    maxTokens: 2048,
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) throw new Error(`the analyst model's reply was unusable: ${result.reason}`);
  return { notes: result.value.map((n) => `${MODEL_NOTE_PREFIX}${n}`), model: result.model || model };
}
