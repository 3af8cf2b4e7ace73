/**
 * Closing the loop: the LLM judge rates logged executions that PEOPLE rated, on the same 1-5 scale and labels the
 * reviewer used (RATING_LABELS), and the two are compared: quadratic-weighted kappa on the 1-5 scale, Spearman, exact
 * and within-one agreement, the 5x5 confusion table. Users learn how far the automatic scores can be trusted for
 * their own skills.
 *
 * The judge sees only what the log recorded about the execution (skill, tool input, outcome, duration, error, output
 * preview), wrapped as untrusted data (judge/envelope.ts), never the person's rating, friction or notes. A judge call
 * that fails (provider error, unusable reply) leaves that execution unmeasured: listed apart, out of every metric.
 */
import { z } from 'zod';
import { dataNotInstructions, wrapUntrusted } from './envelope.js';
import { scoreDirectBatch } from './kit/direct.js';
import { CALIBRATION_THRESHOLDS, levelOf, worstLevel } from './kit/thresholds.js';
import { CallCost, Rubric, type CriterionInput } from './kit/schemas.js';
import { isSynthetic, RATING_LABELS, type LogEntry } from '../logs/schema.js';
import { sumUsage } from '../providers/pricing.js';
import type { Provider } from '../providers/index.js';
import { agreementRate, cohensKappa, spearman } from '../stats/index.js';

/** Below this many judged executions the agreement is not reported (exit 3): kappa on fewer is noise. */
export const MIN_RATED_FOR_CALIBRATION = 10;
/** Output preview and tool input are cut to this many characters in the judge's material. */
const MATERIAL_FIELD_CAP = 2000;
const SCALE = [1, 2, 3, 4, 5] as const;

export const EFFECTIVENESS_CRITERION: CriterionInput = {
  name: 'effectiveness',
  description: 'How effective this skill execution was, judged from what the log recorded about it',
  rubric: Rubric.parse({
    criterion: 'effectiveness',
    description: 'The rating a person gives a skill execution after reviewing it',
    scale: { min: 1, max: 5 },
    levels: SCALE.map((score) => {
      const [label, rest] = RATING_LABELS[score].split(' (');
      return { score, label: label!, description: rest!.replace(/\)$/, ''), characteristics: [] };
    }),
    scoringGuidelines: [
      'A failure outcome or an error usually means 1 or 2; a partial outcome usually 2 or 3.',
      'A success with a preview showing the goal reached is 4; 5 only when the record shows it did better than asked.',
      'Judge only from the record; when it says little, stay near the middle of the scale.',
    ],
  }),
};

const JUDGE_TASK = [
  'A person used an AI agent skill; the log below records one execution of it (the skill, the tool input, the',
  'outcome, the duration, any error and a preview of the output). Rate how effective this execution was, as the',
  'person who ran it would, on the rubric below.',
].join('\n');

function cap(text: string): string {
  return text.length > MATERIAL_FIELD_CAP
    ? `${text.slice(0, MATERIAL_FIELD_CAP)}\n... (cut at ${MATERIAL_FIELD_CAP} chars)`
    : text;
}

/** What the judge sees of one execution: the record only. */
export function executionMaterial(entry: LogEntry): string {
  const toolInput =
    entry.context.tool_input === undefined ? '(not logged)' : cap(JSON.stringify(entry.context.tool_input, null, 2));
  return [
    `skill: ${entry.skill}`,
    `outcome: ${entry.outcome}`,
    `duration: ${(entry.duration_ms / 1000).toFixed(1)} s`,
    `error: ${entry.error ?? '(none)'}`,
    `tool input:\n${toolInput}`,
    `output ` +
      `preview:\n${entry.context.output_preview === undefined ? '(not logged)' : cap(entry.context.output_preview)}`,
  ].join('\n');
}

export const LogCalibrationReport = z
  .object({
    kind: z.literal('log-calibration'),
    /** People's ratings found (non-synthetic, evaluator human). */
    rated: z.number().int(),
    syntheticExcluded: z.number().int(),
    /** Executions both rated and judged: the n of every metric. */
    n: z.number().int(),
    unmeasured: z.array(z.object({ invocationId: z.string(), skill: z.string(), reason: z.string() })),
    enough: z.boolean(),
    minRated: z.number().int(),
    metrics: z.object({
      weightedKappa: z.number().nullable(),
      spearman: z.number().nullable(),
      exactAgreement: z.number().nullable(),
      withinOne: z.number().nullable(),
      meanHuman: z.number().nullable(),
      meanJudge: z.number().nullable(),
    }),
    /** confusion[h-1][j-1]: executions a person rated h and the judge j. */
    confusion: z.array(z.array(z.number().int())),
    level: z.enum(['good', 'acceptable', 'concerning']).nullable(),
    verdict: z.string(),
    skills: z.array(z.object({ skill: z.string(), n: z.number().int(), meanHuman: z.number(), meanJudge: z.number() })),
    judge: z.object({ model: z.string(), provider: z.string() }),
    /** Null when no judge call was made (too few ratings). */
    cost: CallCost.nullable(),
  })
  .meta({
    id: 'LogCalibrationReport',
    title: 'judge calibration against logged human ratings',
    description: 'plugin-eval judge calibrate --from-logs',
  });
export type LogCalibrationReport = z.infer<typeof LogCalibrationReport>;

/** The executions calibration uses: rated by a person, not synthetic. */
export function ratedExecutions(entries: readonly LogEntry[]): { rated: LogEntry[]; syntheticExcluded: number } {
  const human = entries.filter(
    (e) => e.qualitative_evaluation !== null && e.qualitative_evaluation.evaluator === 'human',
  );
  const rated = human.filter((e) => !isSynthetic(e));
  return { rated, syntheticExcluded: human.length - rated.length };
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Metrics over (human, judge) pairs on the 1-5 scale; null where undefined (too few or constant ratings). */
export function agreementOf(human: readonly number[], judge: readonly number[]) {
  const safe = (f: () => number): number | null => {
    try {
      const v = f();
      return Number.isFinite(v) ? v : null;
    } catch {
      return null;
    }
  };
  const confusion = SCALE.map(() => SCALE.map(() => 0));
  human.forEach((h, i) => confusion[h - 1]![judge[i]! - 1]!++);
  return {
    metrics: {
      weightedKappa:
        human.length === 0 ? null : safe(() => cohensKappa(human, judge, { weights: 'quadratic', labels: SCALE })),
      spearman: human.length < 2 ? null : safe(() => spearman(human, judge).rho),
      exactAgreement: human.length === 0 ? null : safe(() => agreementRate(human, judge)),
      withinOne: human.length === 0 ? null : human.filter((h, i) => Math.abs(h - judge[i]!) <= 1).length / human.length,
      meanHuman: human.length === 0 ? null : mean(human),
      meanJudge: human.length === 0 ? null : mean(judge),
    },
    confusion,
  };
}

/** A plain sentence on how far to trust the judge, from the methodology's kappa and Spearman bands. */
export function verdictOf(
  n: number,
  kappa: number | null,
  rho: number | null,
  minRated: number,
): { level: LogCalibrationReport['level']; verdict: string } {
  if (n < minRated)
    return {
      level: null,
      verdict:
        `not measured: ${n} execution(s) both rated by a person and judged; at least ${minRated} are needed. Rate ` +
        `more executions (plugin-eval evaluate-skill) and run this again.`,
    };
  const level = worstLevel([
    kappa === null ? null : levelOf('kappa', kappa),
    rho === null ? null : levelOf('spearman', rho),
  ]);
  const small = n < 30 ? ` With n = ${n} the estimate is rough; it firms up past about 30 ratings.` : '';
  const bands = `(bands: kappa ${CALIBRATION_THRESHOLDS.kappa.rule}; Spearman ${CALIBRATION_THRESHOLDS.spearman.rule})`;
  if (level === 'good')
    return {
      level,
      verdict:
        `The judge agrees with your ratings for these skills: its scores can stand in for a review, with spot ` +
        `checks.${small} ${bands}`,
    };
  if (level === 'acceptable')
    return {
      level,
      verdict:
        `The judge roughly agrees with your ratings: use its scores to rank and triage, and review the extremes ` +
        `yourself.${small} ${bands}`,
    };
  if (level === 'concerning')
    return {
      level,
      verdict:
        `The judge does not agree well with your ratings for these skills: do not rely on its scores; review by ` +
        `hand.${small} ${bands}`,
    };
  return {
    level: null,
    verdict:
      `Agreement is undefined: every rating (the person's or the judge's) is the same, so nothing can be ` +
      `compared.${small}`,
  };
}

/**
 * The report when too few executions were rated to be worth a judge call: the agreement could not be reported anyway.
 */
export function tooFewRated(
  entries: readonly LogEntry[],
  minRated: number,
  judge: { model: string; provider: string },
): LogCalibrationReport {
  const { rated, syntheticExcluded } = ratedExecutions(entries);
  return {
    kind: 'log-calibration',
    rated: rated.length,
    syntheticExcluded,
    n: 0,
    unmeasured: [],
    enough: false,
    minRated,
    ...agreementOf([], []),
    ...verdictOf(rated.length, null, null, minRated),
    skills: [],
    judge,
    cost: null,
  };
}

export interface CalibrateFromLogsOptions {
  model: string;
  minRated?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

export async function calibrateFromLogs(
  provider: Provider,
  entries: readonly LogEntry[],
  options: CalibrateFromLogsOptions,
): Promise<LogCalibrationReport> {
  const minRated = options.minRated ?? MIN_RATED_FOR_CALIBRATION;
  const { rated, syntheticExcluded } = ratedExecutions(entries);
  if (rated.length < minRated) return tooFewRated(entries, minRated, { model: options.model, provider: provider.name });
  const items = rated.map((e) => {
    const wrapped = wrapUntrusted('EXECUTION', executionMaterial(e));
    return {
      id: e.invocation_id,
      prompt: `${JUDGE_TASK}\n\n${dataNotInstructions([wrapped])}`,
      response: wrapped.text,
    };
  });
  const results = await scoreDirectBatch(provider, items, {
    model: options.model,
    criteria: [EFFECTIVENESS_CRITERION],
    scale: 5,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  const pairs: { entry: LogEntry; human: number; judge: number }[] = [];
  const unmeasured: LogCalibrationReport['unmeasured'] = [];
  results.forEach((r, i) => {
    const entry = rated[i]!;
    if (r.status === 'scored' && r.weightedScore !== null)
      pairs.push({ entry, human: entry.qualitative_evaluation!.rating, judge: Math.round(r.weightedScore) });
    else unmeasured.push({ invocationId: entry.invocation_id, skill: entry.skill, reason: r.reason ?? 'unmeasured' });
  });
  const { metrics, confusion } = agreementOf(
    pairs.map((p) => p.human),
    pairs.map((p) => p.judge),
  );
  const bySkill = new Map<string, typeof pairs>();
  for (const p of pairs) bySkill.set(p.entry.skill, [...(bySkill.get(p.entry.skill) ?? []), p]);
  const skills = [...bySkill.keys()].sort().map((skill) => {
    const list = bySkill.get(skill)!;
    return {
      skill,
      n: list.length,
      meanHuman: mean(list.map((p) => p.human)),
      meanJudge: mean(list.map((p) => p.judge)),
    };
  });
  return {
    kind: 'log-calibration',
    rated: rated.length,
    syntheticExcluded,
    n: pairs.length,
    unmeasured,
    enough: pairs.length >= minRated,
    minRated,
    metrics,
    confusion,
    ...verdictOf(pairs.length, metrics.weightedKappa, metrics.spearman, minRated),
    skills,
    judge: { model: results[0]?.judge.model ?? options.model, provider: results[0]?.judge.provider ?? provider.name },
    cost: sumUsage(results.map((r) => r.cost)),
  };
}

const fixed = (v: number | null, digits = 3): string => (v === null ? 'n/a' : v.toFixed(digits));

export function renderLogCalibrationText(r: LogCalibrationReport): string {
  const lines = [
    `Judge calibration against people's ratings in the execution logs (${r.judge.provider} ${r.judge.model})`,
    `  rated by a ` +
      `person: ${r.rated}${r.syntheticExcluded > 0 ? ` (${r.syntheticExcluded} synthetic excluded)` : ''}; ` +
      `judged: ${r.n}${r.unmeasured.length > 0 ? `; not measured (judge call failed, left out): ${r.unmeasured.length}` : ''}`,
  ];
  if (r.enough) {
    const m = r.metrics;
    lines.push(
      `  weighted kappa (quadratic, 1-5): ${fixed(m.weightedKappa)}`,
      `  Spearman rho:                    ${fixed(m.spearman)}`,
      `  exact agreement:                 ${fixed(m.exactAgreement)}`,
      `  within one point:                ${fixed(m.withinOne)}`,
      `  mean rating: person ${fixed(m.meanHuman, 2)}, judge ${fixed(m.meanJudge, 2)}`,
      '',
      '  confusion (rows: person 1-5, columns: judge 1-5)',
      `        ${SCALE.map((j) => `j${j}`.padStart(4)).join('')}`,
      ...r.confusion.map((row, h) => `    h${h + 1}  ${row.map((c) => String(c).padStart(4)).join('')}`),
    );
    if (r.skills.length > 1)
      lines.push(
        '',
        '  per skill (n, mean person, mean judge):',
        ...r.skills.map((s) => `    ${s.skill}: ${s.n}, ${s.meanHuman.toFixed(2)}, ${s.meanJudge.toFixed(2)}`),
      );
  }
  lines.push('', r.verdict);
  for (const u of r.unmeasured)
    lines.push(`  not measured: ${u.skill} ${u.invocationId}: ${u.reason.replace(/\s+/g, ' ')}`);
  return `${lines.join('\n')}\n`;
}
