// Hook latency (issue 11: p95 <= 100 ms per invocation). Not a test. Runs the exact commands `hooks install` writes
// (dist/logs/hook-settings.js) through /bin/sh, as Claude Code runs a hook command: a new shell and process each,
// the hook JSON on stdin, for a Skill call, in pre/post pairs, into a temp logs folder. Prints p50/p95/max per phase
// and for both together, next to a bare `node -e 0` through the same shell for scale, with this environment's
// NODE_EXTRA_CA_CERTS as it is and cleared (the installed command clears it for the hook's node; see
// docs/logs/hooks.md "Figures"). The measurement is bench/lib/hook-latency.mjs (npm run bench uses it too).
//   node bench/hook.mjs            (BENCH_HOOK_RUNS=200 pairs; npm run bench:hook builds first)
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureHookLatency, percentile as pct } from './lib/hook-latency.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The package's bin (the CommonJS dispatcher), as `hooks install` writes it into the hook command.
const bin = path.join(root, JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).bin['plugin-eval']);
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 200);
const extraCa = process.env.NODE_EXTRA_CA_CERTS;
const { command, rows, both, bareCleared, lines, errors } = await measureHookLatency({
  dist: path.join(root, 'dist'),
  bin,
  runs,
  cwd: root,
});

console.log(
  `hook latency, ${runs} pre/post pairs (the installed command through /bin/sh, stdin JSON), ` +
    `node ${process.version}, ${os.cpus().length} cores`,
);
console.log(`command: ${command.pre}`);
console.log(
  `NODE_EXTRA_CA_CERTS in this environment: ${extraCa === undefined || extraCa === '' ? 'not set' : extraCa}`,
);
const table = {
  'hook pre': rows['hook pre'],
  'hook post': rows['hook post'],
  'hook (pre and post)': both,
  'bare node -e 0': rows['bare node -e 0'],
  [bareCleared]: rows[bareCleared],
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
