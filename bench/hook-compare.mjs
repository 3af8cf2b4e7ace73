// Hook latency of several builds side by side. Not a test. Rounds of `measureHookLatency` (bench/lib/hook-latency.mjs:
// the installed command through /bin/sh, pre/post pairs, a bare node through the same shell between them), the builds
// alternating and their order reversed every other round, so load from other processes hits each build alike. Prints
// per round and build the median and p95 of a hook run above the bare node's, and its CPU above the bare node's.
//   node bench/hook-compare.mjs [dist-folder ...]     (default: dist; e.g. `.bench-base dist`)
//   BENCH_ROUNDS=3 BENCH_HOOK_RUNS=40
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureHookLatency, percentile } from './lib/hook-latency.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dists = process.argv.length > 2 ? process.argv.slice(2) : ['dist'];
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 40);

const binOf = (dist) => {
  const commonJs = path.resolve(root, dist, 'bin/plugin-eval.cjs');
  return existsSync(commonJs) ? commonJs : path.resolve(root, dist, 'bin/plugin-eval.js');
};
const fmt = (ms) => ms.toFixed(1).padStart(5);

console.log(
  `hook latency above a bare node, ${rounds} rounds of ${runs} pre/post pairs per build, node ${process.version}`,
);
const summary = new Map(dists.map((d) => [d, []]));
for (let round = 0; round < rounds; round++) {
  for (const dist of round % 2 === 0 ? dists : [...dists].reverse()) {
    const hook = await measureHookLatency({ dist: path.resolve(root, dist), bin: binOf(dist), runs, cwd: root });
    const bare = hook.rows[hook.bareCleared];
    const line = {
      median: percentile(hook.both.xs, 50) - percentile(bare.xs, 50),
      p95: percentile(hook.both.xs, 95) - percentile(bare.xs, 95),
      cpu: hook.both.cpu / hook.both.xs.length - bare.cpu / bare.xs.length,
      bare: percentile(bare.xs, 50),
    };
    summary.get(dist).push(line);
    console.log(
      `round ${round + 1}  ${dist.padEnd(16)} median ${fmt(line.median)} ms  p95 ${fmt(line.p95)} ms  CPU ` +
        `${fmt(line.cpu)} ms above bare (bare median ${fmt(line.bare)} ms)  load ${os.loadavg()[0].toFixed(1)}` +
        `${hook.errors === '' && hook.lines === runs + 1 ? '' : `  LOG PROBLEM: ${hook.lines} lines, ${hook.errors}`}`,
    );
  }
}
for (const [dist, lines] of summary) {
  const list = (key) => lines.map((l) => l[key].toFixed(1)).join(' / ');
  console.log(`${dist.padEnd(16)} median ${list('median')}  p95 ${list('p95')}  CPU ${list('cpu')} ms above bare`);
}
