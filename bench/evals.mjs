// A full eval iteration on the example skill csv-profiler, as a user runs it: `evals run` (with and without the
// skill, the real Claude Code agent through the Agent SDK), `evals grade` (code checks + the LLM grader),
// `evals aggregate` (benchmark.json with bootstrap CIs, the analyst model's notes) and `view --static`, each through
// the built CLI against the scripted model server on 127.0.0.1. Prints each step's wall time and cost.
//
//   npm run bench:evals [-- --runs 3 --concurrency 4]
//
// The server's rule: with the skill listed, the agent calls the Skill tool, reads the CSV and answers with the
// profile table and problems; without it, it reads the CSV and answers in prose, naming the mixed date formats in
// every other run. The grader passes an expectation when its key phrase is in the reply (quoting it), so the true
// pass rates are known: with_skill 1.0 on every run; without_skill on eval 1 2/5 in odd runs and 3/5 in even
// ones (no table and no profile line; the date formats named in even runs), on eval 2 2/2.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadModelServer } from './lib/model-server.mjs';
import { option } from './lib/option.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(option('--runs', 3));
const CONCURRENCY = Number(option('--concurrency', 4));

const { startModelServer, requestText } = await loadModelServer();

const turnOf = (r) => (r.body.messages ?? []).filter((m) => m.role === 'assistant').length;
const schemaNameOf = (r) => r.body.tool_choice?.name;
const TABLE =
  '| Column | Type | Missing | Summary |\n|---|---|---|---|\n| order_id | integer | 0 | 1 .. 6 |\n| country | text | 1 (17%) | 4 distinct; US, DE |\n| total | decimal | 1 | median 28.25; 1 outlier over 9,000 |\n| shipped_at | date | 1 | 2024-03-01 .. 2024-03-06 |';
const WITH_REPLY = `Columns: order_id, country, total and shipped_at.\n\n${TABLE}\n\nProblems:\n- shipped_at mixes two date formats (2024-03-01 and 03/04/2024).\n- total 9120.00 is an outlier.\n- country "NA" may be Namibia or a missing value.`;
let withoutCount = 0;
const withoutReply = () => {
  withoutCount += 1;
  const dates = withoutCount % 2 === 0 ? ' The shipped_at column mixes two date formats.' : '';
  return (
    `orders.csv has 6 rows and the columns order_id, country, total and shipped_at. Some values are missing in ` +
    `total and shipped_at.${dates}`
  );
};
// Key phrase per expectation (by words the expectation text contains), looked for in the grader's material.
const KEYS = [
  [/total column as decimal/, '| total | decimal | 1 |'],
  [/mixes two date formats/, 'mixes two date formats'],
  [/names the four columns/, 'order_id, country, total and shipped_at'],
];
function grade(r) {
  const text = requestText(r);
  const list = /Expectations to grade:\n([\s\S]*?)\n\nThe run:/.exec(text)?.[1] ?? '';
  const material = text.slice(text.indexOf('The run:'));
  const reply = /## Final reply\n\n([\s\S]*?)\n\n## /.exec(material)?.[1] ?? '';
  const expectations = list
    .split('\n')
    .map((line) => /^(\d+)\. (.*)$/.exec(line))
    .filter(Boolean);
  return {
    json: {
      expectations: expectations.map(([, n, e]) => {
        const key = KEYS.find(([re]) => re.test(e))?.[1];
        const found = key !== undefined && reply.replace(/\s+/g, ' ').includes(key);
        return {
          number: Number(n),
          evidence: found ? 'The reply says so.' : 'The reply does not say so.',
          quotes: found ? [key] : [],
          verdict: found ? 'PASS' : 'FAIL',
        };
      }),
      claims: [],
      user_notes_summary: { uncertainties: [], needs_review: [], workarounds: [] },
      eval_feedback: { suggestions: [], overall: '' },
    },
    usage: { input: 3000, output: 300 },
  };
}
const server = await startModelServer((r) => {
  const schema = schemaNameOf(r);
  if (schema === 'eval_grading') return grade(r);
  if (schema === 'analyst_notes')
    return {
      json: { value: ['The skill adds the profile table the baseline never writes.'] },
      usage: { input: 2000, output: 100 },
    };
  const listed = requestText(r).includes('csv-profiler: Profiles a CSV');
  const turn = turnOf(r);
  const usage = { input: 2500 + 400 * turn, output: 120, cacheRead: 1800 };
  if (listed) {
    if (turn === 0) return { tool: { name: 'Skill', input: { skill: 'csv-profiler' } }, usage };
    if (turn === 1) return { tool: { name: 'Read', input: { file_path: 'evals/files/orders.csv' } }, usage };
    return { text: WITH_REPLY, usage };
  }
  if (turn === 0) return { tool: { name: 'Read', input: { file_path: 'evals/files/orders.csv' } }, usage };
  return { text: withoutReply(), usage };
});

const work = mkdtempSync(path.join(tmpdir(), 'plugin-eval-bench-evals-'));
const skill = path.join(work, 'csv-profiler');
cpSync(path.join(root, 'examples', 'skills', 'csv-profiler'), skill, { recursive: true });
const workspace = `${skill}-workspace`;
const env = {
  ...process.env,
  ANTHROPIC_API_KEY: 'sk-ant-offline-bench',
  ANTHROPIC_BASE_URL: server.url,
  CLAUDE_CODE_MAX_RETRIES: '0',
  PLUGIN_EVAL_CACHE: 'false',
  NO_COLOR: '1',
};
const cli = path.join(root, 'dist', 'bin', 'plugin-eval.js');

async function step(name, args) {
  const started = performance.now();
  const requests = server.requests.length;
  let out;
  try {
    out = await run(process.execPath, [cli, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    console.error(`${name} failed (exit ${error.code}):\n${error.stderr}`);
    throw error;
  }
  return {
    name,
    seconds: (performance.now() - started) / 1000,
    requests: server.requests.length - requests,
    stdout: out.stdout,
    stderr: out.stderr,
  };
}

const fmt = (n, d = 2) => n.toFixed(d);
try {
  const steps = [];
  const runStep = await step('evals run', [
    'evals',
    'run',
    skill,
    '--runs',
    String(RUNS),
    '--concurrency',
    String(CONCURRENCY),
    '--agent-model',
    'claude-haiku-4-5',
    '--output',
    'json',
  ]);
  steps.push(runStep);
  const gradeStep = await step('evals grade', [
    'evals',
    'grade',
    workspace,
    '--model',
    'claude-haiku-4-5',
    '--output',
    'json',
  ]);
  steps.push(gradeStep);
  const aggregateStep = await step('evals aggregate', [
    'evals',
    'aggregate',
    workspace,
    '--model',
    'claude-haiku-4-5',
    '--output',
    'json',
  ]);
  steps.push(aggregateStep);
  const page = path.join(work, 'review.html');
  steps.push(await step('view --static', ['view', workspace, '--static', page]));

  const runSummary = JSON.parse(runStep.stdout);
  const gradeSummary = JSON.parse(gradeStep.stdout);
  const benchmark = JSON.parse(readFileSync(path.join(workspace, 'iteration-1', 'benchmark.json'), 'utf8'));
  const costOf = (summary) => summary.spentUsd ?? summary.cost?.usd ?? summary.costUsd ?? summary.usage?.costUsd ?? 0;
  console.log(
    `full iteration on examples/skills/csv-profiler: 2 evals x 2 configurations x ${RUNS} run(s), ` +
      `concurrency ${CONCURRENCY}`,
  );
  console.log('step              wall s   model requests');
  for (const s of steps)
    console.log(`${s.name.padEnd(16)} ${fmt(s.seconds).padStart(7)}   ${String(s.requests).padStart(6)}`);
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  console.log(`${'total'.padEnd(16)} ${fmt(total).padStart(7)}   ${String(server.requests.length).padStart(6)}`);
  console.log(
    `cost as priced (scripted tokens at claude-haiku-4-5 prices): agent runs $${fmt(costOf(runSummary), 4)}, ` +
      `grading $${fmt(costOf(gradeSummary), 4)}`,
  );
  const summary = benchmark.run_summary;
  console.log(
    `pass rate with_skill ${fmt(summary.with_skill.pass_rate.mean)} vs ` +
      `without_skill ${fmt(summary.without_skill.pass_rate.mean)}: delta ${summary.delta.pass_rate}` +
      (summary.delta_ci?.pass_rate
        ? ` (95% CI ${summary.delta_ci.pass_rate.low} to ${summary.delta_ci.pass_rate.high})`
        : ''),
  );
  console.log(`review page: ${statSync(page).size} bytes`);
} finally {
  await server.close();
  if (option('--keep', undefined) === undefined) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
