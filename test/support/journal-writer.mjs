// One process of the journal concurrency test (test/store/journal.test.ts), on the BUILT store (dist/, so `npm run
// build` first). `append`: journals runs as one-skill `score` processes do, writing to the database directly when
// the journal could not take a line (as the recorder does). `fold`: opens the store again and again, folding the
// journal each time, as `history` or a large run in another process would.
// Usage: node journal-writer.mjs append|fold <store file> <id> <count> <start at, ms since the epoch> <entry JSON file>
import { readFileSync } from 'node:fs';
import { appendToJournal } from '../../dist/store/journal.js';
import { openResultsStore } from '../../dist/store/sqlite-store.js';

const [mode, location, id, countText, startText, entryFile] = process.argv.slice(2);
const entry = JSON.parse(readFileSync(entryFile, 'utf8'));
const warn = (line) => process.stderr.write(`${line}\n`);
let direct = 0;
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startText) - Date.now())));
for (let i = 0; i < Number(countText); i++) {
  if (mode === 'fold') {
    await (await openResultsStore({ location, warn })).close();
    continue;
  }
  const runId = `writer-${id}-run-${i}`;
  const records = entry.records.map((r) => ({
    row: [`/skills/${runId}`, ...r.row.slice(1)],
    dimensions: r.dimensions.map((d) => [`/skills/${runId}`, ...d.slice(1)]),
  }));
  const line = { command: 'score', run: { ...entry.run, runId }, records, fileHashes: entry.fileHashes };
  if (!appendToJournal(location, line)) {
    // The recorder's fallback, in a process of its own (this one keeps appending).
    direct += 1;
    const store = await openResultsStore({ location, warn });
    await store.recordResults(line.run, 'score', line.records, line.fileHashes);
    await store.close();
  }
}
process.stdout.write(`${JSON.stringify({ id, direct })}\n`);
