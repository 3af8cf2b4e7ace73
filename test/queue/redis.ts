/**
 * The Redis the queue tests use: PLUGIN_EVAL_TEST_REDIS when .ci/run started one, else a redis-server of our own
 * on a free port (no persistence), stopped after the file. Neither possible: the tests FAIL saying so, never skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll } from 'vitest';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function answersPing(port: number): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

let own: ChildProcess | undefined;

function stopOwn(): void {
  if (own && own.exitCode === null) own.kill('SIGTERM');
  own = undefined;
}
// Registered here, at the top level of the test file that imports this module: a hook added inside beforeAll is not run.
afterAll(stopOwn);

/** The Redis URL for this test file (one redis-server per file when none is given). */
export async function testRedis(): Promise<string> {
  const given = process.env.PLUGIN_EVAL_TEST_REDIS;
  if (given) return given;
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error('the queue tests need Redis: set PLUGIN_EVAL_TEST_REDIS=redis://127.0.0.1:6379, or install redis-server (apt-get install redis-server; .ci/run does)');
  }
  const port = await freePort();
  own = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  // Also when the test process ends without running afterAll (a crash, a timeout).
  process.once('exit', stopOwn);
  for (let i = 0; i < 100; i++) {
    if (await answersPing(port)) return `redis://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on 127.0.0.1:${port} did not answer`);
}

let counter = 0;
/** A queue name no other test (or test file, or run) uses: tests never see each other's jobs. */
export const uniqueQueueName = (label: string): string => `test-${label}-${process.pid}-${Date.now().toString(36)}-${counter++}`;
