import { describe, expect, it } from 'vitest';
import { runBatch, type BatchOptions, type BatchRequest } from '../../src/agent/batch.js';
import { INFRA_GIVE_UP_MIN } from '../../src/agent/infra-give-up.js';
import { SpendLedger } from '../../src/providers/spend.js';

/**
 * The batch executor every agent workload runs through. Nothing here waits on a clock: runs finish after a number
 * of microtask turns, or when a gate the test holds is opened, and what is under way is counted, not timed.
 */

interface Result {
  task: number;
  infra: boolean;
  cost: number | null;
  counts: boolean;
}

/** Let every pending promise chain run (one macrotask turn: no timer, no wall clock). */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

/** A batch over tasks 0..count-1 with counters of what ran; `shape` makes each task's result. */
function harness(count: number, shape: (task: number) => Partial<Result> = () => ({})) {
  const seen = { inFlight: 0, maxInFlight: 0, started: [] as number[], finished: [] as number[] };
  let pulled = 0;
  const options = {
    next: () => (pulled < count ? pulled++ : undefined),
    run: async (task: number): Promise<Result> => {
      seen.started.push(task);
      seen.inFlight += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      // Tasks finish out of order: each after its own number of turns.
      await turns(1 + ((task * 7) % 5));
      seen.inFlight -= 1;
      seen.finished.push(task);
      return { task, infra: false, cost: 0, counts: true, ...shape(task) };
    },
    costOf: (r: Result) => r.cost,
    isInfra: (r: Result) => r.infra,
    counts: (r: Result) => r.counts,
  } satisfies Partial<BatchOptions<number, Result>>;
  return { seen, options };
}

describe('runBatch', () => {
  it.each([
    { concurrency: 1, tasks: 6 },
    { concurrency: 2, tasks: 7 },
    { concurrency: 3, tasks: 2 },
    { concurrency: 4, tasks: 20 },
  ])(
    'never has more than $concurrency of $tasks tasks in flight, and runs them all',
    async ({ concurrency, tasks }) => {
      const { seen, options } = harness(tasks);
      const ledger = new SpendLedger(null);
      const outcome = await runBatch({ ...options, concurrency, ledger });
      expect(outcome.by).toBe('done');
      expect(seen.maxInFlight).toBe(Math.min(concurrency, tasks));
      expect([...seen.started].sort((a, b) => a - b)).toEqual(Array.from({ length: tasks }, (_, i) => i));
      expect(seen.finished).toHaveLength(tasks);
      expect(ledger.summary().calls).toBe(tasks);
    },
  );

  it('counts a task in flight until its onDone has finished', async () => {
    const { options } = harness(8);
    let active = 0;
    let most = 0;
    await runBatch({
      ...options,
      concurrency: 2,
      ledger: new SpendLedger(null),
      run: async (task) => {
        active += 1;
        most = Math.max(most, active);
        return options.run(task);
      },
      onDone: async () => {
        await turns(3);
        active -= 1;
        return undefined;
      },
    });
    expect(most).toBe(2);
  });

  it.each([
    { name: 'before anything starts', abortAfter: 0, concurrency: 2 },
    { name: 'after the first result', abortAfter: 1, concurrency: 1 },
    { name: 'after three results, four in flight', abortAfter: 3, concurrency: 4 },
  ])('starts nothing once the signal is aborted ($name)', async ({ abortAfter, concurrency }) => {
    const controller = new AbortController();
    if (abortAfter === 0) controller.abort();
    const { seen, options } = harness(20);
    let startedAborted = 0;
    let done = 0;
    const outcome = await runBatch({
      ...options,
      concurrency,
      ledger: new SpendLedger(null),
      signal: controller.signal,
      run: (task) => {
        if (controller.signal.aborted) startedAborted += 1;
        return options.run(task);
      },
      onDone: () => {
        done += 1;
        if (done === abortAfter) controller.abort();
        return undefined;
      },
    });
    expect(outcome).toMatchObject({ by: 'cancelled', reason: 'cancelled' });
    expect(startedAborted).toBe(0);
    expect(seen.started.length).toBeLessThanOrEqual(abortAfter === 0 ? 0 : abortAfter + concurrency - 1);
    expect(seen.finished).toHaveLength(seen.started.length);
  });

  it.each([
    { concurrency: 1, cap: 1, cost: 0.4 },
    { concurrency: 3, cap: 1, cost: 0.4 },
    { concurrency: 4, cap: 0.5, cost: 0.3 },
  ])(
    'stops at the cap ($cap USD, $cost a run, $concurrency at a time) with the overshoot bounded by what was in flight',
    async ({ concurrency, cap, cost }) => {
      const { seen, options } = harness(50, () => ({ cost }));
      const ledger = new SpendLedger(cap);
      let startedAfterReached = 0;
      const outcome = await runBatch({
        ...options,
        concurrency,
        ledger,
        run: (task) => {
          if (ledger.reached) startedAfterReached += 1;
          return options.run(task);
        },
      });
      expect(outcome.by).toBe('max-cost');
      expect(outcome.reason).toMatch(/^--max-cost \$[\d.]+ reached/);
      expect(startedAfterReached).toBe(0);
      const summary = ledger.summary();
      expect(summary.reached).toBe(true);
      expect(summary.calls).toBe(seen.started.length);
      expect(summary.inFlightWhenReached).toBeLessThanOrEqual(concurrency);
      expect(summary.spentUsd - cap).toBeLessThan(concurrency * cost);
    },
  );

  it('starts nothing on a ledger already spent, and the refused task is counted as refused', async () => {
    const ledger = new SpendLedger(1);
    ledger.add(2);
    const { seen, options } = harness(5);
    const outcome = await runBatch({ ...options, concurrency: 2, ledger });
    expect(outcome.by).toBe('max-cost');
    expect(seen.started).toEqual([]);
    expect(ledger.summary().refused).toBe(1);
  });

  it.each([
    {
      name: 'every run infra, one at a time',
      concurrency: 1,
      infra: () => true,
      counted: undefined,
      by: 'infrastructure',
      made: INFRA_GIVE_UP_MIN,
    },
    {
      name: 'every run infra, three at a time',
      concurrency: 3,
      infra: () => true,
      counted: undefined,
      by: 'infrastructure',
      made: undefined,
    },
    {
      name: 'a third infra: never five',
      concurrency: 2,
      infra: (t: number) => t % 3 === 0,
      counted: undefined,
      by: 'done',
      made: 12,
    },
    {
      name: 'four infra counted before (a resume)',
      concurrency: 1,
      infra: () => true,
      counted: { made: 4, infra: 4 },
      by: 'infrastructure',
      made: 5,
    },
  ])('gives up on infrastructure per the shared rule: $name', async ({ concurrency, infra, counted, by, made }) => {
    const { seen, options } = harness(12, (t) => ({ infra: infra(t) }));
    const outcome = await runBatch({
      ...options,
      concurrency,
      ledger: new SpendLedger(null),
      ...(counted ? { counted } : {}),
    });
    expect(outcome.by).toBe(by);
    if (made !== undefined) expect(outcome.made).toBe(made);
    if (by === 'infrastructure') {
      // The reason as it stood at the give-up: the fifth failure (later runs in flight still finish and count).
      expect(outcome.reason).toBe(
        `${INFRA_GIVE_UP_MIN} of ${INFRA_GIVE_UP_MIN} runs failed for infrastructure reasons`,
      );
      expect(outcome.atStop).toEqual({ made: INFRA_GIVE_UP_MIN, infra: INFRA_GIVE_UP_MIN });
      // Nothing starts after the give-up: what ran past the fifth failure is what was already in flight.
      expect(seen.started.length).toBeLessThanOrEqual(INFRA_GIVE_UP_MIN - (counted?.made ?? 0) + concurrency - 1);
    }
  });

  it('leaves results that do not count (cancelled runs) out of the give-up tally', async () => {
    const { options } = harness(10, () => ({ infra: true, counts: false }));
    const outcome = await runBatch({ ...options, concurrency: 2, ledger: new SpendLedger(null) });
    expect(outcome).toMatchObject({ by: 'done', made: 0, infra: 0 });
  });

  it.each([
    { stopAt: 1, concurrency: 1 },
    { stopAt: 3, concurrency: 1 },
    { stopAt: 3, concurrency: 3 },
  ])(
    'stops when onDone asks (at result $stopAt, $concurrency at a time) and hands the request back',
    async ({ stopAt, concurrency }) => {
      const { seen, options } = harness(20);
      let done = 0;
      let startedAfterRequest = 0;
      let requested = false;
      const outcome = await runBatch<number, Result, BatchRequest & { code: string }>({
        ...options,
        concurrency,
        ledger: new SpendLedger(null),
        run: (task) => {
          if (requested) startedAfterRequest += 1;
          return options.run(task);
        },
        onDone: () => {
          done += 1;
          if (done < stopAt) return undefined;
          requested = true;
          return { reason: `enough after ${done}`, code: 'adaptive' };
        },
      });
      expect(outcome).toMatchObject({
        by: 'requested',
        reason: `enough after ${stopAt}`,
        request: { code: 'adaptive', reason: `enough after ${stopAt}` },
      });
      expect(startedAfterRequest).toBe(0);
      if (concurrency === 1) expect(seen.started).toHaveLength(stopAt);
    },
  );

  it.each([
    { name: 'run', where: 'run' as const },
    { name: 'onDone', where: 'onDone' as const },
  ])(
    'an error thrown by $name is thrown once the tasks in flight have settled, the ledger balanced',
    async ({ where }) => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const ledger = new SpendLedger(100);
      let inFlight = 0;
      let started = 0;
      let pulled = 0;
      const failing = 1;
      const promise = runBatch<number, number>({
        concurrency: 3,
        ledger,
        next: () => (pulled < 10 ? pulled++ : undefined),
        run: async (task) => {
          started += 1;
          inFlight += 1;
          try {
            if (where === 'run' && task === failing) throw new Error(`task ${task} failed`);
            if (task !== failing) await gate;
            return task;
          } finally {
            inFlight -= 1;
          }
        },
        costOf: () => 1,
        isInfra: () => false,
        onDone: (task) => {
          if (task === failing) throw new Error(`task ${task} failed`);
          return undefined;
        },
      });
      let settled = false;
      promise.then(
        () => (settled = true),
        () => (settled = true),
      );
      await flush();
      // The failure is known, but two tasks are still under way: not thrown yet, and nothing new started.
      expect(settled).toBe(false);
      expect(inFlight).toBe(2);
      expect(started).toBe(3);
      open();
      await expect(promise).rejects.toThrow('task 1 failed');
      expect(inFlight).toBe(0);
      expect(started).toBe(3);
      // Every begin had its end: three runs counted, and nothing is left in flight to overshoot a cap.
      expect(ledger.summary().calls).toBe(3);
      expect(ledger.summary().spentUsd).toBe(where === 'run' ? 2 : 3);
    },
  );

  it('refuses a concurrency below 1', async () => {
    const { options } = harness(1);
    await expect(runBatch({ ...options, concurrency: 0, ledger: new SpendLedger(null) })).rejects.toThrow(
      /concurrency/,
    );
  });
});
