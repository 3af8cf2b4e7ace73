// Sandbox start-up cost: one-request agent runs (the real agent, bundled Claude Code, scripted model server with no
// latency), with and without bubblewrap, interleaved so machine load falls on both alike. Prints the median, min and
// max wall time of each and the median difference per run (what the sandbox adds: bwrap's namespaces and mounts, the
// relay, the forwarder's node start).
//
// Run: npm run build && node bench/sandbox.mjs [--runs N]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ClaudeAgentRunner } from '../dist/agent/claude-agent-runner.js';
import { loadModelServer } from './lib/model-server.mjs';
import { option } from './lib/option.mjs';

const runs = Number(option('--runs', '20'));
const root = mkdtempSync(path.join(tmpdir(), 'plugin-eval-bench-sandbox-'));
const skillDir = path.join(root, 'skills', 'release-notes');
mkdirSync(skillDir, { recursive: true });
writeFileSync(
  path.join(skillDir, 'SKILL.md'),
  '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
    'notes.\n---\n\nGroup commits by type.\n',
);

const { startModelServer } = await loadModelServer();
const server = await startModelServer([{ text: 'No skill needed.', usage: { input: 100, output: 10 } }]);
const runnerWith = (sandbox) =>
  new ClaudeAgentRunner({
    baseURL: server.url,
    apiKey: 'sk-ant-bench',
    executable: 'bundled',
    maxRetries: 0,
    tempDir: root,
    realHome: path.join(root, 'home'),
    sandbox,
  });
const runners = { sandboxed: runnerWith(true), unsandboxed: runnerWith(false) };
const times = { sandboxed: [], unsandboxed: [] };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  // One run of each first: the binary's pages and the SDK import are warm for both.
  for (const runner of Object.values(runners))
    await runner.run({
      prompt: 'warm up',
      install: { kind: 'skill', dir: skillDir, name: 'release-notes' },
      model: 'claude-haiku-4-5',
    });
  for (let i = 0; i < runs; i++) {
    for (const kind of i % 2 === 0 ? ['sandboxed', 'unsandboxed'] : ['unsandboxed', 'sandboxed']) {
      const started = performance.now();
      const result = await runners[kind].run({
        prompt: 'explain git tags',
        install: { kind: 'skill', dir: skillDir, name: 'release-notes' },
        model: 'claude-haiku-4-5',
      });
      if (result.status !== 'ok') throw new Error(`${kind} run failed: ${result.infraError?.message}`);
      times[kind].push(performance.now() - started);
    }
  }
  console.log(`one-request agent runs, ${runs} of each, interleaved (wall ms)`);
  console.log('| | median | min | max |');
  console.log('|---|---:|---:|---:|');
  for (const kind of ['unsandboxed', 'sandboxed']) {
    const xs = times[kind];
    console.log(
      `| ${kind} | ${Math.round(median(xs))} | ${Math.round(Math.min(...xs))} | ${Math.round(Math.max(...xs))} |`,
    );
  }
  const diffs = times.sandboxed.map((t, i) => t - times.unsandboxed[i]);
  console.log(
    `\nsandbox start-up cost per run: median ${Math.round(median(diffs))} ms (pairwise difference of interleaved runs)`,
  );
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
