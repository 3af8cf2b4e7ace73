import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Client } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { isLockError, retryWhileLocked } from '../../src/providers/cache/lock-retry.js';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { tempTree } from '../support/tmp.js';

const root = tempTree('plugin-eval-cache-locks-').root;
const toClose: { close(): void }[] = [];
afterEach(() => {
  for (const c of toClose.splice(0)) c.close();
});
let count = 0;
const freshDir = (): string => join(root, `d${++count}`);

const busy = Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' });

describe('retryWhileLocked', () => {
  it('retries lock errors with growing, capped, jittered waits until the operation succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWhileLocked(
      async () => {
        calls += 1;
        if (calls < 6) throw busy;
        return 'stored';
      },
      {
        deadlineMs: 10_000,
        baseDelayMs: 10,
        maxDelayMs: 40,
        random: () => 1,
        sleep: async (ms) => void waits.push(ms),
        now: () => 0,
      },
    );
    expect(result).toBe('stored');
    expect(waits).toEqual([10, 20, 40, 40, 40]);
  });

  it('gives up at the deadline with the lock error itself', async () => {
    let clock = 0;
    const attempt = retryWhileLocked(async () => Promise.reject(busy), {
      deadlineMs: 100,
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
    });
    await expect(attempt).rejects.toBe(busy);
    expect(clock).toBe(100);
  });

  it('Ctrl-C during a wait ends it at once with the lock error, marked interrupted', async () => {
    const controller = new AbortController();
    const lockError = () => Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' });
    let calls = 0;
    // The clock never moves and a wait never ends by itself, so only the interruption can end the call; it comes
    // once the first wait has begun.
    const attempt = retryWhileLocked(
      async () => {
        calls += 1;
        throw lockError();
      },
      {
        deadlineMs: 10_000,
        signal: controller.signal,
        now: () => 0,
        sleep: () => new Promise<void>(() => undefined),
        onWait: () => queueMicrotask(() => controller.abort()),
      },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'SQLITE_BUSY', interrupted: true });
    expect(calls).toBe(1);
  });

  it('a signal aborted before the work began is not heeded (the tidy-up after Ctrl-C still waits its turn)', async () => {
    const controller = new AbortController();
    controller.abort();
    let calls = 0;
    const result = await retryWhileLocked(
      async () => {
        calls += 1;
        if (calls < 4) throw busy;
        return 'stored';
      },
      { deadlineMs: 10_000, signal: controller.signal, sleep: async () => undefined },
    );
    expect([result, calls]).toEqual(['stored', 4]);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const other = Object.assign(new Error('SQLITE_CORRUPT: database disk image is malformed'), {
      code: 'SQLITE_CORRUPT',
    });
    const failing = async (): Promise<never> => {
      calls += 1;
      throw other;
    };
    await expect(retryWhileLocked(failing, { deadlineMs: 10_000 })).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('knows a lock error by code or message', () => {
    expect(isLockError({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe(true);
    expect(isLockError({ code: 'SQLITE_LOCKED' })).toBe(true);
    expect(isLockError(new Error('database table is locked'))).toBe(true);
    expect(isLockError(new Error('no such table: responses'))).toBe(false);
    expect(isLockError('SQLITE_BUSY')).toBe(false);
  });
});

/** Another connection (as another process would have) takes the write lock and keeps it until `release`. */
async function holdWriteLock(location: string): Promise<{ release: () => Promise<void>; client: Client }> {
  const client = createClient({ url: `file:${location}` });
  toClose.push(client);
  const tx = await client.transaction('write');
  await tx.execute('UPDATE lookup_counts SET hits = hits WHERE id = 1');
  return { release: () => tx.rollback(), client };
}

async function countVisibleFrom(client: Client): Promise<number> {
  return Number((await client.execute('SELECT COUNT(*) AS n FROM responses')).rows[0]?.n);
}

describe('a cache file another process is writing to', () => {
  it('waits for the lock without blocking, then commits so that other connections see the entry', async () => {
    const waits: number[] = [];
    const cache = await ResponseCache.open({
      dir: freshDir(),
      busyTimeoutMs: 1,
      onLockWait: (_e, ms) => waits.push(ms),
    });
    toClose.push(cache);
    const { release, client: other } = await holdWriteLock(cache.location);
    // The lock is let go once the cache has begun waiting and the event loop has ticked six times since: a wait inside
    // SQLite would block the loop, the lock would stay taken, and the write would fail after its 15 s budget.
    let ticks = 0;
    let released: Promise<void> | undefined;
    const ticker = setInterval(() => {
      if (waits.length > 0) ticks += 1;
      if (ticks === 6) released ??= release();
    }, 20);
    await cache.set('k1', { value: 'one' }, { provider: 'p', model: 'm' });
    clearInterval(ticker);
    await released;
    expect(waits.length).toBeGreaterThan(0);
    // The event loop ran while the cache waited (the wait is asynchronous, not inside SQLite).
    expect(ticks).toBeGreaterThan(5);
    // Visible to another connection, and so are later writes through the same cache: after a SQLITE_BUSY,
    // libSQL's old connection would have kept them in a transaction that never commits.
    expect(await countVisibleFrom(other)).toBe(1);
    await cache.set('k2', { value: 'two' }, { provider: 'p', model: 'm' });
    expect(await cache.get('k2')).toEqual({ value: 'two' });
    expect(await countVisibleFrom(other)).toBe(2);
  });

  it('reports the lock error after the retry budget, and keeps working once the lock is gone', async () => {
    const cache = await ResponseCache.open({ dir: freshDir(), busyTimeoutMs: 1, lockRetryMs: 150 });
    toClose.push(cache);
    const { release, client: other } = await holdWriteLock(cache.location);
    await expect(cache.set('k1', { value: 'one' }, { provider: 'p', model: 'm' })).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    await release();
    await cache.set('k1', { value: 'one' }, { provider: 'p', model: 'm' });
    expect(await countVisibleFrom(other)).toBe(1);
  });

  it('an unreadable cache file is a clear error naming it, not a stack trace', async () => {
    const dir = freshDir();
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'responses.db'),
      'this is not a database, just text long enough to have a header '.repeat(20),
    );
    await expect(ResponseCache.open({ dir })).rejects.toMatchObject({
      code: 'INPUT',
      message: expect.stringContaining(`${join(dir, 'responses.db')}: cannot open the response cache`),
    });
  });
});
