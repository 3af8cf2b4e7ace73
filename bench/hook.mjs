// Hook latency (issue 11: p95 <= 100 ms per invocation). Not a test. Runs the exact commands `hooks install` writes
// (dist/logs/hook-settings.js) through /bin/sh, as Claude Code runs a hook command: a new shell and process each,
// the hook JSON on stdin, for a Skill call, in pre/post pairs, into a temp logs folder. Prints p50/p95/max per phase
// and for both together, next to a bare `node -e 0` through the same shell for scale, with this environment's
// NODE_EXTRA_CA_CERTS as it is and cleared (the installed command clears it for the hook's node; see
// docs/logs/hooks.md "Figures").
//   node bench/hook.mjs            (BENCH_HOOK_RUNS=200 pairs; npm run bench:hook builds first)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOOK_ENV_PREFIX, hookCommand, shellQuote } from '../dist/logs/hook-settings.js';
import { childCpuMs } from './lib/measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The package's bin (the CommonJS dispatcher), as `hooks install` writes it into the hook command.
const bin = path.join(root, JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).bin['plugin-eval']);
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 200);
const logs = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-hook-'));
const program = { node: process.execPath, bin, logsDir: logs };
const command = { pre: hookCommand(program, 'pre'), post: hookCommand(program, 'post') };
const bareCommand = `${shellQuote(process.execPath)} -e 0`;
const extraCa = process.env.NODE_EXTRA_CA_CERTS;

const base = {
  session_id: 'bench-session',
  transcript_path: path.join(logs, 'none.jsonl'),
  cwd: root,
  tool_name: 'Skill',
  tool_input: { skill: 'bench:skill' },
};
const rows = {
  'hook pre': { xs: [], cpu: 0 },
  'hook post': { xs: [], cpu: 0 },
  'bare node -e 0': { xs: [], cpu: 0 },
  [`bare, ${HOOK_ENV_PREFIX}`]: { xs: [], cpu: 0 },
};
const time = (row, shellCommand, input, warm) => {
  const cpu0 = childCpuMs();
  const t0 = performance.now();
  const r = spawnSync('/bin/sh', ['-c', shellCommand], { input, encoding: 'utf8' });
  const ms = performance.now() - t0;
  const cpuMs = childCpuMs() - cpu0;
  if (r.status !== 0 || r.stderr !== '') throw new Error(`${shellCommand}: exit ${r.status}: ${r.stderr}`);
  if (warm) return; // the first round warms the file cache
  rows[row].xs.push(ms);
  rows[row].cpu += cpuMs;
};
for (let i = 0; i < runs + 1; i++) {
  const id = `toolu_bench_${i}`;
  time('hook pre', command.pre, JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_use_id: id }), i === 0);
  time(
    'hook post',
    command.post,
    JSON.stringify({
      ...base,
      hook_event_name: 'PostToolUse',
      tool_use_id: id,
      tool_response: { success: true, commandName: 'bench:skill' },
    }),
    i === 0,
  );
  time('bare node -e 0', bareCommand, '', i === 0);
  time(`bare, ${HOOK_ENV_PREFIX}`, `${HOOK_ENV_PREFIX} ${bareCommand}`, '', i === 0);
}
const day = new Date().toISOString().slice(0, 10);
const lines = readFileSync(path.join(logs, 'bench/skill', `${day}.jsonl`), 'utf8')
  .trim()
  .split('\n').length;
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
console.log(
  `hook latency, ${runs} pre/post pairs (the installed command through /bin/sh, stdin JSON), ` +
    `node ${process.version}, ${os.cpus().length} cores`,
);
console.log(`command: ${command.pre}`);
console.log(
  `NODE_EXTRA_CA_CERTS in this environment: ${extraCa === undefined || extraCa === '' ? 'not set' : extraCa}`,
);
const both = {
  xs: [...rows['hook pre'].xs, ...rows['hook post'].xs],
  cpu: rows['hook pre'].cpu + rows['hook post'].cpu,
};
const table = {
  'hook pre': rows['hook pre'],
  'hook post': rows['hook post'],
  'hook (pre and post)': both,
  'bare node -e 0': rows['bare node -e 0'],
  [`bare, ${HOOK_ENV_PREFIX}`]: rows[`bare, ${HOOK_ENV_PREFIX}`],
};
for (const [name, { xs, cpu }] of Object.entries(table)) {
  console.log(
    `${name.padEnd(34)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms   max ${Math.max(
      ...xs,
    )
      .toFixed(1)
      .padStart(6)} ms wall   ${(cpu / xs.length).toFixed(1).padStart(5)} ms CPU`,
  );
}
const load = os.loadavg()[0];
console.log(
  `load average (1 min) at the end: ${load.toFixed(2)}; wall times include the shell and node's own start-up ` +
    `(the bare rows)`,
);
console.log(`lines logged: ${lines} (expected ${runs + 1}); hook errors: ${errors === '' ? 'none' : errors}`);
if (lines !== runs + 1 || errors !== '') process.exitCode = 1;
