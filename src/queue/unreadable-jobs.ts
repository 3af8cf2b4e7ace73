/**
 * BullMQ decodes a fetched job's options inside its own fetch (and its stalled-job check, in Lua): a job whose
 * options are not JSON, which only a hand-written job can have, would stay active for ever and every fetch would
 * fail. Such a job is rewritten in place into one that fails at once: options `{"attempts":1}` and data the worker
 * refuses as not JSON (UNREADABLE_JOB_DATA). The stalled-job check then puts it back, and the next fetch fails it.
 */
import { importLazily } from '../util/optional-package.js';
import { UNREADABLE_JOB_DATA } from './job-checks.js';

/** Active jobs looked at per repair: a queue has no more running jobs than its workers' concurrency. */
const MAX_ACTIVE_SCANNED = 1_000;

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Rewrites the active jobs of queue `name` whose options are not JSON; returns their ids. */
export async function failUnreadableActiveJobs(url: string, prefix: string, name: string): Promise<string[]> {
  const { Redis } = await importLazily(() => import('ioredis'), 'the job queue (--queue)');
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, retryStrategy: () => null });
  client.on('error', () => undefined);
  const key = (part: string) => `${prefix}:${name}:${part}`;
  const repaired: string[] = [];
  try {
    for (const id of await client.lrange(key('active'), 0, MAX_ACTIVE_SCANNED - 1)) {
      const opts = await client.hget(key(id), 'opts');
      if (opts === null || parses(opts)) continue;
      await client.hset(key(id), 'opts', JSON.stringify({ attempts: 1 }), 'data', JSON.stringify(UNREADABLE_JOB_DATA));
      repaired.push(id);
    }
  } finally {
    client.disconnect();
  }
  return repaired;
}
