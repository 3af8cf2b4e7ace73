// Hook latency (issue 11: p95 <= 100 ms per invocation). Not a test. Runs the built CLI's `hook pre` and
// `hook post` as Claude Code does (a new process, the hook JSON on stdin) for a Skill call, in pairs, into a temp
// logs folder; prints p50/p95/max per phase and for both together, next to a bare `node -e 0` for scale.
//   node bench/hook.mjs            (BENCH_HOOK_RUNS=200 pairs; npm run bench:hook builds first)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'dist/bin/plugin-eval.js');
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 200);
const logs = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-hook-'));

const base = { session_id: 'bench-session', transcript_path: path.join(logs, 'none.jsonl'), cwd: root, tool_name: 'Skill', tool_input: { skill: 'bench:skill' } };
const times = { pre: [], post: [], bare: [] };
const time = (args, input) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return ms;
};
for (let i = 0; i < runs + 1; i++) {
  const id = `toolu_bench_${i}`;
  const pre = time([bin, 'hook', 'pre', '--logs-dir', logs], JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_use_id: id }));
  const post = time([bin, 'hook', 'post', '--logs-dir', logs], JSON.stringify({ ...base, hook_event_name: 'PostToolUse', tool_use_id: id, tool_response: { success: true, commandName: 'bench:skill' } }));
  const bare = time(['-e', '0'], '');
  if (i === 0) continue; // warms the file cache
  times.pre.push(pre);
  times.post.push(post);
  times.bare.push(bare);
}
const day = new Date().toISOString().slice(0, 10);
const lines = readFileSync(path.join(logs, 'bench/skill', `${day}.jsonl`), 'utf8').trim().split('\n').length;
let errors = '';
try {
  errors = readFileSync(path.join(logs, '.hook-errors.log'), 'utf8');
} catch {
  // none: good
}
rmSync(logs, { recursive: true, force: true });

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
console.log(`hook latency, ${runs} pre/post pairs (new process each, stdin JSON), node ${process.version}, ${os.cpus().length} cores`);
for (const [name, xs] of Object.entries({ 'hook pre': times.pre, 'hook post': times.post, 'hook (pre and post)': [...times.pre, ...times.post], 'bare node -e 0': times.bare })) {
  console.log(`${name.padEnd(20)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms   max ${Math.max(...xs).toFixed(1).padStart(6)} ms`);
}
console.log(`lines logged: ${lines} (expected ${runs + 1}); hook errors: ${errors === '' ? 'none' : errors}`);
if (lines !== runs + 1 || errors !== '') process.exitCode = 1;
