// Judge-layer throughput benchmark: standard-depth judge scoring of every skill in the corpus against the
// scripted model server (200 ms per call), at provider concurrency 1, 4 and 16. Prints wall time and call
// counts, and fails unless 16-way is at least 8x faster than 1-way.
//
// Run: npm run build && node bench/judge.mjs [--corpus DIR] [--limit N] [--delay MS]
//
// The scripted server is the tests' own (bench/lib/model-server.mjs transpiles it).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runJudgeLayer } from '../dist/judge/index.js';
import { loadModelServer } from './lib/model-server.mjs';
import { parseSkill } from '../dist/parse/skill.js';
import { ReliableProvider, createAnthropicProvider } from '../dist/providers/index.js';
import { option } from './lib/option.mjs';

const corpus = option('--corpus', '/work/shared/corpus');
const limit = Number(option('--limit', 'Infinity'));
const delayMs = Number(option('--delay', '200'));
const LEVELS = [1, 4, 16];

function findSkillDirs(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...findSkillDirs(full));
    else if (name === 'SKILL.md') found.push(dir);
  }
  return found;
}

/** Scripted judge: plausible answers for every judge schema, decided from the prompt text it is sent. */
function benchScript(requestText) {
  const envelope = (text, label) =>
    new RegExp(`<<<BEGIN ${label} ([0-9a-f]{16})>>>\\n([\\s\\S]*?)\\n<<<END ${label} \\1>>>`).exec(text)?.[2] ?? '';
  return (request) => {
    const name = request.body.tool_choice?.name ?? '';
    const text = requestText(request);
    if (name === 'judge_triggering_prompts') {
      const skill = envelope(text, 'SKILL');
      const topic = /description:\s*"?([^\n"]{0,60})/.exec(skill)?.[1] ?? 'this task';
      return {
        delayMs,
        json: {
          analysis: 'scripted',
          shouldTrigger: [1, 2, 3, 4, 5].map((i) => `Please help with ${topic} (case ${i})`),
          nearMisses: [1, 2, 3, 4, 5].map((i) => `Unrelated chore number ${i}: rename my photos`),
        },
      };
    }
    if (name === 'judge_trigger_decision') {
      const listing = envelope(text, 'SKILL-LISTING');
      const userRequest = envelope(text, 'USER-REQUEST');
      const hit = listing
        .split('\n')
        .find(
          (line) =>
            line.startsWith('- ') && userRequest.includes(line.slice(line.indexOf(': ') + 2, line.indexOf(': ') + 22)),
        );
      return { delayMs, json: { reasoning: 'scripted', skill: hit ? hit.slice(2, hit.indexOf(': ')) : 'none' } };
    }
    return {
      delayMs,
      json: {
        ...(name === 'judge_output_quality' ? { simulatedTasks: [{ task: 'a task', outcome: 'a good result' }] } : {}),
        evidence: ['scripted evidence'],
        reasoning: 'scripted',
        score: 0.8,
        suggestion: 'none',
      },
    };
  };
}

const { startModelServer, requestText } = await loadModelServer();
const skills = [];
for (const dir of findSkillDirs(corpus).slice(0, limit)) {
  const parsed = await parseSkill(dir);
  if (parsed.ok) skills.push(parsed.skill);
}
const rows = [];
for (const concurrency of LEVELS) {
  // A fresh server per level so its in-flight maximum belongs to this level alone.
  const server = await startModelServer(benchScript(requestText));
  const env = { ANTHROPIC_API_KEY: 'sk-ant-bench', ANTHROPIC_BASE_URL: server.url };
  try {
    const provider = new ReliableProvider(createAnthropicProvider({ env }), { concurrency });
    const started = performance.now();
    const outputs = await Promise.all(skills.map((skill) => runJudgeLayer(skill, { provider, model: 'sonnet' })));
    const seconds = (performance.now() - started) / 1000;
    const calls = outputs.reduce((sum, o) => sum + (o.usage?.calls ?? 0), 0);
    const unmeasured = outputs.reduce((sum, o) => sum + Object.keys(o.unmeasured).length, 0);
    rows.push({
      concurrency,
      seconds,
      calls,
      requests: server.requests.length,
      maxInFlight: server.maxInFlight,
      unmeasured,
    });
  } finally {
    await server.close();
  }
}

const base = rows[0].seconds;
console.log(`judge layer, ${skills.length} skills from ${corpus}, scripted model latency ${delayMs} ms per call`);
console.log(
  '| concurrency | wall time (s) | calls | HTTP requests | max in flight | unmeasured dims | speed-up vs 1 |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.concurrency} | ${r.seconds.toFixed(2)} | ${r.calls} | ${r.requests} | ${r.maxInFlight} ` +
      `| ${r.unmeasured} | ${(base / r.seconds).toFixed(1)}x |`,
  );
}
const speedup = base / rows[rows.length - 1].seconds;
if (speedup < 8) {
  console.error(`FAIL: 16-way is ${speedup.toFixed(1)}x faster than 1-way; at least 8x expected`);
  process.exitCode = 1;
}
