// Results store benchmark (npm run bench:store). Not a test: prints figures for issue 12 item 4.
//   1. store writes: results/s recording one 1,000-result run (one recordScoreRun call, as the recorder's batches add
//      up)
//   2. store reads: reusable() lookups/s (one key at a time, as --only-changed asks) and history() queries/s
//   3. `score DIR --only-changed` on an unchanged 1,000-skill corpus vs scoring it (target: >= 10x faster);
//      scoring with the store on and with --no-store, to show what recording costs
//   BENCH_SKILLS=1000  BENCH_ROUNDS=3  BENCH_DIST=<an earlier dist/>  PLUGIN_EVAL_CORPUS=<folder of skills>
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpuMs, median } from './lib/measure.mjs';
import { findSkills } from './lib/skills.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const cli = path.join(dist, 'bin/plugin-eval.js');
const count = Number(process.env.BENCH_SKILLS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const lib = await import(path.join(dist, 'index.js'));
const { openResultsStore } = await import(path.join(dist, 'store/sqlite-store.js'));
const { planKeyOf, reuseKeyOf } = await import(path.join(dist, 'store/keys.js'));
const { VERSION } = await import(path.join(dist, 'version.js'));

// Real skill text: the shared corpus when there is one, else the examples, copied round-robin under new names.
const corpusDir = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const sources = findSkills(existsSync(corpusDir) ? corpusDir : path.join(root, 'examples/skills')).sort();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-store-'));
const corpus = path.join(tmp, 'skills');
const fmt = (x, digits = 1) => x.toFixed(digits).padStart(9);
const timed = async (fn) => {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
};

try {
  for (let i = 0; i < count; i++) {
    const src = sources[i % sources.length];
    cpSync(src, path.join(corpus, `s${String(i).padStart(5, '0')}`, path.basename(src)), { recursive: true });
  }
  console.log(
    `plugin-eval results store benchmark: ${count} generated skills (from ${sources.length} real ones), ` +
      `node ${process.version}, ${os.cpus().length} cores\n`,
  );

  // 1. Writes. The run and its keys are made once; each round records into a fresh store.
  const run = await lib.score([corpus], { config: false, depth: 'quick' });
  const planKey = planKeyOf(run.plan, VERSION);
  const keys = new Map();
  const hashing = await timed(async () => {
    for (const r of run.results) keys.set(r.target.path, await reuseKeyOf(r.target.path, planKey));
  });
  const writes = [];
  for (let round = 0; round < rounds; round++) {
    const store = await openResultsStore({ location: path.join(tmp, `write-${round}.db`) });
    writes.push((await timed(() => store.recordScoreRun({ ...run, runId: `bench-${round}` }, 'score', keys))).ms);
    await store.close();
  }
  console.log(
    `write  : ${fmt((run.results.length / median(writes)) * 1000, 0)} results/s   ` +
      `(one ${run.results.length}-result run: median ${fmt(median(writes))} ms over ${rounds} fresh stores)`,
  );
  console.log(
    `hashing: ${fmt((run.results.length / hashing.ms) * 1000, 0)} targets/s (content hash of every file, linear)`,
  );

  // 2. Reads, on the last store (one run recorded).
  const store = await openResultsStore({ location: path.join(tmp, `write-${rounds - 1}.db`) });
  const all = [...keys.values()];
  const lookups = await timed(async () => {
    let found = 0;
    for (const key of all) found += (await store.reusable([key])).size;
    return found;
  });
  const histories = await timed(async () => {
    for (const key of all) await store.history(key.targetKey);
  });
  await store.close();
  console.log(
    `read   : ${fmt((all.length / lookups.ms) * 1000, 0)} reusable() lookups/s (${lookups.value} ` +
      `of ${all.length} found)   ${fmt((all.length / histories.ms) * 1000, 0)} history() queries/s`,
  );

  // 3. Through the CLI, as a user runs it: JSON Lines to a pipe, one store per variant.
  // Wall and CPU time: on a shared machine wall time includes time stolen by neighbours, CPU time hardly moves.
  const cliRun = (args) => {
    const c0 = childCpuMs();
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [cli, 'score', corpus, '--output', 'jsonl', ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0 && r.status !== 1) throw new Error(`score ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    return { ms: performance.now() - t0, cpu: childCpuMs() - c0, stderr: r.stderr };
  };
  const cliStore = path.join(tmp, 'cli.db');
  const variants = { noStore: [], scored: [], reused: [] };
  let said = '';
  for (let round = 0; round < rounds; round++) {
    variants.noStore.push(cliRun(['--no-store']));
    variants.scored.push(cliRun(['--store', cliStore]));
    const again = cliRun(['--store', cliStore, '--only-changed']);
    variants.reused.push(again);
    said = again.stderr.split('\n').find((l) => l.includes('reused')) ?? '(no reuse line)';
  }
  const wall = (v) => median(variants[v].map((r) => r.ms));
  const cpu = (v) => median(variants[v].map((r) => r.cpu));
  const line = (label, v, extra = '') =>
    console.log(
      `score ${count} skills, ${label.padEnd(15)}: median ${fmt(wall(v) / 1000, 2)} s ` +
        `wall, ${fmt(cpu(v) / 1000, 2)} s CPU${extra}`,
    );
  console.log('');
  line('--no-store', 'noStore');
  line('recorded', 'scored');
  line(
    '--only-changed',
    'reused',
    `   ${(wall('scored') / wall('reused')).toFixed(1)}x faster ` +
      `wall, ${(cpu('scored') / cpu('reused')).toFixed(1)}x CPU than scoring (target >= 10x)`,
  );
  console.log(`  ${said.trim()}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
