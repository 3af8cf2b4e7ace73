// Static-layer benchmark (npm run bench). Not a test: prints figures against the targets of issue 8 item 10.
//   1. every corpus skill scored in one process: median ms per skill (parse + static layer + composite)
//   2. one skill per process: wall and CPU ms of `plugin-eval score <skill> --depth quick --output json`, and
//      what it adds above a bare `node -e 0` (runs interleaved)
//   3. 5,000 generated skills in one CLI run: seconds (wall and CPU) and peak RSS, with the default threads (auto:
//      worker threads, src/pipeline/scoring-threads.ts) and with --threads 1 (the main thread only)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpuMs, median } from './lib/measure.mjs';
import { findSkills } from './lib/skills.mjs';
import { benchStore } from './lib/store-env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
// BENCH_DIST=<folder> measures another build (a copy of an earlier dist/) for before/after figures.
// BENCH_ONLY=in-process stops after part 1 (the per-skill cost, where tips are paid), for a quick before/after.
const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const cli = path.join(dist, 'bin/plugin-eval.js');
const lib = await import(path.join(dist, 'index.js'));

const fmt = (x) => x.toFixed(2).padStart(8);

const skills = findSkills(corpus).sort();
const storeLabel = benchStore();
console.log(
  `plugin-eval static benchmark: ${skills.length} corpus skills, node ${process.version}, ${os.cpus().length} ` +
    `cores; ${storeLabel}\n`,
);

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
      `total ${fmt(total)} ms for ${skills.length} skills   target <= 0.6 ms (default)`,
  );
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

if (process.env.BENCH_ONLY === 'in-process') process.exit(0);

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
console.log(
  `  CLI overhead        : ${fmt(overhead)} ms wall (medians), ${fmt((cliCpu - nodeCpu) / runs)} ms CPU   ` +
    `target <= 30 ms`,
);

// 3. 5,000 generated skills in one CLI run: wall time and peak RSS. The skills are written to a temp folder:
//    corpus skills copied round-robin (so the text is real) under generated names, each in its own folder.
const manySkills = Number(process.env.BENCH_MANY ?? 5000);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-'));
try {
  for (let i = 0; i < manySkills; i++) {
    const src = skills[i % skills.length];
    cpSync(src, path.join(tmp, `s${String(i).padStart(5, '0')}`, path.basename(src)), { recursive: true });
  }
  // Through the CLI, as a user runs it: one process, JSON Lines to a pipe. A tiny wrapper runs the real bin
  // and prints the process's peak RSS (from the OS) and its CPU time to stderr as it exits.
  //   The RSS is the whole process's (main thread and workers), from getrusage.
  for (const threads of [undefined, '1']) {
    const args = ['score', tmp, '--output', 'jsonl', ...(threads ? ['--threads', threads] : [])];
    const wrapper = `process.argv = [process.argv[0], ${JSON.stringify(cli)}, ...${JSON.stringify(args)}];
    process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('maxrss ' + u.maxRSS + ' cpu ' + (u.userCPUTime + u.systemCPUTime) + '\\n'); });
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
    const m = /maxrss (\d+) cpu (\d+)/.exec(r.stderr);
    const peakMb = Number(m?.[1]) / 1024;
    const cpuMs = Number(m?.[2]) / 1000;
    console.log(
      `${label}: ${lines} scored in ${fmt(ms / 1000)} s wall (${fmt(cpuMs / 1000)} s CPU), peak ` +
        `RSS ${fmt(peakMb)} MB   target <= 3 s, <= 160 MB`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
