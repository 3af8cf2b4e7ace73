/**
 * The improvement queue: priority = frequency x impact / ease (the reference's formula and bands: > 5 implement,
 * 2-5 discuss, < 2 defer). The reference names the formula but not the scales; ours, so a priority can be checked:
 *
 * - frequency 1-5, from the share of the skill's executions the item touches (failures, slow runs, low ratings, or
 *   the reviewed executions that mention the friction): < 5% 1, 5-15% 2, 15-30% 3, 30-50% 4, >= 50% 5.
 * - impact 1-3: the issue's severity (high 3, medium 2); for friction, the mean rating of the executions that
 *   mention it (< 2.5 -> 3, < 3.5 -> 2, else 1); slow execution 2.
 * - ease 1-3 (1 = easiest): friction is mostly a wording or example fix in SKILL.md (1); a low rating or failures
 *   need diagnosing first (2); slowness usually needs the skill restructured (3).
 */
import { z } from 'zod';
import { ISSUE_RULES, type SkillSummary } from './aggregate.js';

export const Band = z.enum(['implement', 'discuss', 'defer']);
export type Band = z.infer<typeof Band>;

export const QueueItem = z.object({
  skill: z.string(),
  source: z.enum(['high_failure_rate', 'excessive_failures', 'low_rating', 'slow', 'friction']),
  title: z.string(),
  /** The share behind the frequency score (0-1). */
  share: z.number(),
  frequency: z.number().int().min(1).max(5),
  impact: z.number().int().min(1).max(3),
  ease: z.number().int().min(1).max(3),
  priority: z.number(),
  band: Band,
});
export type QueueItem = z.infer<typeof QueueItem>;

export const ImprovementQueue = z
  .object({
    kind: z.literal('improvement-queue'),
    generatedAt: z.string(),
    periodDays: z.number().int(),
    executions: z.number().int(),
    syntheticExcluded: z.number().int(),
    items: z.array(QueueItem),
  })
  .meta({
    id: 'ImprovementQueue',
    title: 'improvement queue',
    description: 'plugin-eval logs improve: items by priority = frequency x impact / ease',
  });
export type ImprovementQueue = z.infer<typeof ImprovementQueue>;

export function frequencyScore(share: number): number {
  if (share >= 0.5) return 5;
  if (share >= 0.3) return 4;
  if (share >= 0.15) return 3;
  if (share >= 0.05) return 2;
  return 1;
}

export function bandOf(priority: number): Band {
  return priority > 5 ? 'implement' : priority >= 2 ? 'discuss' : 'defer';
}

export function frictionImpact(meanRating: number | undefined): number {
  if (meanRating === undefined) return 2;
  return meanRating < 2.5 ? 3 : meanRating < 3.5 ? 2 : 1;
}

function item(
  skill: string,
  source: QueueItem['source'],
  title: string,
  share: number,
  impact: number,
  ease: number,
): QueueItem {
  const frequency = frequencyScore(share);
  const priority = (frequency * impact) / ease;
  return { skill, source, title, share, frequency, impact, ease, priority, band: bandOf(priority) };
}

export function queueForSkill(s: SkillSummary): QueueItem[] {
  const items: QueueItem[] = [];
  for (const issue of s.issues) {
    if (issue.kind === 'low_rating')
      items.push(
        item(s.skill, 'low_rating', `Low rating: ${issue.detail}`, s.ratings > 0 ? s.lowRatings / s.ratings : 0, 2, 2),
      );
    else
      items.push(
        item(
          s.skill,
          issue.kind,
          `${issue.kind === 'high_failure_rate' ? 'High failure rate' : 'Excessive failures'}: ${issue.detail}`,
          s.total > 0 ? s.failure / s.total : 0,
          3,
          2,
        ),
      );
  }
  if (s.avgDurationMs > ISSUE_RULES.slowAvgMs) {
    items.push(
      item(
        s.skill,
        'slow',
        `Slow: average ${(s.avgDurationMs / 1000).toFixed(1)} s`,
        s.total > 0 ? s.slowExecutions / s.total : 0,
        2,
        3,
      ),
    );
  }
  for (const group of s.topFriction) {
    items.push(
      item(
        s.skill,
        'friction',
        `Friction: ${group.label}${group.count > 1 ? ` (${group.count} mentions)` : ''}`,
        s.ratings > 0 ? Math.min(1, group.count / s.ratings) : 0,
        frictionImpact(s.frictionRatings.get(group.label)),
        1,
      ),
    );
  }
  return items;
}

/** Every skill's items, highest priority first (ties: skill, then title, for a stable order). */
export function improvementQueue(skills: readonly SkillSummary[]): QueueItem[] {
  return skills
    .flatMap(queueForSkill)
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0) ||
        (a.title < b.title ? -1 : a.title > b.title ? 1 : 0),
    );
}
