/**
 * Resuming an iteration after editing only what grading reads in the evals file (expectations, expected output):
 * the runs stand (the agent never sees that file), the new expectations are written for grading, and a grading.json
 * made against the old ones is set aside as grading.stale.json (kept, not deleted) so that `evals grade` grades
 * that run again. One iteration then never mixes verdicts on two sets of expectations in its benchmark.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from '../../util/hash.js';
import { readJsonAs } from '../json-files.js';
import { EvalMetadata, evalNameOf, type EvalCase } from '../schemas/index.js';
import { EVAL_METADATA_FILE, evalDirName, RUN_FILES, runDirOf } from '../workspace.js';

export const STALE_GRADING_FILE = 'grading.stale.json';

/** What grading reads of an eval, defaults applied, as comparable text. */
const gradedPart = (m: EvalMetadata): string =>
  canonicalJson({ assertions: m.assertions, expected_output: m.expected_output ?? null });

/** Whether the iteration's eval_metadata.json grades `e` differently from evals.json now (unreadable: assume so). */
async function expectationsChanged(file: string, e: EvalCase): Promise<boolean> {
  const now = EvalMetadata.parse({
    eval_id: e.id,
    eval_name: evalNameOf(e),
    prompt: e.prompt,
    assertions: e.expectations,
    ...(e.expected_output !== undefined ? { expected_output: e.expected_output } : {}),
  });
  try {
    return gradedPart(await readJsonAs(file, EvalMetadata)) !== gradedPart(now);
  } catch {
    return true;
  }
}

/**
 * Before a resumed iteration's eval_metadata.json files are rewritten: for every eval whose expectations changed,
 * each run's grading.json becomes grading.stale.json. Returns one note per eval that had graded runs set aside.
 */
export async function setAsideStaleGradings(
  iterationDir: string,
  evals: readonly EvalCase[],
  configurations: readonly string[],
  runs: number,
): Promise<string[]> {
  const notes: string[] = [];
  for (const e of evals) {
    const file = path.join(iterationDir, evalDirName(e.id), EVAL_METADATA_FILE);
    if (!existsSync(file) || !(await expectationsChanged(file, e))) continue;
    let setAside = 0;
    for (const configuration of configurations) {
      for (let n = 1; n <= runs; n++) {
        const runDir = runDirOf(iterationDir, e.id, configuration, n);
        if (!existsSync(path.join(runDir, RUN_FILES.grading))) continue;
        await rename(path.join(runDir, RUN_FILES.grading), path.join(runDir, STALE_GRADING_FILE));
        setAside++;
      }
    }
    if (setAside > 0) {
      notes.push(
        `eval ${e.id} (${evalNameOf(e)}): its expectations changed since the iteration started; ${setAside} ` +
          `graded run(s) had grading.json set aside as ${STALE_GRADING_FILE}: evals grade grades them against the ` +
          `new expectations`,
      );
    }
  }
  return notes;
}
