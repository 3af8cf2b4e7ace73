// Hook latency (issue 11: p95 <= 100 ms per invocation). Not a test. Runs the built CLI's `hook pre` and
// `hook post` as Claude Code does (a new process, the hook JSON on stdin) for a Skill call, in pairs, into a temp
// logs folder; prints p50/p95/max per phase and for both together, next to a bare `node -e 0` for scale.
//   node bench/hook.mjs            (BENCH_HOOK_RUNS=200 pairs; npm run bench:hook builds first)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpuMs } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The package's bin (the CommonJS dispatcher), as `hooks install` writes it into the hook command.
const bin = path.join(root, JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).bin['plugin-eval']);
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 200);
const logs = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-hook-'));

const base = { session_id: 'bench-session', transcript_path: path.join(logs, 'none.jsonl'), cwd: root, tool_name: 'Skill', tool_input: { skill: 'bench:skill' } };
const times = { pre: [], post: [], bare: [] };
const cpu = { pre: 0, post: 0, bare: 0 };
let lastCpu = 0;
const time = (args, input) => {
  lastCpu = childCpuMs();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
  const ms = performance.now() - t0;
  lastCpu = childCpuMs() - lastCpu;
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return ms;
};
for (let i = 0; i < runs + 1; i++) {
  const id = `toolu_bench_${i}`;
  const pre = time([bin, 'hook', 'pre', '--logs-dir', logs], JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_use_id: id }));
  const preCpu = lastCpu;
  const post = time([bin, 'hook', 'post', '--logs-dir', logs], JSON.stringify({ ...base, hook_event_name: 'PostToolUse', tool_use_id: id, tool_response: { success: true, commandName: 'bench:skill' } }));
  const postCpu = lastCpu;
  const bare = time(['-e', '0'], '');
  if (i === 0) continue; // warms the file cache
  cpu.pre += preCpu;
  cpu.post += postCpu;
  cpu.bare += lastCpu;
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
const rows = { 'hook pre': [times.pre, cpu.pre / runs], 'hook post': [times.post, cpu.post / runs], 'hook (pre and post)': [[...times.pre, ...times.post], (cpu.pre + cpu.post) / (2 * runs)], 'bare node -e 0': [times.bare, cpu.bare / runs] };
for (const [name, [xs, cpuMs]] of Object.entries(rows)) {
  console.log(`${name.padEnd(20)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms   max ${Math.max(...xs).toFixed(1).padStart(6)} ms wall   ${cpuMs.toFixed(1).padStart(5)} ms CPU`);
}
const load = os.loadavg()[0];
console.log(`load average (1 min) at the end: ${load.toFixed(2)}; wall times include node's own start-up (the bare row)`);
console.log(`lines logged: ${lines} (expected ${runs + 1}); hook errors: ${errors === '' ? 'none' : errors}`);
if (lines !== runs + 1 || errors !== '') process.exitCode = 1;
