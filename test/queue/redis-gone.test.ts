/**
 * A worker whose Redis goes away (the server stopped, the host rebooted) is still stopped by Ctrl-C: its close no
 * longer waits for ever on a connection that retries without end, and it ends with exit 130 and no ioredis stack.
 * Needs redis-server on PATH (its own server is started and killed here; the shared test Redis is not touched).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { tempTree } from '../support/tmp.js';
import { BIN, queueEnv, startCli } from './cli-processes.js';
import { uniqueQueueName } from './redis.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-redis-gone-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

it(
  'Ctrl-C stops a worker whose Redis has gone: exit 130, no stack trace',
  async () => {
    expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
    expect(
      spawnSync('redis-server', ['--version']).error,
      'the queue tests need redis-server (apt-get install redis-server)',
    ).toBeUndefined();
    const port = await freePort();
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    children.push(redis);
    const url = `redis://127.0.0.1:${port}`;
    const worker = startCli(
      ['worker', '--queue', url],
      queueEnv('http://127.0.0.1:9', tree.root, uniqueQueueName('gone')),
      tree.root,
      children,
    );
    await worker.stderrShows('taking jobs');
    expect(worker.stderr()).toContain('taking jobs');
    redis.kill('SIGKILL');
    await worker.stderrShows('ECONNREFUSED');
    worker.child.kill('SIGINT');
    const ended = await worker.done;
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stderr).toContain('plugin-eval worker: stopping');
    expect(ended.stderr).toContain('plugin-eval worker: done: 0 jobs finished, 0 failed here');
    expect(ended.stderr).not.toMatch(/Unhandled error event|\n\s+at /);
  },
  HANG_LIMIT_MS,
);
