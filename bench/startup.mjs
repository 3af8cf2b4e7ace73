// Start-up benchmark for one skill per process (issue 8 item 10: CLI overhead <= 30 ms above a bare node).
// Not a test. Runs a bare `node -e 0`, each given build's CLI on one skill, round-robin, so load from
// other processes on a shared machine hits every variant alike; prints medians and the overhead above bare node, to
// the process's exit and to its report's last byte on stdout.
//   node bench/startup.mjs [dist-folder ...]        (default: dist; e.g. `.bench-before-dist dist`)
//   BENCH_RUNS=25 BENCH_SKILL=examples/skills/csv-profiler   (PLUGIN_EVAL_CODE_CACHE=off: runs without a code cache)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpuMs, median } from './lib/measure.mjs';
import { benchStore } from './lib/store-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dists = process.argv.length > 2 ? process.argv.slice(2) : ['dist'];
const skill = path.resolve(root, process.env.BENCH_SKILL ?? 'examples/skills/csv-profiler');
const runs = Number(process.env.BENCH_RUNS ?? 25);
const storeLabel = benchStore();

/** The package's bin in that build: the CommonJS dispatcher, or the ES module entry of builds before it. */
function binOf(dist) {
  const commonJs = path.resolve(root, dist, 'bin/plugin-eval.cjs');
  return existsSync(commonJs) ? commonJs : path.resolve(root, dist, 'bin/plugin-eval.js');
}

const variants = [
  { name: 'bare node -e 0', args: ['-e', '0'] },
  ...dists.map((d) => ({ name: d, args: [binOf(d), 'score', skill, '--depth', 'quick', '--output', 'json'] })),
];
const times = variants.map(() => []);
const printedAt = variants.map(() => []);
const cpu = variants.map(() => 0);

/**
 * One run: wall ms to exit, and to the report's last byte on stdout (the process records in the results store after
 * printing, so a reader of the report has it before the process ends).
 */
function timed(args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let printed = t0;
    let stderr = '';
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', () => (printed = performance.now()));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0 && code !== 1) reject(new Error(`${args.join(' ')} failed: ${stderr}`));
      else resolve({ ms, printed: printed - t0 });
    });
  });
}

for (let i = 0; i < runs + 1; i++) {
  for (const [k, v] of variants.entries()) {
    const c0 = childCpuMs();
    const r = await timed(v.args);
    if (i > 0) {
      times[k].push(r.ms); // the first round warms the file cache and writes the CLI's code cache
      printedAt[k].push(k === 0 ? r.ms : r.printed);
      cpu[k] += childCpuMs() - c0;
    }
  }
}

const bare = median(times[0]);
const bareCpu = cpu[0] / runs;
console.log(
  `one skill per process (${path.relative(root, skill)}), ${runs} interleaved runs, ` +
    `node ${process.version}; ${storeLabel}`,
);
variants.forEach((v, k) => {
  const m = median(times[k]);
  const c = cpu[k] / runs;
  const extra =
    k === 0
      ? ''
      : `   overhead ${(m - bare).toFixed(1).padStart(6)} ms wall, ${(c - bareCpu).toFixed(1).padStart(6)} ms CPU;` +
        ` report printed at ${median(printedAt[k]).toFixed(1).padStart(6)} ms (overhead ` +
        `${(median(printedAt[k]) - bare).toFixed(1).padStart(6)} ms)`;
  console.log(
    `${v.name.padEnd(22)} median ${m.toFixed(1).padStart(6)} ms wall (fastest ${Math.min(...times[k])
      .toFixed(1)
      .padStart(6)}), ${c.toFixed(1).padStart(6)} ms CPU${extra}`,
  );
});
