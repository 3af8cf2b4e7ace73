/**
 * Per-skill summaries of execution logs, with the reference aggregator's issue rules (claude-night-market's
 * log aggregator: same thresholds, so a LEARNINGS.md from either tool flags the same skills). Pure: entries in,
 * numbers out; synthetic sessions are left out and counted, never silently dropped.
 */
import { groupFriction, type FrictionGroup } from './friction.js';
import { isSynthetic, type LogEntry } from './schema.js';

/** The reference's thresholds, in one place so the docs, LEARNINGS.md and `logs improve` agree. */
export const ISSUE_RULES = {
  /** high_failure_rate: at least this many runs and a success rate below `successBelow`; severity high. */
  highFailureRate: { minRuns: 5, successBelow: 0.7 },
  /** low_rating: average human rating below this; severity medium. */
  lowRating: { below: 3.0 },
  /** excessive_failures: more failures than this; severity high. */
  excessiveFailures: { above: 10 },
  /** The Slow Execution table: average duration above this. */
  slowAvgMs: 10_000,
  /** The Low User Ratings list: average rating below this. */
  lowRatedBelow: 3.5,
} as const;

export type IssueKind = 'high_failure_rate' | 'low_rating' | 'excessive_failures';
export type Severity = 'high' | 'medium' | 'low';

export interface SkillIssue {
  kind: IssueKind;
  severity: Severity;
  detail: string;
}

export interface SkillSummary {
  /** `plugin:skill`. */
  skill: string;
  plugin: string;
  total: number;
  success: number;
  failure: number;
  partial: number;
  /** success / total. */
  successRate: number;
  avgDurationMs: number;
  maxDurationMs: number;
  /** Human ratings only (evaluator "human"); null when no execution was rated. */
  avgRating: number | null;
  ratings: number;
  /** Up to five groups, largest first. */
  topFriction: FrictionGroup[];
  suggestions: FrictionGroup[];
  /** The last five error messages, newest first. */
  recentErrors: { timestamp: string; error: string }[];
  issues: SkillIssue[];
  /** Executions whose duration exceeded the slow threshold (for the improvement queue). */
  slowExecutions: number;
  /** Rated executions below 3 (for the improvement queue). */
  lowRatings: number;
  /** For each friction group: mean rating of the executions that mention it. */
  frictionRatings: Map<string, number>;
}

export interface Aggregate {
  skills: SkillSummary[];
  executions: number;
  syntheticExcluded: number;
}

const isHuman = (entry: LogEntry): boolean =>
  entry.qualitative_evaluation !== null && entry.qualitative_evaluation.evaluator === 'human';

export function summariseSkill(skill: string, entries: readonly LogEntry[]): SkillSummary {
  const total = entries.length;
  const count = (outcome: LogEntry['outcome']): number => entries.filter((e) => e.outcome === outcome).length;
  const success = count('success');
  const failure = count('failure');
  const rated = entries.filter(isHuman);
  const ratingSum = rated.reduce((s, e) => s + e.qualitative_evaluation!.rating, 0);
  const avgRating = rated.length > 0 ? ratingSum / rated.length : null;
  const successRate = total > 0 ? success / total : 0;
  const durations = entries.map((e) => e.duration_ms);
  const friction = groupFriction(rated.flatMap((e) => e.qualitative_evaluation!.friction_points));
  const frictionRatings = new Map<string, number>();
  // Only the groups reported: a skill with thousands of distinct complaints must not cost groups x reviews.
  for (const group of friction.slice(0, 5)) {
    const wordings = new Set(group.members.map((m) => m.text));
    const mentioning = rated.filter((e) =>
      e.qualitative_evaluation!.friction_points.some((p) => wordings.has(p.trim())),
    );
    if (mentioning.length > 0)
      frictionRatings.set(
        group.label,
        mentioning.reduce((s, e) => s + e.qualitative_evaluation!.rating, 0) / mentioning.length,
      );
  }
  const issues: SkillIssue[] = [];
  if (total >= ISSUE_RULES.highFailureRate.minRuns && successRate < ISSUE_RULES.highFailureRate.successBelow) {
    issues.push({
      kind: 'high_failure_rate',
      severity: 'high',
      detail: `success rate ${(successRate * 100).toFixed(0)}% over ${total} runs`,
    });
  }
  if (avgRating !== null && avgRating < ISSUE_RULES.lowRating.below) {
    issues.push({
      kind: 'low_rating',
      severity: 'medium',
      detail: `average rating ${avgRating.toFixed(1)}/5 from ${rated.length} review(s)`,
    });
  }
  if (failure > ISSUE_RULES.excessiveFailures.above)
    issues.push({ kind: 'excessive_failures', severity: 'high', detail: `${failure} failures` });
  const recentErrors = entries
    .filter((e) => e.error !== null && e.error !== '')
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, 5)
    .map((e) => ({ timestamp: e.timestamp, error: e.error as string }));
  return {
    skill,
    plugin: entries[0]?.plugin ?? skill.split(':')[0] ?? 'unknown',
    total,
    success,
    failure,
    partial: count('partial'),
    successRate,
    avgDurationMs: total > 0 ? durations.reduce((s, d) => s + d, 0) / total : 0,
    // Not Math.max(...durations): spreading 100k+ arguments overflows the stack.
    maxDurationMs: durations.reduce((m, d) => (d > m ? d : m), 0),
    avgRating,
    ratings: rated.length,
    topFriction: friction.slice(0, 5),
    suggestions: groupFriction(rated.flatMap((e) => e.qualitative_evaluation!.improvement_suggestions)).slice(0, 5),
    recentErrors,
    issues,
    slowExecutions: entries.filter((e) => e.duration_ms > ISSUE_RULES.slowAvgMs).length,
    lowRatings: rated.filter((e) => e.qualitative_evaluation!.rating < 3).length,
    frictionRatings,
  };
}

/** Key of an entry's skill: the logged `plugin:skill` (a bare name is under plugin "unknown", as logged). */
export const skillKey = (entry: LogEntry): string => `${entry.plugin}:${entry.skill_name}`;

/** Start of the window: `days` before `now` (UTC), as an ISO instant; entries at or after it count. */
export function windowStart(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/** Entries inside the window, synthetic sessions split off. Timestamps are compared as instants. */
export function selectEntries(
  entries: readonly LogEntry[],
  options: { now: Date; days: number },
): { kept: LogEntry[]; syntheticExcluded: number } {
  const start = Date.parse(windowStart(options.now, options.days));
  const end = options.now.getTime();
  const inWindow = entries.filter((e) => {
    const t = Date.parse(e.timestamp);
    return Number.isFinite(t) && t >= start && t <= end;
  });
  const kept = inWindow.filter((e) => !isSynthetic(e));
  return { kept, syntheticExcluded: inWindow.length - kept.length };
}

export function aggregate(entries: readonly LogEntry[], options: { now: Date; days: number }): Aggregate {
  const { kept, syntheticExcluded } = selectEntries(entries, options);
  const bySkill = new Map<string, LogEntry[]>();
  for (const e of kept) {
    const key = skillKey(e);
    let list = bySkill.get(key);
    if (list === undefined) bySkill.set(key, (list = []));
    list.push(e);
  }
  const skills = [...bySkill.keys()].sort().map((key) => summariseSkill(key, bySkill.get(key)!));
  return { skills, executions: kept.length, syntheticExcluded };
}
