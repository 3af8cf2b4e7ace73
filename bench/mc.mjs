// Monte Carlo benchmark: the real agent (Claude Agent SDK, bundled binary) against the scripted model server with
// a fixed latency per model call. Prints (1) a 50-run deep measurement of one skill at agent concurrency 1, 4 and 8
// (wall time; target: 8 at least 5x faster than 1, with the CPU time of this process and of the agents, which moves
// far less than wall time with other load on a shared machine), (2) the per-run overhead of starting the agent (wall
// time of a one-request run with no model latency), and (3) leaves adaptive versus fixed N to bench/mc-adaptive.mjs,
// which `npm run bench:mc` runs next.
//
// Run: npm run build && node bench/mc.mjs [--delay MS] [--runs N] [--levels 1,4,8]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { score } from '../dist/api/score.js';
import { MONTE_CARLO_LAYER, STATIC_LAYER } from '../dist/pipeline/layers/index.js';
import { ClaudeAgentRunner } from '../dist/agent/claude-agent-runner.js';
import { childCpuMs } from './lib/measure.mjs';
import { loadModelServer } from './lib/model-server.mjs';
import { option } from './lib/option.mjs';

const delayMs = Number(option('--delay', '1000'));
const runs = Number(option('--runs', '50'));
const levels = option('--levels', '1,4,8').split(',').map(Number);

const root = mkdtempSync(path.join(tmpdir(), 'plugin-eval-bench-mc-'));
const skillDir = path.join(root, 'skills', 'release-notes');
mkdirSync(skillDir, { recursive: true });
writeFileSync(
  path.join(skillDir, 'SKILL.md'),
  '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
    'notes.\n---\n\n# Release notes\n\nGroup commits by type.\n',
);
// 10 positives (9 carry the marker the server activates on) and 10 near misses (none do).
const prompts = [
  ...Array.from({ length: 10 }, (_, i) => ({
    query: `${i < 9 ? 'ZEBRA ' : ''}release notes for v1.${i}`,
    should_trigger: true,
  })),
  ...Array.from({ length: 10 }, (_, i) => ({ query: `explain git topic ${i}`, should_trigger: false })),
];
const promptsFile = path.join(root, 'prompts.json');
writeFileSync(promptsFile, JSON.stringify(prompts));

const { startModelServer } = await loadModelServer();
const isAgent = (r) => (r.body.tools ?? []).some((t) => t.name === 'Skill');
const turnOf = (r) => (r.body.messages ?? []).filter((m) => m.role === 'assistant').length;
const promptOf = (r) => {
  const content = r.body.messages?.[0]?.content;
  return typeof content === 'string'
    ? content
    : (content ?? [])
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('\n');
};
const direct = {
  scores: ['Task completion', 'Correctness', 'Usefulness'].map((criterion) => ({
    criterion,
    evidence: ['e'],
    justification: 'j',
    score: 4,
    improvement: 'i',
  })),
  summary: { assessment: 'a', strengths: [], weaknesses: [], priorities: [] },
};
let latency = delayMs;
const server = await startModelServer((r) => {
  if (!isAgent(r)) return { json: direct, delayMs: latency };
  if (!promptOf(r).includes('ZEBRA'))
    return { text: 'No skill needed.', usage: { input: 100, output: 10 }, delayMs: latency };
  return turnOf(r) === 0
    ? {
        tool: { name: 'Skill', input: { skill: 'release-notes' } },
        usage: { input: 300, output: 10 },
        delayMs: latency,
      }
    : { text: 'Release notes: done.', usage: { input: 500, output: 5 }, delayMs: latency };
});
const { createAnthropicProvider } = await import('../dist/providers/anthropic.js');
const runner = new ClaudeAgentRunner({
  baseURL: server.url,
  apiKey: 'sk-ant-bench',
  executable: 'bundled',
  maxRetries: 0,
  tempDir: root,
  realHome: path.join(root, 'home'),
});

async function measure(concurrency) {
  const started = performance.now();
  const ownBefore = process.cpuUsage();
  const agentsBefore = childCpuMs();
  const run = await score([skillDir], {
    depth: 'deep',
    layers: [STATIC_LAYER, MONTE_CARLO_LAYER],
    judge: {
      provider: createAnthropicProvider({ apiKey: 'sk-ant-bench', baseURL: server.url }),
      model: 'claude-haiku-4-5',
    },
    monteCarlo: { runner, promptsFile, maxRuns: runs, adaptive: false, concurrency, model: 'claude-haiku-4-5' },
  });
  const wall = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const cpu = { own: (own.user + own.system) / 1e6, agents: (childCpuMs() - agentsBefore) / 1000 };
  const mc = run.results[0].layers.find((l) => l.name === 'monte_carlo').monteCarlo[0];
  return { wall, cpu, mc };
}

try {
  console.log(
    `Monte Carlo, real agent (bundled Claude Code), scripted server ${delayMs} ms per model call, N = ${runs} fixed`,
  );
  console.log(
    '| agent concurrency | wall time (s) | CPU, this process (s) | CPU, agents (s) | runs | infra errors | ' +
      'activation on positives | speed-up vs 1 |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---|---:|');
  let base;
  for (const level of levels) {
    const { wall, cpu, mc } = await measure(level);
    base ??= wall;
    console.log(
      `| ${level} | ${wall.toFixed(1)} | ${cpu.own.toFixed(1)} ` +
        `| ${Number.isNaN(cpu.agents) ? 'n/a' : cpu.agents.toFixed(1)} | ${mc.sampling.done} ` +
        `| ${mc.sampling.infra} | ${mc.activation.successes}/${mc.activation.trials} ` +
        `| ${(base / wall).toFixed(2)}x |`,
    );
  }
  // Agent start overhead: one request per run, no model latency, one run at a time.
  latency = 0;
  const times = [];
  const agentsBefore = childCpuMs();
  for (let i = 0; i < 8; i++) {
    const started = performance.now();
    const result = await runner.run({
      prompt: 'explain git topic',
      install: { kind: 'skill', dir: skillDir, name: 'release-notes' },
      model: 'claude-haiku-4-5',
    });
    if (result.status !== 'ok') throw new Error(`overhead run failed: ${result.infraError?.message}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const agentCpu = (childCpuMs() - agentsBefore) / 8;
  console.log(
    `\nper-run overhead of starting the agent (one request, no model latency, 8 runs): ` +
      `median ${Math.round(times[4])} ms, min ${Math.round(times[0])} ms, max ${Math.round(times[7])} ` +
      `ms${Number.isNaN(agentCpu) ? '' : `; agent CPU ${Math.round(agentCpu)} ms per run`}`,
  );
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
