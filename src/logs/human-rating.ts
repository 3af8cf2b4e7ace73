/**
 * People's ratings of a skill, for `score` to show beside the composite (never blended into it). A skill result
 * matches the logged executions whose skill name is the skill's name, under any plugin (the score target does not
 * know which plugin name the agent used; the matched references are listed); a plugin result matches every skill
 * logged under the plugin's name. Only human ratings, synthetic sessions excluded; shown from MIN_HUMAN_RATINGS up.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { HumanRating } from '../model/result.js';
import { SKILL_PART } from './names.js';
import { readLogs } from './read.js';
import { isSynthetic } from './schema.js';

/** Fewer ratings than this say too little about a skill to show beside its score. */
export const MIN_HUMAN_RATINGS = 5;

function matchingDirs(root: string, target: { kind: 'skill' | 'plugin'; name: string }): string[] {
  if (!SKILL_PART.test(target.name)) return [];
  if (target.kind === 'plugin') {
    const dir = path.join(root, target.name);
    return existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => path.join(dir, d.name))
          .sort()
      : [];
  }
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, d.name, target.name)))
    .map((d) => path.join(root, d.name, target.name))
    .sort();
}

export function humanRatingOf(
  root: string,
  target: { kind: 'skill' | 'plugin'; name: string },
): HumanRating | undefined {
  const ratings: number[] = [];
  const skills = new Set<string>();
  for (const dir of matchingDirs(root, target)) {
    const ref = {
      plugin: path.basename(path.dirname(dir)),
      skill: path.basename(dir),
      ref: `${path.basename(path.dirname(dir))}:${path.basename(dir)}`,
    };
    for (const { entry } of readLogs(root, { ref }).entries) {
      const evaluation = entry.qualitative_evaluation;
      if (evaluation === null || evaluation.evaluator !== 'human' || isSynthetic(entry)) continue;
      ratings.push(evaluation.rating);
      skills.add(ref.ref);
    }
  }
  if (ratings.length < MIN_HUMAN_RATINGS) return undefined;
  return {
    meanRating: ratings.reduce((s, r) => s + r, 0) / ratings.length,
    ratings: ratings.length,
    skills: [...skills].sort(),
    logsRoot: root,
  };
}
