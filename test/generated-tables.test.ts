/**
 * The lists a lower layer needs from modules it may not import are generated and checked in
 * (scripts/generate-tables.mjs, run by `npm run build`): the judge's dimension modules and the model's copy of the agent
 * runner table. A stale file would leave a new module unregistered or a runner's estimates out of date.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_RUNNERS } from '../src/agent/runners.js';
import { AGENT_RUNNER_TABLE } from '../src/model/runner-kinds.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A row's fields without its functions: what the model's table copies. */
const fieldsOf = (row: object) => Object.fromEntries(Object.entries(row).filter(([, v]) => typeof v !== 'function'));

describe('generated tables', () => {
  it('the checked-in files are exactly what scripts/generate-tables.mjs writes', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-tables.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("the model's runner table is each runner module's row, field for field, in the agent table's order", () => {
    expect(Object.keys(AGENT_RUNNER_TABLE)).toEqual(Object.keys(AGENT_RUNNERS));
    for (const [kind, row] of Object.entries(AGENT_RUNNERS))
      expect(AGENT_RUNNER_TABLE[kind as keyof typeof AGENT_RUNNER_TABLE]).toEqual(fieldsOf(row));
  });
});
