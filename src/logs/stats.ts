/**
 * Review statistics (the skill-evaluator agent's "Metrics" section), with each number defined so it can be checked:
 *
 * - coverage: executions reviewed by a person within 7 days of running, over the executions whose 7-day window
 *   has closed (they ran at least 7 days ago). A younger execution can still be reviewed in time, so it is neither
 *   a success nor a miss yet: it is counted apart as `pending`. Target >= 20%.
 * - response rate: executions reviewed by a person at any time, over every execution in the period. No tool
 *   records which executions were shown to a reviewer, so "shown" cannot be the denominator; all executions is.
 * - average rating per skill, most common friction (grouped by meaning, src/logs/friction.ts).
 * Synthetic sessions (test-, dogfood-, fixture-) are excluded from every number and counted.
 */
import { z } from 'zod';
import { selectEntries, skillKey } from './aggregate.js';
import { groupFriction } from './friction.js';
import type { LoadedWindow } from './learnings.js';
import type { LogEntry } from './schema.js';

export const COVERAGE_DAYS = 7;
export const COVERAGE_TARGET = 0.2;

export const ReviewStats = z.object({
  kind: z.literal('log-stats'),
  generatedAt: z.string().describe('When the statistics were made (ISO 8601): the end of the period'),
  periodDays: z.number().int().describe('The period: executions of the last N days (--days)'),
  executions: z.number().int().describe('Executions in the period, synthetic sessions left out'),
  syntheticExcluded: z
    .number()
    .int()
    .describe('Executions of test-, dogfood- and fixture- sessions, left out of every number'),
  reviewed: z.number().int().describe('Executions reviewed by a person (any time)'),
  coverage: z
    .object({
      rate: z
        .number()
        .nullable()
        .describe("reviewedInTime / windowClosed; null when no execution's 7-day window has closed yet"),
      reviewedInTime: z
        .number()
        .int()
        .describe('Executions reviewed by a person within 7 days of running, among those whose window has closed'),
      windowClosed: z.number().int().describe('Executions that ran at least 7 days ago'),
      pending: z
        .number()
        .int()
        .describe('Younger executions: they can still be reviewed in time, so they count neither way yet'),
      target: z.number().describe('The coverage aimed for (0.2)'),
      belowTarget: z.boolean().nullable().describe('null when rate is null'),
    })
    .describe('Executions reviewed by a person within 7 days of running'),
  responseRate: z.number().nullable().describe('reviewed / executions; null when the period holds no execution'),
  skills: z.array(
    z.object({
      skill: z.string().describe('plugin:skill'),
      executions: z.number().int(),
      reviewed: z.number().int(),
      avgRating: z.number().nullable().describe("Mean of the people's ratings (1-5); null when none"),
    }),
  ),
  topFriction: z
    .array(
      z.object({
        label: z.string(),
        count: z.number().int(),
        wordings: z.number().int().describe('Distinct wordings grouped under the label'),
      }),
    )
    .describe('The five most reported friction points, grouped by meaning'),
});
export type ReviewStats = z.infer<typeof ReviewStats>;

/** What `logs stats --output json` prints: the statistics, and what was read but could not count. */
export const LogStatsReport = ReviewStats.extend({
  badLines: z.number().int().describe('Unreadable log lines skipped (the first few are named on stderr)'),
  undatedLines: z
    .number()
    .int()
    .describe('Executions read whose timestamp is not a date: no period holds them, so every number leaves them out'),
}).meta({
  id: 'LogStats',
  title: 'review statistics',
  description: 'plugin-eval logs stats: coverage, response rate, ratings, friction',
});
export type LogStatsReport = z.infer<typeof LogStatsReport>;

const DAY_MS = 86_400_000;

const humanEvaluation = (e: LogEntry) =>
  e.qualitative_evaluation !== null && e.qualitative_evaluation.evaluator === 'human' ? e.qualitative_evaluation : null;

export function reviewStats(entries: readonly LogEntry[], options: { now: Date; days: number }): ReviewStats {
  const { kept, syntheticExcluded } = selectEntries(entries, options);
  const now = options.now.getTime();
  let reviewed = 0;
  let reviewedInTime = 0;
  let windowClosed = 0;
  let pending = 0;
  for (const e of kept) {
    const ran = Date.parse(e.timestamp);
    const evaluation = humanEvaluation(e);
    const evaluatedAt = evaluation === null ? NaN : Date.parse(evaluation.evaluated_at);
    if (evaluation !== null) reviewed++;
    const inTime = Number.isFinite(evaluatedAt) && evaluatedAt - ran <= COVERAGE_DAYS * DAY_MS;
    if (now - ran >= COVERAGE_DAYS * DAY_MS) {
      windowClosed++;
      if (inTime) reviewedInTime++;
    } else pending++;
  }
  const rate = windowClosed > 0 ? reviewedInTime / windowClosed : null;
  const bySkill = new Map<string, LogEntry[]>();
  for (const e of kept) {
    const list = bySkill.get(skillKey(e)) ?? [];
    list.push(e);
    bySkill.set(skillKey(e), list);
  }
  const skills = [...bySkill.keys()].sort().map((skill) => {
    const ratings = bySkill.get(skill)!.flatMap((e) => {
      const ev = humanEvaluation(e);
      return ev === null ? [] : [ev.rating];
    });
    return {
      skill,
      executions: bySkill.get(skill)!.length,
      reviewed: ratings.length,
      avgRating: ratings.length > 0 ? ratings.reduce((s, r) => s + r, 0) / ratings.length : null,
    };
  });
  const friction = groupFriction(kept.flatMap((e) => humanEvaluation(e)?.friction_points ?? []));
  return {
    kind: 'log-stats',
    generatedAt: options.now.toISOString(),
    periodDays: options.days,
    executions: kept.length,
    syntheticExcluded,
    reviewed,
    coverage: {
      rate,
      reviewedInTime,
      windowClosed,
      pending,
      target: COVERAGE_TARGET,
      belowTarget: rate === null ? null : rate < COVERAGE_TARGET,
    },
    responseRate: kept.length > 0 ? reviewed / kept.length : null,
    skills,
    topFriction: friction.slice(0, 5).map((g) => ({ label: g.label, count: g.count, wordings: g.members.length })),
  };
}

export function logStatsReport(
  window: Pick<LoadedWindow, 'entries' | 'badLines' | 'undated'>,
  options: { now: Date; days: number },
): LogStatsReport {
  return {
    ...reviewStats(window.entries, options),
    badLines: window.badLines.length,
    undatedLines: window.undated.length,
  };
}

const pct = (v: number | null): string => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);

export function renderStatsText(s: ReviewStats): string {
  const lines = [
    `Executions (last ${s.periodDays} ` +
      `days): ${s.executions}${s.syntheticExcluded > 0 ? ` (${s.syntheticExcluded} synthetic excluded)` : ''}`,
    `Reviewed by a person: ${s.reviewed}`,
    s.coverage.rate === null
      ? `Coverage (reviewed within ${COVERAGE_DAYS} days): not measurable yet: no execution is ${COVERAGE_DAYS} ` +
        `days old (${s.coverage.pending} pending)`
      : `Coverage (reviewed within ${COVERAGE_DAYS} days): ${pct(s.coverage.rate)} ` +
        `(${s.coverage.reviewedInTime}/${s.coverage.windowClosed}; ${s.coverage.pending} still within their ` +
        `window)${s.coverage.belowTarget ? `  BELOW TARGET ${pct(s.coverage.target)}` : `  target ${pct(s.coverage.target)} met`}`,
    `Response rate (reviewed / all executions): ${pct(s.responseRate)}`,
    '',
    'Average rating per skill:',
    ...s.skills.map(
      (k) =>
        `  ${k.skill}: ${k.avgRating === null ? 'no reviews' : `${k.avgRating.toFixed(2)}/5 (${k.reviewed} review${k.reviewed === 1 ? '' : 's'})`}, ${k.executions} ` +
        `execution${k.executions === 1 ? '' : 's'}`,
    ),
    '',
    'Most common friction:',
    ...(s.topFriction.length === 0
      ? ['  (none reported)']
      : s.topFriction.map((f) => `  ${f.count}x ${f.label}${f.wordings > 1 ? ` (${f.wordings} wordings)` : ''}`)),
  ];
  return `${lines.join('\n')}\n`;
}
