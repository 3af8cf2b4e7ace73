import { expect } from 'vitest';
import type { ScoreResult } from '../../src/model/result.js';
import { ScoreRun } from '../../src/model/run.js';

/** `score --output json` prints the run log (ScoreRun); a one-target run's result is its only element. */
export function singleResult(stdout: string): ScoreResult {
  const run = ScoreRun.parse(JSON.parse(stdout));
  expect(run.results, 'a one-target run holds exactly one result').toHaveLength(1);
  return run.results[0]!;
}
