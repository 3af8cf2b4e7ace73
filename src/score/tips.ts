import { displayedGrade } from './display.js';
import type { DimensionResult, ScoreResult } from '../model/result.js';
import { improvementTips } from '../reporters/tips.js';

const GRADE_RANK = { F: 0, D: 1, C: 2, B: 3, A: 4 } as const;

/**
 * What to fix first: measured dimensions below A, lowest grade first, then highest weight (the seed's advice:
 * "focus first on the lowest-graded dimension that has the highest weight").
 */
export function prioritiseTips(dimensions: readonly DimensionResult[]): ScoreResult['tips'] {
  return dimensions
    .filter((d): d is DimensionResult & { score: number } => d.measured && d.score !== null && displayedGrade(d.score) !== 'A')
    .sort((a, b) => GRADE_RANK[displayedGrade(a.score)] - GRADE_RANK[displayedGrade(b.score)] || b.weight - a.weight)
    .map((d) => ({ dimension: d.name, grade: displayedGrade(d.score), weight: d.weight, tip: improvementTips[d.name] }));
}
