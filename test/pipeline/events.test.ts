/**
 * Issue 8 item 4, end to end through the CLI and the REAL SDK clients against the scripted model server:
 * one event stream feeds `--verbose` (retries and failures on stderr as they happen) and `--log-dir`
 * (the run log and every judge prompt and reply, cached or not, with target, layer and dimension).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import type { RunEvent } from '../../src/events/types.js';
import { ScoreRun } from '../../src/model/run.js';
import { cli } from '../support/cli.js';
import { startModelServer, type ModelServer, type Script } from '../support/model-server.js';
import {
  CSV_NEAR_MISSES,
  CSV_SHOULD_TRIGGER,
  FIXTURES,
  SCRIPTED_SCORES,
  judgeScript,
  schemaNameOf,
} from '../judge/judge-script.js';
import { tempTree } from '../support/tmp.js';

const SKILL = path.join(FIXTURES, 'csv-report');
const tree = tempTree('plugin-eval-events-');
const cacheDir = tree.dir('cache');
const logDir = tree.dir('logs');
const saved = { ...process.env };
let server: ModelServer | undefined;

/** The judge script, except that the first output-quality request is answered 529 (overloaded), once. */
function overloadedOnce(): Script {
  const judge = judgeScript({
    candidate: 'csv-report',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: (d) => SCRIPTED_SCORES[d] ?? 0,
  });
  let failed = false;
  return (request) => {
    if (!failed && schemaNameOf(request) === 'judge_output_quality') {
      failed = true;
      return { fault: 'status', status: 529, retryAfter: 0, message: 'Overloaded' };
    }
    return judge(request);
  };
}

type LoggedCall = RunEvent & { at: number };
const callsOf = (dir: string): LoggedCall[] =>
  readFileSync(path.join(dir, 'calls.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LoggedCall);

beforeAll(() => {
  process.env.PLUGIN_EVAL_CACHE_DIR = cacheDir;
  for (const k of [
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_AUTH_TOKEN',
    'ANTHROPIC_BASE_URL',
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
  ])
    delete process.env[k];
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => {
  process.env = saved;
});

describe('one event stream', () => {
  it('a 529 answered once shows in --verbose and in calls.jsonl; a second run shows every call as cached', async () => {
    server = await startModelServer(overloadedOnce());
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
    process.env.ANTHROPIC_BASE_URL = server.url;
    const first = await cli(
      'score',
      SKILL,
      '--depth',
      'standard',
      '--output',
      'json',
      '--verbose',
      '--log-dir',
      logDir,
    );
    expect(first.code === 0 || first.code === 1, first.stderr).toBe(true);
    // --verbose: the retry, said as it happened, with where it happened.
    expect(first.stderr).toMatch(
      new RegExp(
        `plugin-eval: ${SKILL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} judge/output_quality: anthropic attempt 1 ` +
          `failed \\(.*529.*\\); retrying in 0 ms`,
      ),
    );
    const run = ScoreRun.parse(JSON.parse(first.stdout));
    const dir = path.join(logDir, run.runId);
    // The run log on disk is the document printed.
    expect(ScoreRun.parse(JSON.parse(readFileSync(path.join(dir, 'run.json'), 'utf8')))).toEqual(run);
    const calls = callsOf(dir);
    const retried = calls.filter((c) => c.type === 'call.retried');
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject({
      target: SKILL,
      layer: 'judge',
      dimension: 'output_quality',
      attempt: 1,
      status: 529,
    });
    const finished = calls.filter(
      (c): c is Extract<LoggedCall, { type: 'call.finished' }> => c.type === 'call.finished',
    );
    // Every request that got an answer is logged once with its prompt and reply; the 529 is the one extra request.
    expect(finished).toHaveLength(server.requests.length - 1);
    expect(finished.length).toBe(run.usage!.calls);
    const oq = finished.find((c) => c.dimension === 'output_quality')!;
    expect(oq.reply.attempts).toBe(2);
    expect(oq.prompt.system).toBeTruthy();
    expect(oq.prompt.messages[0]!.content).toContain('csv');
    expect(oq.reply.text).toContain('scripted output_quality');
    expect(oq.reply.cached).toBe(false);
    expect(oq.reply.inputTokens).toBeGreaterThan(0);
    expect(finished.every((c) => c.target === SKILL && c.layer === 'judge' && typeof c.dimension === 'string')).toBe(
      true,
    );

    const requests = server.requests.length;
    const second = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--log-dir', logDir);
    expect(server.requests.length).toBe(requests);
    const again = ScoreRun.parse(JSON.parse(second.stdout));
    const cached = callsOf(path.join(logDir, again.runId));
    expect(cached.length).toBe(again.usage!.calls);
    expect(cached.every((c) => c.type === 'call.cached' && c.reply.cached && c.prompt.messages.length > 0)).toBe(true);
    expect(readdirSync(logDir).sort()).toEqual([run.runId, again.runId].sort());
    delete process.env.ANTHROPIC_API_KEY;
  });

  it('a run stopped by a provider no call can reach still leaves its log (status error) and the failed call', async () => {
    server = await startModelServer([{ fault: 'status', status: 401, message: 'invalid x-api-key' }]);
    process.env.ANTHROPIC_API_KEY = 'sk-ant-wrong';
    process.env.ANTHROPIC_BASE_URL = server.url;
    const dir = tree.fresh('error-');
    try {
      const out = await cli(
        'score',
        SKILL,
        '--depth',
        'standard',
        '--no-cache',
        '--output',
        'json',
        '--verbose',
        '--log-dir',
        dir,
      );
      expect(out.code).toBe(3);
      // No report: only the failure document --output json prints when a command stops.
      expect(JSON.parse(out.stdout)).toMatchObject({ ok: false, exitCode: 3 });
      expect(out.stderr).toMatch(/judge\/\w+: anthropic call failed after 1 attempt: .*401/);
      // Calls queued behind the first failure are never sent, and say so rather than "after 0 attempts".
      expect(out.stderr).not.toMatch(/after 0 attempts/);
      const [runId] = readdirSync(dir);
      const run = ScoreRun.parse(JSON.parse(readFileSync(path.join(dir, runId!, 'run.json'), 'utf8')));
      expect(run.status).toBe('error');
      expect(run.error).toMatch(/401|x-api-key|authentication/i);
      expect(run.results).toEqual([]);
      const failed = callsOf(path.join(dir, runId!)).filter((c) => c.type === 'call.failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(failed[0]).toMatchObject({ target: SKILL, layer: 'judge', status: 401 });
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
    }
  });

  it('an unusable --log-dir is refused before anything is scored or paid for (exit 2, no stack trace)', async () => {
    const dir = tree.fresh('logdir-');
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'x');
    const inTheWay = await cli('score', SKILL, '--log-dir', file);
    expect(inTheWay.code).toBe(2);
    expect(inTheWay.stdout).toBe('');
    expect(inTheWay.stderr).toContain(`--log-dir ${file}: a file is in the way`);
    const impossible = await cli('score', SKILL, '--log-dir', '/proc/plugin-eval-no/x');
    expect(impossible.code).toBe(2);
    expect(impossible.stderr).toMatch(/--log-dir \/proc\/plugin-eval-no\/x: cannot be created/);
    expect(impossible.stderr).not.toMatch(/\n\s+at /);
  });

  it('the library emits layer and target events to a sink; without a sink nothing is written', async () => {
    const events: RunEvent[] = [];
    const run = await score([SKILL], { events: (e) => events.push(e) });
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('run.started');
    expect(types.at(-1)).toBe('run.finished');
    const started = types.indexOf('layer.started');
    expect(events[started]).toMatchObject({ type: 'layer.started', target: SKILL, layer: 'static' });
    expect(types.indexOf('layer.finished')).toBeGreaterThan(started);
    expect(events).toContainEqual(expect.objectContaining({ type: 'layer.finished', target: SKILL, layer: 'static' }));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'target.done', target: SKILL, done: 1, total: 1, outcome: 'scored' }),
    );
    expect(events.find((e) => e.type === 'run.finished')).toMatchObject({ runId: run.runId, status: 'success' });
    const quiet = await cli('score', SKILL, '--output', 'json');
    expect(existsSync(path.join(logDir, ScoreRun.parse(JSON.parse(quiet.stdout)).runId))).toBe(false);
  });
});
