// `logs aggregate` and `logs stats` on a generated log tree (issue 11: LEARNINGS.md from 100k executions).
// Not a test. Writes BENCH_ENTRIES executions (default 100000) over 50 skills and 30 days, a fifth of them reviewed
// with friction drawn from a bank of phrasings, then times the built CLI (run `npm run build` first).
//   node bench/logs-aggregate.mjs
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.env.BENCH_ENTRIES ?? 100_000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-logs-'));
const logs = path.join(dir, 'skills', 'logs');
const topics = [
  'examples',
  'error handling',
  'setup steps',
  'the config format',
  'token usage',
  'the API version',
  'test data',
  'deploy steps',
];
const shapes = [
  (t) => `Missing ${t}`,
  (t) => `missing ${t}!`,
  (t) => `Unclear guidance on ${t}`,
  (t) => `unclear guidance about ${t}.`,
  (t) => `Outdated ${t}`,
];
let seed = 11;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const now = Date.now();
const files = new Map();
for (let i = 0; i < count; i++) {
  const skill = `skill-${i % 50}`;
  const at = new Date(now - random() * 30 * 86_400_000);
  const reviewed = random() < 0.2;
  const line = {
    timestamp: at.toISOString(),
    invocation_id: `bench:${skill}:${i}`,
    skill: `bench:${skill}`,
    plugin: 'bench',
    skill_name: skill,
    duration_ms: Math.round(random() * 20_000),
    outcome: random() < 0.8 ? 'success' : random() < 0.5 ? 'failure' : 'partial',
    context: { session_id: random() < 0.02 ? 'test-x' : `s${i % 997}` },
    error: null,
    qualitative_evaluation: reviewed
      ? {
          evaluated_at: new Date(at.getTime() + 86_400_000).toISOString(),
          rating: 1 + Math.floor(random() * 5),
          friction_points: [
            shapes[Math.floor(random() * shapes.length)](topics[Math.floor(random() * topics.length)]) +
              (random() < 0.3 ? ` in step ${Math.floor(random() * 40)}` : ''),
          ],
          improvement_suggestions: [],
          evaluator_notes: '',
          evaluator: 'human',
        }
      : null,
  };
  const file = path.join(logs, 'bench', skill, `${line.timestamp.slice(0, 10)}.jsonl`);
  if (!files.has(file)) files.set(file, []);
  files.get(file).push(JSON.stringify(line));
}
for (const [file, lines] of files) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
}
const cli = path.join(root, 'dist', 'bin', 'plugin-eval.js');
for (const args of [
  ['logs', 'aggregate', '--logs-dir', logs],
  ['logs', 'stats', '--logs-dir', logs],
  ['logs', 'improve', '--dry-run', '--logs-dir', logs],
]) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const ms = performance.now() - start;
  console.log(
    `${args.slice(0, 2).join(' ').padEnd(14)} ${count} executions: ${ms.toFixed(0)} ms wall, exit ${r.status}`,
  );
  if (r.status !== 0) console.log(r.stderr);
}
rmSync(dir, { recursive: true, force: true });
