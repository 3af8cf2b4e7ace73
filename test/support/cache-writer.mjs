// One writer process for the shared-cache test (test/providers/cache-processes.test.ts): the BUILT library
// (dist/, so `npm run build` first) and the real @libsql/client file database, exactly as a second
// `plugin-eval` run would use them.
// Usage: node cache-writer.mjs <cache dir> <writer id> <entries> <start at, ms since the epoch> [busy timeout ms]
import { ResponseCache } from '../../dist/providers/cache/index.js';

const [dir, id, countText, startText, busyText] = process.argv.slice(2);
const count = Number(countText);
let lockWaits = 0;
// Every writer opens and starts at the same moment, so the opens (WAL switch, schema) collide too.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startText) - Date.now())));
const cache = await ResponseCache.open({
  dir,
  onLockWait: () => (lockWaits += 1),
  ...(busyText === undefined ? {} : { busyTimeoutMs: Number(busyText) }),
});
for (let i = 0; i < count; i++) {
  const key = `writer-${id}-entry-${i}`;
  if ((await cache.get(key)) !== undefined) throw new Error(`${key} existed before it was written`);
  await cache.set(key, { value: `answer ${i} from writer ${id}` }, { provider: 'test', model: 'none' });
  if ((await cache.get(key)) === undefined) throw new Error(`${key} was not readable after its write`);
}
cache.close();
process.stdout.write(`${JSON.stringify({ id, written: count, lockWaits })}\n`);
