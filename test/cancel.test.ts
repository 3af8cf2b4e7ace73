import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CSV_NEAR_MISSES,
  CSV_SHOULD_TRIGGER,
  directVerdict,
  isDirectScore,
  judgeScript,
} from './judge/judge-script.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';
import { startModelServer } from './support/model-server.js';
import { openResultsStore } from '../src/store/sqlite-store.js';
import { tempTree } from './support/tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'dist/bin/plugin-eval.js');
const tree = tempTree('plugin-eval-cancel-');
const dir = tree.root;

/** Waits for `event`, or for the child to exit first (then the assertions after it say what went wrong). */
const beforeExit = (child: ChildProcess, event: Promise<void>): Promise<unknown> =>
  Promise.race([event, new Promise((resolve) => child.once('exit', resolve))]);

/** What the results store at `store` holds (its journal folded in): each run's status, and how many results in all. */
async function storedRuns(store: string): Promise<{ statuses: unknown[]; results: number }> {
  await (await openResultsStore({ location: store })).close();
  const { createClient } = await import('@libsql/client');
  const db = createClient({ url: `file:${store}` });
  try {
    const statuses = (await db.execute('SELECT status FROM runs')).rows.map((r) => r.status);
    return { statuses, results: Number((await db.execute('SELECT COUNT(*) AS n FROM results')).rows[0]!.n) };
  } finally {
    db.close();
  }
}

describe('Ctrl-C', () => {
  it(
    'cancels a judge run cleanly: exit 130, a one-line message, no report file',
    async () => {
      expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
      // Every model call stalls, so the run is mid-flight when the signal arrives.
      const server = await startModelServer(() => ({ fault: 'stall', ms: 60_000 }));
      const out = path.join(dir, 'report.json');
      try {
        const child = spawn(
          process.execPath,
          [
            BIN,
            'score',
            path.join(ROOT, 'examples/skills/csv-profiler'),
            '--depth',
            'standard',
            '--no-cache',
            '--output',
            'json',
            '-o',
            out,
          ],
          {
            env: { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.url },
          },
        );
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        await beforeExit(child, server.requestsReached(1));
        expect(server.requests.length).toBeGreaterThan(0);
        child.kill('SIGINT');
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).toBe(130);
        expect(stderr).toContain('cancelled; no report file was written');
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(existsSync(out)).toBe(false);
      } finally {
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );

  // No reply comes until the server closes, so a batch of 12 is mid-flight when the signal arrives however slow the
  // machine; were Ctrl-C ignored, the run would not end and the test would fail on its limit.
  it.each([
    [
      'judge score --input',
      ['judge', 'score', '--criteria', 'accuracy'],
      (i: number) => ({ id: `i${i}`, prompt: `Q${i}`, response: `A${i}` }),
    ],
    [
      'judge compare --input',
      ['judge', 'compare'],
      (i: number) => ({ id: `p${i}`, prompt: `Q${i}`, responseA: `a${i}`, responseB: `b${i}` }),
    ],
  ])(
    '%s: Ctrl-C cancels the calls in flight and queued: exit 130, the one-line message, no --out file',
    async (label, command, line) => {
      const server = await startModelServer(() => ({ fault: 'stall', ms: 60_000 }));
      const input = path.join(dir, `${label.replace(/\W+/g, '-')}.jsonl`);
      writeFileSync(input, Array.from({ length: 12 }, (_u, i) => JSON.stringify(line(i))).join('\n'));
      const out = path.join(dir, `${label.replace(/\W+/g, '-')}.json`);
      try {
        const child = spawn(
          process.execPath,
          [BIN, ...command, '--input', input, '--no-cache', '--output', 'json', '--out', out],
          {
            env: { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.url },
          },
        );
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        await beforeExit(child, server.requestsReached(1));
        expect(server.requests.length).toBeGreaterThan(0);
        child.kill('SIGINT');
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code, stderr).toBe(130);
        expect(stderr).toContain('cancelled; no report file was written');
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(existsSync(out)).toBe(false);
        // The queued items were never sent.
        expect(server.requests.length).toBeLessThan(12);
      } finally {
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );

  // 400 targets, on two threads (a worker and the main thread, src/pipeline/scoring-threads.ts) or on the main thread
  // alone; one tree for both, only read.
  let many: string | undefined;
  const manyTargets = (): string => {
    if (many !== undefined) return many;
    const tree = path.join(dir, 'many');
    for (let i = 0; i < 400; i++)
      cpSync(
        path.join(ROOT, 'examples/skills', i % 2 === 0 ? 'csv-profiler' : 'changelog-writer'),
        path.join(tree, `s${i}`, 'skill'),
        { recursive: true },
      );
    return (many = tree);
  };
  it.each([
    ['on a worker thread and the main thread', '2'],
    ['on the main thread', '1'],
  ])(
    'stops a static-only marketplace score halfway (%s): exit 130, only what was scored is printed and ' +
      'recorded, as cancelled',
    async (_, threads) => {
      const tree = manyTargets();
      const store = path.join(dir, `many-${threads}.db`);
      const child = spawn(
        process.execPath,
        [BIN, 'score', tree, '--output', 'jsonl', '--store', store, '--threads', threads],
        { env: process.env },
      );
      let stdout = '';
      let stderr = '';
      let sent = false;
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        // Ctrl-C as soon as the first result is out: a static run never waits on I/O, so only a yield between targets
        // lets it in.
        if (!sent && stdout.includes('\n')) {
          sent = true;
          child.kill('SIGINT');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, stderr).toBe(130);
      expect(stderr).toContain('cancelled; no report file was written (results already printed or recorded stay');
      const printed = stdout.split('\n').filter(Boolean).length;
      expect(printed).toBeGreaterThan(0);
      expect(printed).toBeLessThan(400);
      expect(await storedRuns(store)).toEqual({ statuses: ['cancelled'], results: printed });
    },
    HANG_LIMIT_MS,
  );

  // One target at a time (--jobs 1), so once the judge has answered more calls than one skill needs, a target has
  // finished while the rest are still to come.
  it.each([
    ['printed', false],
    ['written to --out', true],
  ])(
    'stops a standard-depth run over many skills: the targets that finished are %s and recorded, marked ' +
      'cancelled; exit 130',
    async (_, toFile) => {
      const tree = path.join(dir, `standard-${toFile ? 'out' : 'stdout'}`);
      for (let i = 0; i < 6; i++)
        cpSync(
          path.join(ROOT, 'examples/skills', i % 2 === 0 ? 'csv-profiler' : 'changelog-writer'),
          path.join(tree, `s${i}`, 'skill'),
          { recursive: true },
        );
      const server = await startModelServer(
        judgeScript({
          candidate: 'csv-profiler',
          shouldTrigger: CSV_SHOULD_TRIGGER,
          nearMisses: CSV_NEAR_MISSES,
          score: () => 0.8,
          delayMs: 20,
        }),
      );
      const store = path.join(tree, 'store.db');
      const out = path.join(tree, 'report.json');
      try {
        const child = spawn(
          process.execPath,
          [
            BIN,
            'score',
            tree,
            '--depth',
            'standard',
            '--jobs',
            '1',
            '--no-cache',
            '--output',
            'json',
            '--store',
            store,
            ...(toFile ? ['--out', out] : []),
          ],
          {
            env: { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.url },
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        await beforeExit(child, server.requestsReached(40));
        child.kill('SIGINT');
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        expect(code, stderr).toBe(130);
        const report = JSON.parse(toFile ? readFileSync(out, 'utf8') : stdout) as {
          status: string;
          results: unknown[];
        };
        expect(report.status).toBe('cancelled');
        expect(report.results.length).toBeGreaterThan(0);
        expect(report.results.length).toBeLessThan(6);
        expect(stderr).toContain(
          `that finished before the ` +
            `stop ${report.results.length === 1 ? 'is' : 'are'} ${toFile ? `written to ${out}` : 'printed above'} ` +
            `and recorded`,
        );
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(await storedRuns(store)).toEqual({ statuses: ['cancelled'], results: report.results.length });
      } finally {
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );

  it(
    'stops a certify halfway through its agent runs: exit 130, the resume command, no temp folder left; --resume finishes the job',
    async () => {
      const isAgent = (r: { body: Record<string, unknown> }): boolean =>
        ((r.body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Skill');
      const judge = judgeScript({
        candidate: 'csv-profiler',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: () => 0.8,
      });
      // The first four agent runs are answered; from the fifth on, agent requests wait until the resume lets them go,
      // so the signal lands with runs finished and runs in flight however slow the machine. N = 6, one run per
      // prompt: three positives are too few to measure, so no uplift runs are made either (not what this tests).
      let letGo: () => void = () => undefined;
      const heldUntilLetGo = new Promise<void>((resolve) => (letGo = resolve));
      let agentRequests = 0;
      const server = await startModelServer(async (r) => {
        if (!isAgent(r)) return isDirectScore(r) ? directVerdict(4) : judge(r);
        if (agentRequests++ >= 4) await heldUntilLetGo;
        return { text: 'No skill needed.' };
      });
      const prompts = path.join(dir, 'prompts.json');
      writeFileSync(
        prompts,
        JSON.stringify([1, 2, 3, 4, 5, 6].map((i) => ({ query: `request ${i}`, should_trigger: i <= 3 }))),
      );
      const tmp = tree.fresh('tmp-');
      const env = {
        ...process.env,
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: server.url,
        PLUGIN_EVAL_STATE_DIR: path.join(dir, 'state'),
        PLUGIN_EVAL_CORPUS_DIR: path.join(dir, 'corpus'),
        PLUGIN_EVAL_CACHE: 'false',
        CLAUDE_CODE_MAX_RETRIES: '0',
        TMPDIR: tmp,
      };
      const certify = (...extra: string[]) =>
        spawn(
          process.execPath,
          [
            BIN,
            'certify',
            path.join(ROOT, 'examples/skills/csv-profiler'),
            '--prompts',
            prompts,
            '--mc-n',
            '6',
            '--no-adaptive',
            '--output',
            'json',
            ...extra,
          ],
          { env },
        );
      try {
        const child = certify();
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        await beforeExit(child, server.requestsReached(5, isAgent));
        child.kill('SIGINT');
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code, stderr).toBe(130);
        const runId = /continue with: --resume ([\w-]+)/.exec(stderr)?.[1];
        expect(runId, stderr).toBeDefined();
        expect(stderr).not.toMatch(/\n\s+at /);
        expect(readdirSync(tmp).filter((n) => n.startsWith('plugin-eval-run-'))).toEqual([]);
        letGo();
        const resumed = certify('--resume', runId!);
        let stdout = '';
        resumed.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        await new Promise((resolve) => resumed.on('exit', resolve));
        const result = JSON.parse(stdout).results[0];
        const mc = result.layers.find((l: { name: string }) => l.name === 'monte_carlo').monteCarlo[0];
        expect(mc.sampling.done).toBe(6);
        expect(mc.sampling.resumed).toBeGreaterThan(0);
        expect(mc.sampling.resumed).toBeLessThan(6);
      } finally {
        letGo();
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );

  it(
    'stops an evals run halfway: exit 130, finished runs kept, no temp project left; the printed command (no flags repeated) finishes it',
    async () => {
      // Each agent run is one request. The first is answered; the rest wait until the test lets them go, so when the
      // signal comes exactly one run has been written and the others are in flight or queued, however slow the machine.
      let letGo: () => void = () => undefined;
      const heldUntilLetGo = new Promise<void>((resolve) => (letGo = resolve));
      let answered = 0;
      const server = await startModelServer(async () => {
        if (answered++ > 0) await heldUntilLetGo;
        return { text: 'An answer.', usage: { input: 100, output: 10 } };
      });
      const skill = path.join(dir, 'evals-skill', 'csv-profiler');
      cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), skill, { recursive: true });
      const tmp = tree.fresh('tmp-');
      const env = {
        ...process.env,
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: server.url,
        PLUGIN_EVAL_CACHE: 'false',
        CLAUDE_CODE_MAX_RETRIES: '0',
        TMPDIR: tmp,
      };
      const cli = (args: string[]) => spawn(process.execPath, [BIN, ...args], { env });
      // The workspace is made next to the skill: a run.json appearing anywhere under it is a run written.
      const watcher = watch(path.dirname(skill), { recursive: true });
      const runWritten = new Promise<void>((resolve) =>
        watcher.on('change', (_event, file) => {
          if (path.basename(String(file)) === 'run.json') resolve();
        }),
      );
      try {
        const child = cli([
          'evals',
          'run',
          skill,
          '--runs',
          '2',
          '--concurrency',
          '2',
          '--agent-model',
          'claude-haiku-4-5',
        ]);
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        await beforeExit(child, runWritten);
        watcher.close();
        child.kill('SIGINT');
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code, stderr).toBe(130);
        expect(stderr).not.toMatch(/\n\s+at /);
        const hint = /continue with: plugin-eval (.+)/.exec(stderr)?.[1]?.trim();
        expect(hint, stderr).toBe(`evals run ${skill} --resume --iteration 1`);
        expect(readdirSync(tmp).filter((n) => n.startsWith('plugin-eval-run-'))).toEqual([]);
        letGo();
        const resumed = cli([...hint!.split(' '), '--output', 'json']);
        let stdout = '';
        resumed.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        const resumedCode = await new Promise<number | null>((resolve) => resumed.on('exit', resolve));
        expect(resumedCode).toBe(0);
        const outcome = JSON.parse(stdout) as {
          plan: { runs_per_configuration: number; model: string };
          rows: { status: string }[];
        };
        // The resume kept the iteration's own settings (2 runs, not the default 1; haiku) without being told them again.
        expect([outcome.plan.runs_per_configuration, outcome.plan.model]).toEqual([2, 'claude-haiku-4-5']);
        expect(outcome.rows).toHaveLength(8);
        expect(outcome.rows.filter((r) => r.status === 'kept')).toHaveLength(1);
        expect(outcome.rows.filter((r) => r.status === 'ok')).toHaveLength(7);
      } finally {
        watcher.close();
        letGo();
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );
});
