/**
 * Ctrl-C while report scores paths itself: score() throws CancelledError, but the run it ended with holds what was
 * measured (at standard depth, judge calls paid for). The page is written from it, says the run was cancelled, and
 * report exits 130. score() is replaced so the interruption lands at a known point.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CancelledError } from '../../src/errors.js';
import type { ScoreRun } from '../../src/model/run.js';
import type * as ScoreApi from '../../src/api/score.js';
import type { DashboardData } from '../../src/web/dashboard/index.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { embeddedData, marketplace } from './fixture.js';

const interrupted: { run?: ScoreRun } = {};

vi.mock('../../src/api/score.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ScoreApi>();
  return {
    ...actual,
    // The fixture scores for real; once `interrupted.run` is set, the run ends as Ctrl-C ends it.
    score: async (...args: Parameters<typeof actual.score>) => {
      if (interrupted.run === undefined) return actual.score(...args);
      (args[1] as { onRunEnd?: (run: ScoreRun) => void }).onRunEnd?.(interrupted.run);
      throw new CancelledError();
    },
  };
});

const tree = tempTree('plugin-eval-report-cancel-');

describe('report, Ctrl-C while it scores', () => {
  it('writes the page of what was measured, marked cancelled, and exits 130', async () => {
    const { run } = await marketplace(2, { hostile: false });
    interrupted.run = { ...run, status: 'cancelled', error: 'cancelled' };
    const out = path.join(tree.root, 'dash.html');
    const r = await cli('report', path.resolve('examples/skills/csv-profiler'), '--html', out, '--no-store');
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/report: 2 result\(s\), 0 could not be scored.*; run status cancelled/);
    const data = embeddedData(readFileSync(out, 'utf8')) as DashboardData;
    expect(data.skills).toHaveLength(2);
    expect(data.summary.status).toBe('cancelled');
  });
});
