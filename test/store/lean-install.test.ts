import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MissingPackageError } from '../../src/errors.js';
import { ScoreRunRecorder } from '../../src/store/recorder.js';
import type * as Journal from '../../src/store/journal.js';
import type * as SqliteStore from '../../src/store/sqlite-store.js';
import { tempTree } from '../support/tmp.js';
import { copyExamples, quickRun } from './support.js';

/**
 * An install without the optional packages (npm install --omit=optional) has no SQLite client. The default store
 * then records nothing without a word on every score; a store the user asked for still says it was not recorded.
 * The client's absence is the opener's failure, as openResultsStore reports it.
 */
vi.mock('../../src/store/sqlite-store.js', async (original) => ({
  ...(await original<typeof SqliteStore>()),
  openResultsStore: () =>
    Promise.reject(new MissingPackageError('@libsql/client', 'the results store (--no-store to run without it)')),
}));

// Nor is it resolvable: the recorder journals a run only where a fold could ever read it back.
vi.mock('../../src/store/journal.js', async (original) => ({
  ...(await original<typeof Journal>()),
  sqliteClientInstalled: () => false,
}));

const tree = tempTree('plugin-eval-lean-store-');
const skills = copyExamples(tree.root);

async function recordOnce(quietWithoutDriver: boolean): Promise<string[]> {
  const { run } = await quickRun([skills.csv]);
  const warnings: string[] = [];
  const recorder = await ScoreRunRecorder.create({
    location: path.join(tree.root, 'results.db'),
    command: 'score',
    onlyChanged: false,
    runId: run.runId,
    warn: (line) => warnings.push(line),
    quietWithoutDriver,
  });
  recorder.onResult(run.results[0]!);
  await recorder.finish(run);
  return warnings;
}

describe('recording without the SQLite client', () => {
  it('the default store: no warning', async () => {
    expect(await recordOnce(true)).toEqual([]);
  });

  it('a store the user asked for: one line naming the package to install', async () => {
    const warnings = await recordOnce(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the run was not recorded in the results store');
    expect(warnings[0]).toContain('npm i @libsql/client');
  });
});
