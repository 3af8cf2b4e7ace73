/**
 * Reaching Redis: BullMQ and ioredis load lazily (a `score` without --queue never pays for them), and a Redis
 * that cannot be reached is said in one line naming the URL after a bounded wait, instead of ioredis's
 * endless reconnecting.
 */
import type * as Bullmq from 'bullmq';
import { PluginEvalError } from '../errors.js';
import { importLazily } from '../util/optional-package.js';
import { DEFAULT_QUEUE_NAME, DEFAULT_QUEUE_PREFIX } from './job.js';

/** Where the jobs of a run go: the Redis URL, and BullMQ's queue name and key prefix there. */
export interface QueueAddress {
  url: string;
  /** Default DEFAULT_QUEUE_NAME; tests give each file its own. */
  name?: string;
  /** Default DEFAULT_QUEUE_PREFIX. */
  prefix?: string;
}

/** How long a first connection may take before the run stops (exit 3). */
export const CONNECT_TIMEOUT_MS = 5_000;

export const queueNameOf = (address: QueueAddress): string => address.name ?? DEFAULT_QUEUE_NAME;
export const queuePrefixOf = (address: QueueAddress): string => address.prefix ?? DEFAULT_QUEUE_PREFIX;

/** The URL as shown in messages: a password in it is never printed. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

export function loadBullmq(): Promise<typeof Bullmq> {
  return importLazily(() => import('bullmq'), 'the job queue (--queue)');
}

/**
 * Infrastructure, never a skill's fault: the run (or the worker) stops with exit 3. `next` says what to do; the
 * CLI's general exit-3 line is about a score missing a layer, which a worker or an unreachable queue is not.
 */
export class QueueUnavailableError extends PluginEvalError {
  constructor(message: string, cause?: unknown, next?: string) {
    super('NOT_MEASURED', message, { cause, ...(next !== undefined ? { next } : {}) });
    this.name = 'QueueUnavailableError';
  }
}

/** Who is checking: the advice differs (a worker has taken no job; a submitter has enqueued nothing). */
export type RedisRole = 'worker' | 'submitter';

const UNREACHABLE_NEXT: Record<RedisRole, string> = {
  worker:
    'the worker took no job: start redis-server at that address, or give --queue (PLUGIN_EVAL_QUEUE, the config ' +
    "file's queue) the URL of the Redis the runs are submitted to, then start the worker again",
  submitter:
    'nothing was enqueued or scored: start redis-server at that address, or give --queue (PLUGIN_EVAL_QUEUE, ' +
    "the config file's queue) the URL of the Redis the workers use; without --queue the run scores in this " +
    'process',
};

/** One PING with no reconnecting: either Redis answers within `timeoutMs`, or the error names the URL and why. */
export async function checkRedis(url: string, role: RedisRole, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  // BullMQ first: with neither installed, the message names the package the queue is built on.
  await loadBullmq();
  const { Redis } = await importLazily(() => import('ioredis'), 'the job queue (--queue)');
  // disconnectTimeout: ioredis otherwise keeps a 2 s timer after a refused connection, and the process waits for it.
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    disconnectTimeout: 0,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // ioredis emits the socket's error (ECONNREFUSED...) as an event and rejects with "Connection is closed": the event
  // says why.
  let socketError: unknown;
  client.on('error', (error) => (socketError ??= error));
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    });
    await Promise.race([client.connect().then(() => client.ping()), timeout]);
  } catch (error) {
    const reason = reasonOf(socketError ?? error);
    throw new QueueUnavailableError(
      `could not reach Redis at ${shownUrl(url)}: ${reason}`,
      error,
      nextFor(reason, role),
    );
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** What to do: Redis answered but refused the credentials, or its certificate was not trusted, or it is not there. */
function nextFor(reason: string, role: RedisRole): string {
  const took = role === 'worker' ? 'the worker took no job' : 'nothing was enqueued or scored';
  if (/NOAUTH|WRONGPASS|NOPERM|invalid password|invalid username-password/i.test(reason)) {
    return (
      `${took}: give the Redis user and password in the URL (redis://USER:PASSWORD@HOST:PORT, or ` +
      `redis://:PASSWORD@HOST:PORT for requirepass; docs/queue.md)`
    );
  }
  if (/certificate|SSL|TLS/i.test(reason)) {
    return (
      `${took}: trust the CA that signed the Redis server's certificate (NODE_EXTRA_CA_CERTS=ca.pem), or check ` +
      `the host name in the rediss:// URL is the certificate's (docs/queue.md)`
    );
  }
  return UNREACHABLE_NEXT[role];
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return 'connection refused (is redis-server running there?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? message;
}

/** BullMQ's connection options: plain data, so each Queue/Worker opens its own connection. */
export function connectionOf(url: string, role: 'producer' | 'worker') {
  // A worker blocks on Redis and must retry forever (BullMQ requires null); the submitter polls and says so
  // when Redis goes away, so its commands fail instead of queueing offline.
  return role === 'worker'
    ? { url, maxRetriesPerRequest: null }
    : { url, maxRetriesPerRequest: 1, enableOfflineQueue: false };
}
