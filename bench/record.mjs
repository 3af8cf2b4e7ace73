// What recording costs one skill per process: a bare `node -e 0`, then each given build's CLI on one skill with the
// results store off (PLUGIN_EVAL_STORE=off) and on (a temporary data folder per build, kept for the whole benchmark,
// so later runs record into a store that already holds runs, as a user's does; each variant its own code cache),
// round-robin so load from other processes hits every variant alike. Not a test. Prints median wall to exit and to the report's last byte, and the
// mean CPU of the processes.
//   node bench/record.mjs [dist-folder ...]      (default: dist; e.g. `.bench-before-dist dist`)
//   BENCH_RUNS=30 BENCH_SKILL=examples/skills/csv-profiler
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpuMs, median } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dists = process.argv.length > 2 ? process.argv.slice(2) : ['dist'];
const skill = path.resolve(root, process.env.BENCH_SKILL ?? 'examples/skills/csv-profiler');
const runs = Number(process.env.BENCH_RUNS ?? 30);
const dataDirs = [];
process.on('exit', () => {
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

function binOf(dist) {
  const commonJs = path.resolve(root, dist, 'bin/plugin-eval.cjs');
  return existsSync(commonJs) ? commonJs : path.resolve(root, dist, 'bin/plugin-eval.js');
}

/**
 * A temporary folder kept for the whole benchmark. Each variant has its own code cache: a cache holds the functions
 * its first run compiled, so a store-off run must not decide what a store-on run finds in it, and other processes on
 * the machine (which share the user's cache folder and prune it) must not drop it between runs.
 */
function scratchDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-record-'));
  dataDirs.push(dir);
  return dir;
}

const variants = [{ name: 'bare node -e 0', args: ['-e', '0'], env: process.env }];
for (const d of dists) {
  const args = [binOf(d), 'score', skill, '--depth', 'quick', '--output', 'json'];
  const off = { ...process.env, PLUGIN_EVAL_STORE: 'off', PLUGIN_EVAL_CODE_CACHE: scratchDir() };
  variants.push({ name: `${d}, store off`, args, env: off });
  const env = { ...process.env, PLUGIN_EVAL_DATA_DIR: scratchDir(), PLUGIN_EVAL_CODE_CACHE: scratchDir() };
  delete env.PLUGIN_EVAL_STORE;
  variants.push({ name: `${d}, store on`, args, env });
}

function timed(v) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let printed = t0;
    let stderr = '';
    const child = spawn(process.execPath, v.args, { stdio: ['ignore', 'pipe', 'pipe'], env: v.env });
    child.stdout.on('data', () => (printed = performance.now()));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`${v.args.join(' ')} failed: ${stderr}`));
      else if (stderr.includes('not recorded')) reject(new Error(`${v.name}: ${stderr}`));
      else resolve({ ms: performance.now() - t0, printed: printed - t0 });
    });
  });
}

const wall = variants.map(() => []);
const printedAt = variants.map(() => []);
const cpu = variants.map(() => 0);
for (let i = 0; i < runs + 1; i++) {
  for (const [k, v] of variants.entries()) {
    const c0 = childCpuMs();
    const r = await timed(v);
    // The first round warms the file cache and writes the CLI's code cache.
    if (i === 0) continue;
    wall[k].push(r.ms);
    printedAt[k].push(r.printed);
    cpu[k] += childCpuMs() - c0;
  }
}
const bare = median(wall[0]);
const bareCpu = cpu[0] / runs;
console.log(`one skill per process, ${runs} interleaved runs each (${skill})`);
for (const [k, v] of variants.entries()) {
  const w = median(wall[k]);
  const c = cpu[k] / runs;
  console.log(
    `${v.name.padEnd(34)} wall ${w.toFixed(1)} ms (+${(w - bare).toFixed(1)}), report at ${median(printedAt[k]).toFixed(1)} ms, ` +
      `CPU ${c.toFixed(1)} ms (+${(c - bareCpu).toFixed(1)})`,
  );
}
