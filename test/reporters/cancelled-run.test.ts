import { describe, expect, it } from 'vitest';
import type { ScoreRun } from '../../src/model/run.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { manyResults, OPTIONS } from './fixtures.js';

const runWith = (status: ScoreRun['status']): ScoreRun => ({
  schemaVersion: 1,
  kind: 'score-run',
  runId: '00000000-0000-4000-8000-000000000000',
  status,
  tool: { name: 'plugin-eval', version: '0.1.0' },
  plan: {
    planVersion: 1,
    targets: ['skills'],
    depth: 'quick',
    methodology: 'default',
    layers: ['static'],
    judge: null,
    seeds: {},
    samples: { judge: 1, monteCarloRuns: null },
    budget: { materialTokens: null },
    jobs: 4,
  },
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  results: [],
  failures: [],
  diagnostics: [],
  usage: null,
});

describe('a run stopped by the user (Ctrl-C): every report says only the finished targets are in it', () => {
  const results = manyResults();
  const note = `only the ${results.length} targets that finished are reported`;
  it.each(['text', 'markdown', 'html'] as const)('%s says it first', (name) => {
    const out = REPORTERS[name](results, { ...OPTIONS, width: 400, run: runWith('cancelled') });
    expect(out).toContain(note);
    expect(out.indexOf(note)).toBeLessThan(out.indexOf(results[0]!.target.path));
    expect(REPORTERS[name](results, { ...OPTIONS, width: 400, run: runWith('success') })).not.toContain('Cancelled');
  });

  it('junit counts the stop as an error of the suite', () => {
    const out = REPORTERS.junit(results, { ...OPTIONS, run: runWith('cancelled') });
    expect(out).toContain('<error message="Cancelled: the run was stopped');
    expect(out).toMatch(
      new RegExp(`<testsuite name="plugin-eval" tests="${results.length + 1}" failures="\\d+" errors="1"`),
    );
  });

  it('sarif marks the invocation unsuccessful with a cancelled notification', () => {
    const log = JSON.parse(REPORTERS.sarif(results, { ...OPTIONS, run: runWith('cancelled') })) as {
      runs: {
        invocations: { executionSuccessful: boolean; toolExecutionNotifications: { descriptor: { id: string } }[] }[];
      }[];
    };
    const invocation = log.runs[0]!.invocations[0]!;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications.map((n) => n.descriptor.id)).toContain('cancelled');
  });
});

describe('the final spend is in every format, JUnit and SARIF included', () => {
  const results = manyResults();
  const run: ScoreRun = {
    ...runWith('partial'),
    spend: {
      maxCostUsd: 0.05,
      spentUsd: 0.0612,
      calls: 9,
      unknownCost: false,
      reached: true,
      inFlightWhenReached: 2,
      refused: 4,
      notScored: ['skills/b'],
    },
  };
  it.each(['text', 'markdown', 'html'] as const)('%s', (name) => {
    expect(REPORTERS[name](results, { ...OPTIONS, width: 400, run })).toContain(
      'Spent: $0.0612: --max-cost $0.05 reached',
    );
  });

  it('junit, as a property of the suite', () => {
    expect(REPORTERS.junit(results, { ...OPTIONS, run })).toContain(
      '<property name="spent" value="Spent: $0.0612: --max-cost $0.05 reached',
    );
    expect(REPORTERS.junit(results, { ...OPTIONS, run: runWith('success') })).not.toContain('name="spent"');
  });

  it("sarif, in the invocation's properties", () => {
    const log = JSON.parse(REPORTERS.sarif(results, { ...OPTIONS, run })) as {
      runs: { invocations: { properties?: Record<string, unknown> }[] }[];
    };
    expect(log.runs[0]!.invocations[0]!.properties).toMatchObject({
      spentUsd: 0.0612,
      maxCostUsd: 0.05,
      capReached: true,
    });
    expect(String(log.runs[0]!.invocations[0]!.properties?.spent)).toMatch(/^Spent: \$0\.0612/);
  });
});
