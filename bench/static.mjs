// Static-layer benchmark (npm run bench). Not a test: prints figures against the targets of issue 2.
//   1. every corpus skill scored in one process: median ms per skill (parse + static layer + composite)
//   2. one skill per process: wall ms of `plugin-eval score <skill> --depth quick --output json`
//   3. peak RSS while scoring 1,000 skills in one process
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const cli = path.join(root, 'dist/bin/plugin-eval.js');
const lib = await import(path.join(root, 'dist/index.js'));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => x.toFixed(2).padStart(8);

function findSkills(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'expected-plugineval') findSkills(p, out);
    else if (e.name === 'SKILL.md') out.push(dir);
  }
  return out;
}
const skills = findSkills(corpus).sort();
console.log(`plugin-eval static benchmark: ${skills.length} corpus skills, node ${process.version}, ${os.cpus().length} cores\n`);

// 1. In-process: the library's own path (discovery, parse, static layer, composite), one skill at a time so
//    each skill's wall time is the gap between two progress callbacks. Warm-up rounds are discarded.
for (const methodology of ['default', 'compat']) {
  const roundMedians = [];
  const cpuMedians = [];
  let total = 0;
  for (let round = 0; round < 16; round++) {
    const times = [];
    const cpu = [];
    let last = performance.now();
    let lastCpu = process.cpuUsage();
    const started = last;
    await lib.score(skills, {
      methodology,
      jobs: 1,
      onProgress: () => {
        const now = performance.now();
        times.push(now - last);
        last = now;
        // CPU time as well as wall time: on a shared VM, wall time includes time stolen by neighbours.
        const c = process.cpuUsage(lastCpu);
        cpu.push((c.user + c.system) / 1000);
        lastCpu = process.cpuUsage();
      },
    });
    if (round > 2) {
      roundMedians.push(median(times));
      cpuMedians.push(median(cpu));
      total = performance.now() - started;
    }
  }
  console.log(`in-process (${methodology.padEnd(7)}): median ${fmt(median(roundMedians))} ms/skill wall (${fmt(median(cpuMedians))} ms CPU incl. GC threads; best round ${fmt(Math.min(...roundMedians))})   total ${fmt(total)} ms for ${skills.length} skills   target <= 1 ms`);
}

// 2. One skill per process.
const perProcess = [];
const sample = Array.from({ length: Number(process.env.BENCH_PROCESSES ?? 20) }, (_, i) => skills[i % skills.length]);
for (const dir of sample) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'score', dir, '--depth', 'quick', '--output', 'json'], { encoding: 'utf8' });
  perProcess.push(performance.now() - t0);
  if (r.status !== 0 && r.status !== 1) throw new Error(`CLI failed on ${dir}: ${r.stderr}`);
}
console.log(`one skill per process : median ${fmt(median(perProcess))} ms wall (fastest ${fmt(Math.min(...perProcess))}) over ${sample.length} runs   target <= 150 ms`);
const nodeOnly = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  nodeOnly.push(performance.now() - t0);
}
console.log(`  (bare node start    : median ${fmt(median(nodeOnly))} ms, fastest ${fmt(Math.min(...nodeOnly))}; plugin-eval adds ${fmt(median(perProcess) - median(nodeOnly))} ms)`);

// 3. Peak RSS while scoring 1,000 skills.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-'));
try {
  for (let i = 0; i < 1000; i++) {
    const src = skills[i % skills.length];
    cpSync(src, path.join(tmp, `s${String(i).padStart(4, '0')}`, path.basename(src)), { recursive: true });
  }
  // Through the CLI, as a user runs it: one process, 1,000 skills, JSON Lines to a pipe. A tiny wrapper
  // runs the real bin and prints the process's peak RSS (from the OS) to stderr as it exits.
  const wrapper = `process.argv = [process.argv[0], ${JSON.stringify(cli)}, 'score', ${JSON.stringify(tmp)}, '--output', 'jsonl'];
    process.on('exit', () => process.stderr.write('maxrss ' + process.resourceUsage().maxRSS + '\\n'));
    await import(${JSON.stringify(cli)});`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  const lines = r.stdout.trim().split('\n').length;
  const peakKb = Number(/maxrss (\d+)/.exec(r.stderr)?.[1]);
  const out = { n: lines, ms, peakMb: peakKb / 1024 };
  console.log(`1,000 skills, one CLI run: ${out.n} scored in ${fmt(out.ms)} ms wall, peak RSS ${fmt(out.peakMb)} MB   target <= 150 MB`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
