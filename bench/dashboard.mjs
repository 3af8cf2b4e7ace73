// `report --html` on generated marketplaces (issue 12: the dashboard). Not a test. Scores one example skill with
// the built CLI, clones its result into run logs of 500 to BENCH_MAX (default 5000) results, then times the
// built CLI writing each dashboard and prints the page size, bytes per result and wall time. Size should grow
// linearly; test/dashboard/render.test.ts asserts that, this prints it. Run `npm run build` first.
//   node bench/dashboard.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cliPath = path.join(root, 'dist/bin/plugin-eval.js');
const max = Number(process.env.BENCH_MAX ?? 5000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'));
const env = { ...process.env, PLUGIN_EVAL_DATA_DIR: dir };

const scored = spawnSync(
  process.execPath,
  [cliPath, 'score', path.join(root, 'examples/skills/csv-profiler'), '--output', 'json'],
  { encoding: 'utf8', env },
);
if (scored.status !== 0) throw new Error(`score failed: ${scored.stderr}`);
const base = JSON.parse(scored.stdout);
const template = base.results[0];

function runOf(count) {
  const results = Array.from({ length: count }, (_, i) => {
    const r = JSON.parse(JSON.stringify(template));
    r.target.name = `skill-${i}`;
    r.target.path = `plugins/p${i % 40}/skills/skill-${i}`;
    r.composite.score = 40 + ((i * 37) % 600) / 10;
    return r;
  });
  return { ...base, results };
}

console.log('results  page KB  bytes/result  wall ms');
try {
  for (let n = 500; n <= max; n *= 2) {
    const log = path.join(dir, `run-${n}.json`);
    const out = path.join(dir, `dash-${n}.html`);
    writeFileSync(log, JSON.stringify(runOf(n)));
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [cliPath, 'report', log, '--html', out], { encoding: 'utf8', env });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (r.status !== 0) throw new Error(`report failed: ${r.stderr}`);
    const size = statSync(out).size;
    console.log(
      `${String(n).padStart(7)}  ${(size / 1024).toFixed(0).padStart(7)}  ${(size / n).toFixed(0).padStart(12)}  ${ms.toFixed(0).padStart(7)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
