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

/** How a test reaches its own redis-server: a password, or TLS with a certificate signed by `ca` (PEM). */
export interface RedisAccess {
  password?: string;
  tls?: { ca: string };
}

async function answersPing(port: number, access: RedisAccess = {}): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis({
    host: '127.0.0.1',
    port,
    ...access,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
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
const extra: ChildProcess[] = [];

function stopOwn(): void {
  if (own && own.exitCode === null) own.kill('SIGTERM');
  own = undefined;
  for (const child of extra.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
}
// Registered here, at the top level of the test file that imports this module: a hook added inside beforeAll is not
// run.
afterAll(stopOwn);

/** The Redis URL for this test file (one redis-server per file when none is given). */
export async function testRedis(): Promise<string> {
  const given = process.env.PLUGIN_EVAL_TEST_REDIS;
  if (given) return given;
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      'the queue tests need Redis: set PLUGIN_EVAL_TEST_REDIS=redis://127.0.0.1:6379, or install redis-server ' +
        '(apt-get install redis-server; .ci/run does)',
    );
  }
  const port = await freePort();
  own = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  // Also when the test process ends without running afterAll (a crash, a timeout).
  process.once('exit', stopOwn);
  return `redis://127.0.0.1:${await answering(port)}`;
}

async function answering(port: number, access?: RedisAccess): Promise<number> {
  for (let i = 0; i < 100; i++) {
    if (await answersPing(port, access)) return port;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on 127.0.0.1:${port} did not answer`);
}

/**
 * A redis-server of this test file's own with extra arguments (a password, ACL users, TLS files), stopped after the
 * file; `access` is how its PING is answered (with `tls`, the port is its TLS port and it has no plain one).
 * Returns its port.
 */
export async function startRedisWith(args: readonly string[], access: RedisAccess = {}): Promise<number> {
  if (spawnSync('redis-server', ['--version']).error)
    throw new Error('this test needs redis-server (apt-get install redis-server; .ci/run does)');
  const port = await freePort();
  const ports = access.tls ? ['--port', '0', '--tls-port', String(port)] : ['--port', String(port)];
  extra.push(
    spawn('redis-server', [...ports, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args], {
      stdio: 'ignore',
    }),
  );
  process.once('exit', stopOwn);
  return answering(port, access);
}

let counter = 0;
/** A queue name no other test (or test file, or run) uses: tests never see each other's jobs. */
export const uniqueQueueName = (label: string): string =>
  `test-${label}-${process.pid}-${Date.now().toString(36)}-${counter++}`;
