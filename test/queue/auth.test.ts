/**
 * A Redis that asks for a password (requirepass) or an ACL user, as docs/queue.md tells anyone to run one: the
 * worker and the submitter connect with the credentials in the URL, and without them they stop saying why, with
 * the password never printed.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { checkRedis, QueueUnavailableError } from '../../src/queue/connection.js';
import { runPlanOnQueue } from '../../src/queue/submit.js';
import { runWorker } from '../../src/queue/worker.js';
import { tempTree } from '../support/tmp.js';
import { startRedisWith, uniqueQueueName } from './redis.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tree = tempTree('plugin-eval-auth-');
const PASSWORD = 'default-pw-9c2b';
const ALICE = 'alice-pw-41e0';
let port: number;

beforeAll(async () => {
  port = await startRedisWith(['--requirepass', PASSWORD, '--user', 'alice', 'on', `>${ALICE}`, '~*', '&*', '+@all'], {
    password: PASSWORD,
  });
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), path.join(tree.root, 'skills/csv-profiler'), {
    recursive: true,
  });
}, HANG_LIMIT_MS);

/** One quick-depth target through the queue at `url`, scored by an in-process worker. */
async function scoreThrough(url: string) {
  const name = uniqueQueueName('auth');
  const stop = new AbortController();
  const worker = runWorker({
    url,
    name,
    judgeProvider: () => Promise.reject(new Error('no judge at quick depth')),
    signal: stop.signal,
    allowedRoots: [tree.root],
  });
  try {
    const plan = planFromOptions([path.join(tree.root, 'skills/csv-profiler')], { depth: 'quick' });
    return await runPlanOnQueue(plan, { providers: {} }, { url, name, root: tree.root });
  } finally {
    stop.abort();
    await worker;
  }
}

describe('a Redis with AUTH', () => {
  it.each([
    ["the default user's password (requirepass)", () => `redis://:${PASSWORD}@127.0.0.1:${port}`],
    ['an ACL user and password', () => `redis://alice:${ALICE}@127.0.0.1:${port}`],
  ])('%s in the URL: jobs are submitted and scored', async (_name, url) => {
    const run = await scoreThrough(url());
    expect(run.status).toBe('success');
    expect(run.results.map((r) => path.basename(r.target.path))).toEqual(['csv-profiler']);
  });

  it('without the password, or with a wrong one, the worker stops saying why and never prints the password', async () => {
    const none = await checkRedis(`redis://127.0.0.1:${port}`, 'worker').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(none).toBeInstanceOf(QueueUnavailableError);
    expect((none as Error).message).toMatch(
      /^could not reach Redis at redis:\/\/127\.0\.0\.1:\d+: NOAUTH Authentication required/,
    );
    const wrong = await checkRedis(`redis://alice:not-${ALICE}@127.0.0.1:${port}`, 'worker').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(wrong).toBeInstanceOf(QueueUnavailableError);
    expect((wrong as Error).message).toMatch(
      /^could not reach Redis at redis:\/\/alice:\*\*\*@127\.0\.0\.1:\d+: WRONGPASS/,
    );
    expect((wrong as Error).message).not.toContain(ALICE);
    expect((wrong as QueueUnavailableError).next).toMatch(
      /^the worker took no job: give the Redis user and password in the URL/,
    );
  });
});
