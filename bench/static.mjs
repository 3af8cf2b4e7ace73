// Static-layer benchmark (npm run bench). Not a test: prints each target line of issue 27 with PluginEval 0.1's
// figures from the issue as the fixed reference, this build's figure, how many times faster it is, its ratio to a
// bare `node -e 0` measured in the same run, the target, and whether it is met:
//   1. in process, a skill: every corpus skill scored in one process, median ms per skill (parse, static layer,
//      composite, tips), default and compat methodology; and the tips step alone
//   2. one skill per process: `plugin-eval score <skill> --depth quick --output json`, interleaved with a bare
//      `node -e 0`, wall and CPU, and what it adds above bare node
//   3. 380 real skills in one call: every SKILL.md under the shared corpus and validity folders (128 today), copied
//      round-robin to 380 skill folders, scored by one CLI run; store off and on, default and compat methodology
//   4. 5,000 generated skills in one CLI run: seconds (wall and CPU) and peak RSS, with the default threads (auto:
//      worker threads, src/pipeline/scoring-threads.ts) and with --threads 1 (the main thread only)
//   5. the skill-log hook: p95 of a hook run above the p95 of a bare node through the same shell (bench/lib/hook-latency.mjs)
// The summary at the end has one line per target. BENCH_ONLY=in-process stops after part 1; BENCH_ONLY=many runs part 4
// alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureHookLatency, percentile } from './lib/hook-latency.mjs';
import { childCpuMs, median } from './lib/measure.mjs';
import { findSkills } from './lib/skills.mjs';
import { benchStore } from './lib/store-env.mjs';
import { printTargets } from './lib/targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const validity = process.env.PLUGIN_EVAL_VALIDITY ?? path.resolve(root, '../shared/validity');
// BENCH_DIST=<folder> measures another build (a copy of an earlier dist/) for before/after figures.
// BENCH_ONLY=in-process stops after part 1 (the per-skill cost, where tips are paid), for a quick before/after.
const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const cli = path.join(dist, 'bin/plugin-eval.js');
const lib = await import(path.join(dist, 'index.js'));

const fmt = (x) => x.toFixed(2).padStart(8);
/** One row per target line of issue 27, filled as the parts run, printed at the end (bench/lib/targets.mjs). */
const targets = [];

const skills = findSkills(corpus).sort();
const storeLabel = benchStore();
console.log(
  `plugin-eval static benchmark: ${skills.length} corpus skills, node ${process.version}, ${os.cpus().length} ` +
    `cores; ${storeLabel}\n`,
);

// BENCH_ONLY=many runs part 4 alone (with a bare node's time for its ratio), for a quick before/after of large runs.
if (process.env.BENCH_ONLY === 'many') {
  const bareRuns = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    bareRuns.push(performance.now() - t0);
  }
  await manySkillsLine(median(bareRuns));
  printTargets(targets);
  process.exit(0);
}

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
      // One skill at a time on this thread: the figure is the cost of a skill, not a throughput.
      threads: 1,
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
  console.log(
    `in-process (${methodology.padEnd(7)}): median ${fmt(median(roundMedians))} ms/skill wall ` +
      `(${fmt(median(cpuMedians))} ms CPU incl. GC threads; best round ${fmt(Math.min(...roundMedians))})   ` +
      `total ${fmt(total)} ms for ${skills.length} skills`,
  );
  if (methodology === 'default')
    targets.push({
      name: 'in process, a skill',
      reference: 2.75,
      value: median(roundMedians),
      cpu: median(cpuMedians),
      target: '<= 0.9 ms',
      met: median(roundMedians) <= 0.9,
    });
}

// 1b. The tips step alone (default methodology), CPU ms per skill with the static layer already run: this build's
//     tips from each check's own gain, or, in an earlier build (BENCH_DIST) that still re-scored the edited skill,
//     its skillTips with the re-score score-skill.ts made then.
// A build from before the rules folder existed has no such modules: its line says so instead of stopping the bench.
if (!existsSync(path.join(dist, 'rules/static-layer.js'))) {
  console.log('tips (default)          : n/a (this build keeps the static layer elsewhere)');
} else {
  const { parseSkill } = await import(path.join(dist, 'parse/skill.js'));
  const { runStaticLayer } = await import(path.join(dist, 'rules/static-layer.js'));
  const { compositeOf } = await import(path.join(dist, 'score/composite.js'));
  const tips = await import(path.join(dist, 'score/tips.js'));
  const edited = tips.skillOffers ? undefined : await import(path.join(dist, 'score/edited-skill.js'));
  const prepared = [];
  for (const dir of skills) {
    const parsed = await parseSkill(dir);
    if (!parsed.ok) continue;
    const layer = runStaticLayer(parsed.skill, 'default');
    prepared.push({ skill: parsed.skill, layer, baseline: compositeOf([layer], layer.penalty, 'settled') });
  }
  const tipsOf = ({ skill, layer, baseline }) => {
    const target = { kind: 'skill', path: skill.displayPath };
    if (tips.skillOffers)
      return tips.tipsFromOffers(tips.skillOffers(skill, layer, target), {
        dimensions: baseline.dimensions,
        rawScore: baseline.rawScore,
        antiPatterns: layer.antiPatterns.length,
        share: () => 1,
      });
    const rescore = (copy, reuse) => {
      const l = runStaticLayer(copy, 'default', reuse, { layer, unchanged: edited.unchangedParts(skill, copy) });
      const c = compositeOf([l], l.penalty, 'settled');
      return { score: c.score, dimensions: c.dimensions, antiPatterns: l.antiPatterns };
    };
    const base = { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: layer.antiPatterns };
    return tips.skillTips(skill, target, base, rescore, layer);
  };
  const perSkill = [];
  let count = 0;
  for (let round = 0; round < 12; round++) {
    const before = process.cpuUsage();
    count = 0;
    for (const p of prepared) count += tipsOf(p).length;
    const c = process.cpuUsage(before);
    if (round > 1) perSkill.push((c.user + c.system) / 1000 / prepared.length);
  }
  console.log(
    `tips (default)          : median ${fmt(median(perSkill))} ms CPU/skill (best round ` +
      `${fmt(Math.min(...perSkill))}), ${count} tips over ${prepared.length} skills`,
  );
}

if (process.env.BENCH_ONLY === 'in-process') {
  printTargets(targets);
  process.exit(0);
}

// 2. One skill per process, interleaved with a bare `node -e 0` so that load from other processes on a shared
//    machine hits both alike. Wall time and CPU time (childCpuMs, averaged over all runs) are both reported.
const runs = Number(process.env.BENCH_PROCESSES ?? 20);
const perProcess = [];
const nodeOnly = [];
let cliCpu = 0;
let nodeCpu = 0;
// One untimed run first: it writes the CLI's code cache (src/cli/code-cache.ts), as any first run on a machine does.
spawnSync(process.execPath, [cli, 'score', skills[0], '--depth', 'quick', '--output', 'json'], { encoding: 'utf8' });
for (let i = 0; i < runs; i++) {
  const dir = skills[i % skills.length];
  let c0 = childCpuMs();
  let t0 = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  nodeOnly.push(performance.now() - t0);
  nodeCpu += childCpuMs() - c0;
  c0 = childCpuMs();
  t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'score', dir, '--depth', 'quick', '--output', 'json'], {
    encoding: 'utf8',
  });
  perProcess.push(performance.now() - t0);
  cliCpu += childCpuMs() - c0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`CLI failed on ${dir}: ${r.stderr}`);
}
const overhead = median(perProcess) - median(nodeOnly);
console.log(
  `one skill per process : median ${fmt(median(perProcess))} ms wall ` +
    `(fastest ${fmt(Math.min(...perProcess))}), ${fmt(cliCpu / runs)} ms CPU mean, over ${runs} runs`,
);
console.log(
  `  bare node -e 0      : median ${fmt(median(nodeOnly))} ms wall ` +
    `(fastest ${fmt(Math.min(...nodeOnly))}), ${fmt(nodeCpu / runs)} ms CPU mean`,
);
console.log(`  CLI overhead        : ${fmt(overhead)} ms wall (medians), ${fmt((cliCpu - nodeCpu) / runs)} ms CPU`);
const bare = median(nodeOnly);
targets.push({
  name: 'one skill per process',
  reference: 283,
  value: median(perProcess),
  cpu: cliCpu / runs,
  bare,
  target: `>= 2.5x faster, about <= 40 ms above bare node (${overhead.toFixed(1)} ms)`,
  met: 283 / median(perProcess) >= 2.5 && overhead <= 40,
});

// 3. 380 real skills in one call, as the issue counts them: the corpus and validity skills, copied round-robin to
//    380 folders. Each variant runs BENCH_380_RUNS times, interleaved, the store in a fresh data folder each time.
const realSkills = [...findSkills(corpus), ...(existsSync(validity) ? findSkills(validity) : [])].sort();
const many380 = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-380-'));
const variants380 = [
  { name: '380 real skills, one call, store off', methodology: 'default', store: false, reference: [1240, 1490] },
  { name: '380 real skills, one call, store on', methodology: 'default', store: true, reference: [1240, 1490] },
  { name: '380 real skills, compat, store off', methodology: 'compat', store: false, reference: 1360 },
  { name: '380 real skills, compat, store on', methodology: 'compat', store: true, reference: 1360 },
];
try {
  for (let i = 0; i < 380; i++) {
    const src = realSkills[i % realSkills.length];
    cpSync(src, path.join(many380, `r${String(i).padStart(3, '0')}`, path.basename(src)), { recursive: true });
  }
  const runs380 = Number(process.env.BENCH_380_RUNS ?? 3);
  const times = variants380.map(() => []);
  const cpu = variants380.map(() => 0);
  for (let r = 0; r < runs380; r++) {
    variants380.forEach((v, k) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-380-data-'));
      const env = { ...process.env, PLUGIN_EVAL_DATA_DIR: dataDir };
      if (v.store) delete env.PLUGIN_EVAL_STORE;
      else env.PLUGIN_EVAL_STORE = 'off';
      const args = [cli, 'score', many380, '--depth', 'quick', '--output', 'json', '--methodology', v.methodology];
      const c0 = childCpuMs();
      const t0 = performance.now();
      const out = spawnSync(process.execPath, args, { encoding: 'utf8', env, maxBuffer: 1 << 30 });
      times[k].push(performance.now() - t0);
      cpu[k] += childCpuMs() - c0;
      rmSync(dataDir, { recursive: true, force: true });
      // An earlier build (BENCH_DIST) may not know an option: its line says n/a.
      if (out.status === 2) times[k].push(Number.NaN);
      else if (out.status !== 0 && out.status !== 1) throw new Error(`CLI failed on 380 skills: ${out.stderr}`);
    });
  }
  variants380.forEach((v, k) => {
    const ms = median(times[k]);
    if (Number.isNaN(ms)) {
      console.log(`${v.name.padEnd(38)}: n/a (this build refused the options)`);
      return;
    }
    console.log(
      `${v.name.padEnd(38)}: median ${fmt(ms)} ms wall (${fmt(ms / 380)} ms a skill), ${fmt(cpu[k] / runs380)} ms ` +
        `CPU mean, over ${runs380} runs (${realSkills.length} distinct skills)`,
    );
    const best = Array.isArray(v.reference) ? v.reference[0] : v.reference;
    targets.push({
      name: v.name,
      reference: v.reference,
      value: ms,
      cpu: cpu[k] / runs380,
      bare,
      target: `>= 3x faster than ${best} ms (<= ${(best / 3).toFixed(0)} ms)`,
      met: best / ms >= 3,
    });
  });
} finally {
  rmSync(many380, { recursive: true, force: true });
}

await manySkillsLine(bare);

// 5. The skill-log hook, as Claude Code runs it: p95 above a bare node started the same way (the same shell, and
//    NODE_EXTRA_CA_CERTS cleared as the hook command clears it). A build without the hook has no such line.
if (!existsSync(path.join(dist, 'logs/hook-settings.js'))) {
  console.log('hook                                  : n/a (this build has no skill-log hook)');
} else {
  const hookRuns = Number(process.env.BENCH_HOOK_RUNS ?? 40);
  const binCjs = path.join(dist, 'bin/plugin-eval.cjs');
  const hook = await measureHookLatency({ dist, bin: existsSync(binCjs) ? binCjs : cli, runs: hookRuns, cwd: root });
  const hookP95 = percentile(hook.both.xs, 95);
  const bareP95 = percentile(hook.rows[hook.bareCleared].xs, 95);
  console.log(
    `hook, ${hookRuns} pre/post pairs         : p95 ${fmt(hookP95)} ms wall, bare node (${hook.prefix}) p95 ` +
      `${fmt(bareP95)} ms; ${hook.lines} lines logged${hook.errors === '' ? '' : `, errors: ${hook.errors}`}`,
  );
  targets.push({
    name: 'hook, p95 above bare node',
    value: hookP95 - bareP95,
    cpu: hook.both.cpu / hook.both.xs.length - hook.rows[hook.bareCleared].cpu / hook.rows[hook.bareCleared].xs.length,
    target: '<= 15 ms',
    met: hookP95 - bareP95 <= 15 && hook.errors === '' && hook.lines === hookRuns + 1,
  });
}

printTargets(targets);

/**
 * 4. 5,000 generated skills in one CLI run: wall time and peak RSS. The skills are written to a temp folder: corpus
 *    skills copied round-robin (so the text is real) under generated names, each in its own folder. Runs with the
 *    default threads and with --threads 1 (BENCH_MANY_THREADS=auto or 1 keeps one of them).
 */
async function manySkillsLine(bare) {
  const manySkills = Number(process.env.BENCH_MANY ?? 5000);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-'));
  try {
    for (let i = 0; i < manySkills; i++) {
      const src = skills[i % skills.length];
      cpSync(src, path.join(tmp, `s${String(i).padStart(5, '0')}`, path.basename(src)), { recursive: true });
    }
    // Through the CLI, as a user runs it: one process, JSON Lines to a pipe. A tiny wrapper runs the real bin
    // and prints the process's peak RSS (from the OS) and its CPU time to stderr as it exits.
    //   The RSS is the whole process's (main thread and workers), from getrusage. The main thread's own CPU comes
    // from /proc (Linux, in clock ticks of 10 ms); the rest is the scoring workers' and V8's helper threads'
    // (garbage collection, optimising compiles), which a threaded run shares the cores with.
    const threadRuns = { auto: [undefined], 1: ['1'] }[process.env.BENCH_MANY_THREADS] ?? [undefined, '1'];
    for (const threads of threadRuns) {
      const args = ['score', tmp, '--output', 'jsonl', ...(threads ? ['--threads', threads] : [])];
      const wrapper = `process.argv = [process.argv[0], ${JSON.stringify(cli)}, ...${JSON.stringify(args)}];
      const { readFileSync } = await import('node:fs');
      const mainThreadMs = () => { try { const s = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; } catch { return -1; } };
      process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('maxrss ' + u.maxRSS + ' cpu ' + (u.userCPUTime + u.systemCPUTime) + ' main ' + mainThreadMs() + '\\n'); });
      await import(${JSON.stringify(cli)});`;
      const t0 = performance.now();
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      const ms = performance.now() - t0;
      const label =
        `${manySkills.toLocaleString('en')} skills, one CLI run, ${threads ? `--threads ${threads}` : 'threads auto'}`.padEnd(
          44,
        );
      // An earlier build (BENCH_DIST) may not know --threads: it scores on its main thread anyway.
      if (r.status === 2 && /unknown option '--threads'/.test(r.stderr)) {
        console.log(`${label}: n/a (this build has no --threads; the line above is its main thread)`);
        continue;
      }
      const lines = r.stdout.trim().split('\n').length;
      const m = /maxrss (\d+) cpu (\d+) main (-?\d+)/.exec(r.stderr);
      const peakMb = Number(m?.[1]) / 1024;
      const cpuMs = Number(m?.[2]) / 1000;
      const mainMs = Number(m?.[3]);
      const split =
        mainMs >= 0 ? `: main thread ${fmt(mainMs / 1000)} s, other threads ${fmt((cpuMs - mainMs) / 1000)} s` : '';
      console.log(
        `${label}: ${lines} scored in ${fmt(ms / 1000)} s wall (${fmt(cpuMs / 1000)} s CPU${split}), peak ` +
          `RSS ${fmt(peakMb)} MB`,
      );
      // 5 s for 5,000 skills; BENCH_MANY=N scales the time, not the memory.
      const limitS = (5 * manySkills) / 5000;
      targets.push({
        name: `${manySkills.toLocaleString('en')} generated skills, ${threads ? `--threads ${threads}` : 'threads auto'}`,
        value: ms,
        cpu: cpuMs,
        bare,
        target: `<= ${limitS} s and <= 200 MB (${peakMb.toFixed(0)} MB)`,
        met: ms <= limitS * 1000 && peakMb <= 200,
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
