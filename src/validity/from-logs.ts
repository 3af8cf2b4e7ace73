/**
 * People's ratings as the outcome of a validity run: the mean human rating of each skill in the execution logs
 * (synthetic sessions and judge ratings left out), by skill name, from a logs folder or one log file. A skill is an
 * outcome only from MIN_HUMAN_RATINGS ratings up, as `score` shows a rating only from there.
 */
import { lstatSync } from 'node:fs';
import { InputError } from '../errors.js';
import { describeFsError } from '../parse/fs.js';
import { MIN_HUMAN_RATINGS } from '../logs/human-rating.js';
import { parseLogFile, readLogs, type ReadEntry } from '../logs/read.js';
import { isSynthetic } from '../logs/schema.js';

export interface SkillRatings {
  /** Mean rating (1-5) by skill name, for skills with enough ratings. */
  means: Map<string, number>;
  /** Skills with some ratings, but fewer than MIN_HUMAN_RATINGS: name -> count. */
  tooFew: Map<string, number>;
  /** Log lines that did not parse (counted, as the other log readers count them). */
  badLines: number;
}

function entriesOf(source: string): { entries: ReadEntry[]; badLines: number } {
  let stat;
  try {
    stat = lstatSync(source);
  } catch (error) {
    throw new InputError(`--from-logs ${source}: ${describeFsError(error)}`, source);
  }
  if (stat.isDirectory()) {
    const read = readLogs(source);
    if (read.files.length === 0)
      throw new InputError(`--from-logs ${source}: no log files (<plugin>/<skill>/YYYY-MM-DD.jsonl) under it`, source);
    return { entries: read.entries, badLines: read.badLines.length };
  }
  if (!stat.isFile()) throw new InputError(`--from-logs ${source}: not a log file or folder`, source);
  const read = parseLogFile(source);
  return { entries: read.entries, badLines: read.badLines.length };
}

export function skillRatings(source: string): SkillRatings {
  const { entries, badLines } = entriesOf(source);
  const ratings = new Map<string, number[]>();
  for (const { entry } of entries) {
    const evaluation = entry.qualitative_evaluation;
    if (evaluation === null || evaluation.evaluator !== 'human' || isSynthetic(entry)) continue;
    const list = ratings.get(entry.skill_name) ?? [];
    list.push(evaluation.rating);
    ratings.set(entry.skill_name, list);
  }
  const means = new Map<string, number>();
  const tooFew = new Map<string, number>();
  for (const [name, list] of ratings) {
    if (list.length < MIN_HUMAN_RATINGS) tooFew.set(name, list.length);
    else means.set(name, list.reduce((s, r) => s + r, 0) / list.length);
  }
  return { means, tooFew, badLines };
}
