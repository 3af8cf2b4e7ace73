// Queue benchmark (npm run bench:queue). Not a test: prints figures for issue 12 item 4 (the queue part).
//   1,000 generated skills quick-scored: locally in one CLI run, then through the queue (score --queue) with 1, 2
//   and 4 `plugin-eval worker` processes on this machine: wall time, skills/s, and the overhead per job
//   (queue wall with one worker minus local wall, per skill). It starts and stops its own redis-server.
// BENCH_QUEUE_SKILLS=<n> changes the number of skills; BENCH_QUEUE_WORKERS=1,2,4 the worker counts.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSkills } from './lib/skills.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const cli = path.join(root, 'dist/bin/plugin-eval.js');
const count = Number(process.env.BENCH_QUEUE_SKILLS ?? 1000);
const workerCounts = (process.env.BENCH_QUEUE_WORKERS ?? '1,2,4').split(',').map(Number);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

if (spawnSync('redis-server', ['--version']).error) {
  console.error('bench:queue needs redis-server (apt-get install redis-server)');
  process.exit(2);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-queue-'));
const port = await freePort();
const url = `redis://127.0.0.1:${port}`;
const redis = spawn(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  { stdio: 'ignore' },
);
const workers = [];
const env = { ...process.env, PLUGIN_EVAL_DATA_DIR: path.join(tmp, 'data'), PLUGIN_EVAL_CACHE: 'false' };

/**
 * Wall time of one CLI run (ms); its output goes to a pipe and is counted. Exit 1 (errors in some corpus skills) is a
 * finished run.
 */
function timed(args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [cli, ...args], { env: { ...env, ...extraEnv }, cwd: tmp });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => (lines += d.toString().split('\n').length - 1));
    child.stderr.on('data', (d) => (stderr += d.toString()));
    child.on('close', (code) =>
      code === 0 || code === 1
        ? resolve({ ms: performance.now() - t0, lines })
        : reject(new Error(`exit ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** A worker process, resolved once it says it is taking jobs. */
function startWorker(queueName) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'worker', '--queue', url, '--queue-name', queueName], {
      env,
      cwd: tmp,
    });
    workers.push(child);
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d.toString();
      if (stderr.includes('taking jobs')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${stderr}`)));
  });
}

const fmt = (x, d = 2) => x.toFixed(d).padStart(8);

try {
  const skills = findSkills(corpus).sort();
  for (let i = 0; i < count; i++) {
    const src = skills[i % skills.length];
    cpSync(src, path.join(tmp, 'skills', `s${String(i).padStart(5, '0')}`, path.basename(src)), { recursive: true });
  }
  for (let i = 0; i < 50; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `plugin-eval queue benchmark: ${count} generated skills (copies of ${skills.length} corpus skills), quick ` +
      `depth, node ${process.version}, ${os.cpus().length} cores\n`,
  );

  const local = await timed(['score', 'skills', '--output', 'jsonl']);
  console.log(
    `local, one CLI run:       ${fmt(local.ms / 1000)} s wall, ${fmt(count / (local.ms / 1000), 1)} skills/s  ` +
      `(${local.lines} results)`,
  );
  let oneWorkerMs;
  for (const n of workerCounts) {
    const queueName = `bench-${n}-${Date.now().toString(36)}`;
    const started = await Promise.all(Array.from({ length: n }, () => startWorker(queueName)));
    const queued = await timed(['score', 'skills', '--output', 'jsonl', '--queue', url, '--queue-name', queueName]);
    for (const w of started) w.kill('SIGTERM');
    await Promise.all(started.map((w) => new Promise((r) => (w.exitCode !== null ? r() : w.once('exit', r)))));
    if (n === 1) oneWorkerMs = queued.ms;
    console.log(
      `queue, ${n} worker${n === 1 ? ' ' : 's'}:          ${fmt(queued.ms / 1000)} s ` +
        `wall, ${fmt(count / (queued.ms / 1000), 1)} skills/s  (${queued.lines} results)`,
    );
  }
  if (oneWorkerMs !== undefined)
    console.log(
      `\noverhead per job (1 worker wall - local wall) / skills: ${fmt((oneWorkerMs - local.ms) / count)} ms`,
    );
  console.log(
    "\nThe workers share this machine's cores with the submitter and Redis: more workers than cores cannot be " +
      'faster here.',
  );
} finally {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  redis.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
