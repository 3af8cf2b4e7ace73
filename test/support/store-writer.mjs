// One writer process for the concurrent-writers test (test/store/concurrent.test.ts): the BUILT store (dist/, so
// `npm run build` first) and the real @libsql/client file database, as a second `plugin-eval` run would use them.
// Usage: node store-writer.mjs <store file> <writer id> <runs> <start at, ms since the epoch> <a ScoreRun JSON file>
import { readFileSync } from 'node:fs';
import { openResultsStore } from '../../dist/store/sqlite-store.js';

const [location, id, runsText, startText, templateFile] = process.argv.slice(2);
const template = JSON.parse(readFileSync(templateFile, 'utf8'));
const result = template.results[0];
let lockWaits = 0;
// Every writer opens at the same moment, so the opens (WAL switch, migrations) collide too.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startText) - Date.now())));
const store = await openResultsStore({ location, onLockWait: () => (lockWaits += 1) });
for (let i = 0; i < Number(runsText); i++) {
  const results = [0, 1, 2].map((k) => ({
    ...result,
    target: { ...result.target, path: `/skills/w${id}/run${i}/s${k}` },
  }));
  const keys = new Map(
    results.map((r) => [r.target.path, { targetKey: r.target.path, contentHash: `hash-${k(r)}`, planKey: 'plan' }]),
  );
  const run = { ...template, runId: `writer-${id}-run-${i}`, results };
  await store.recordScoreRun(run, 'score', keys);
  // A retried job records the same run again: it must still be stored once.
  await store.recordScoreRun(run, 'score', keys);
}
await store.close();
process.stdout.write(`${JSON.stringify({ id, lockWaits })}\n`);

function k(r) {
  return r.target.path.split('/').pop();
}
