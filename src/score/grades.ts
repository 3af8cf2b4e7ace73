/** Letter grades and badges, exactly as PluginEval's methodology and PluginEval 0.1.x define them. */
import { AWARDED_BADGES, type AwardedBadge, type Badge } from '../model/badges.js';

/**
 * The dimension grade of PluginEval's methodology, on the 0-1 scale: A >= 0.90, B >= 0.80, C >= 0.70, D >= 0.60, else
 * F.
 */
export function seedGrade(score: number): 'A' | 'B' | 'C' | 'D' | 'F' {
  if (score >= 0.9) return 'A';
  if (score >= 0.8) return 'B';
  if (score >= 0.7) return 'C';
  if (score >= 0.6) return 'D';
  return 'F';
}

const PLUGINEVAL_GRADES: readonly [number, string][] = [
  [97, 'A+'],
  [93, 'A'],
  [90, 'A-'],
  [87, 'B+'],
  [83, 'B'],
  [80, 'B-'],
  [77, 'C+'],
  [73, 'C'],
  [70, 'C-'],
  [67, 'D+'],
  [63, 'D'],
  [60, 'D-'],
];

/** PluginEval 0.1.x's finer grade on the 0-100 scale (used by `--format plugineval`). */
export function pluginEvalGrade(score100: number): string {
  for (const [threshold, grade] of PLUGINEVAL_GRADES) if (score100 >= threshold) return grade;
  return 'F';
}

/** The badges awarded, best first (model/badges.ts declares the list). */
export const BADGES = AWARDED_BADGES;
export type { Badge };

const BADGE_THRESHOLDS: readonly { badge: AwardedBadge; composite: number; elo: number }[] = [
  { badge: 'platinum', composite: 90, elo: 1600 },
  { badge: 'gold', composite: 80, elo: 1500 },
  { badge: 'silver', composite: 70, elo: 1400 },
  { badge: 'bronze', composite: 60, elo: 1300 },
];

/** The Elo line of a badge (the methodology's table). */
export function eloThreshold(badge: AwardedBadge): number {
  return BADGE_THRESHOLDS.find((t) => t.badge === badge)!.elo;
}

/** Highest badge whose composite threshold is met, and whose Elo threshold too when an Elo rating exists. */
export function badgeFor(composite: number, elo?: number | null): Badge {
  for (const t of BADGE_THRESHOLDS) {
    if (composite >= t.composite && (elo === undefined || elo === null || elo >= t.elo)) return t.badge;
  }
  return 'none';
}

export const BADGE_LABELS: Readonly<Record<Badge, string>> = {
  platinum: 'Platinum ★★★★★',
  gold: 'Gold ★★★★',
  silver: 'Silver ★★★',
  bronze: 'Bronze ★★',
  none: 'no badge',
};
