import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runPlan, score, UsageError, validate } from '../src/index.js';

/**
 * What a JavaScript caller hands `score(paths, options)`: TypeScript refuses these at compile time, plain
 * JavaScript did not, and the library ignored an unknown option (the run scored at the default depth) and
 * spread a bare string into characters, looking each one up as a path ('/' first).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKILL = path.join(ROOT, 'examples/skills/csv-profiler');

async function refusal(run: () => Promise<unknown>): Promise<UsageError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return error as UsageError;
}

describe('score() refuses what it would otherwise ignore', () => {
  it('an unknown option, naming the nearest known one', async () => {
    const error = await refusal(() => score([SKILL], { dept: 'standard', config: false } as never));
    expect(error.code).toBe('USAGE');
    expect(error.message).toMatch(
      /^options\.dept: unknown option \(did you mean "depth"\?\); known: methodology, depth, /,
    );
  });

  it('an unknown key inside judge, elo and monteCarlo', async () => {
    expect(
      (await refusal(() => score([SKILL], { config: false, monteCarlo: { maxRun: 5 } } as never))).message,
    ).toMatch(/^options\.monteCarlo\.maxRun: unknown option \(did you mean "maxRuns"\?\)/);
    expect((await refusal(() => score([SKILL], { config: false, elo: { corpusdir: '/x' } } as never))).message).toMatch(
      /^options\.elo\.corpusdir: unknown option \(did you mean "corpusDir"\?\)/,
    );
    expect((await refusal(() => score([SKILL], { config: false, judge: [] } as never))).message).toBe(
      'options.judge must be an object, got an array',
    );
  });

  it('a bare string, or a path that is not a string, instead of an array of paths', async () => {
    expect((await refusal(() => score(SKILL as never))).message).toBe(
      'score(paths, options): paths must be an array of paths, got a string (wrap it: [path])',
    );
    expect((await refusal(() => score([SKILL, 3] as never))).message).toBe(
      'score(paths, options): paths[1] must be a non-empty string, got 3',
    );
    expect((await refusal(() => score([SKILL], 'quick' as never))).message).toBe(
      'score(paths, options): options must be an object, got string',
    );
  });

  it('still runs with every option it knows', async () => {
    const run = await score([SKILL], {
      depth: 'quick',
      methodology: 'default',
      jobs: 1,
      threads: 1,
      config: false,
      retainResults: true,
      monteCarlo: { maxRuns: 5 },
    });
    expect(run.results).toHaveLength(1);
    expect(run.settings?.depth).toEqual({ value: 'quick', source: 'flag', detail: 'options.depth' });
  });
});

describe('validate() and runPlan() refuse the same way', () => {
  it('validate: a bare string, and an unknown option', async () => {
    expect((await refusal(() => validate(SKILL as never))).message).toBe(
      'validate(paths, options): paths must be an array of paths, got a string (wrap it: [path])',
    );
    expect((await refusal(() => validate([SKILL], { rulConfig: {} } as never))).message).toBe(
      'options.rulConfig: unknown option (did you mean "ruleConfig"?); known: ruleConfig, signal',
    );
    expect((await validate([SKILL])).targets).toBe(1);
  });

  it('runPlan: a plan that is not a ScorePlan is named as such, not a TypeError from inside the pipeline', async () => {
    const error = await refusal(() => runPlan({} as never, {} as never));
    expect(error.message).toMatch(
      /^runPlan\(plan, ctx\): plan is not a ScorePlan \(plugin-eval schema score-plan\): planVersion: /,
    );
  });

  it('runPlan: the plan of a real run (read back from its run log) runs again', async () => {
    const first = await score([SKILL], { config: false });
    const again = await runPlan(JSON.parse(JSON.stringify(first.plan)) as typeof first.plan, { providers: {} });
    expect(again.results[0]!.composite).toEqual(first.results[0]!.composite);
  });
});
