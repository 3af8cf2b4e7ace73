import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerOptionsFrom } from '../src/config/provider-setup.js';
import { makeProvider } from '../src/cli/provider-setup.js';
import { resolveSettings } from '../src/config/resolve.js';
import { ConfigError, UsageError } from '../src/errors.js';
import { withEventScope } from '../src/events/sink.js';
import type { RunEvent } from '../src/events/types.js';
import { startModelServer, type ModelServer, type Reply } from './support/model-server.js';
import { goodVerdict, judgeRequest } from './support/provider-fixtures.js';
import { judgeScript as toolkitScript } from './judgekit/fake-judge.js';
import { cli } from './support/cli.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';
import { tempTree } from './support/tmp.js';

/**
 * `requestTimeout` (--request-timeout SECONDS, PLUGIN_EVAL_REQUEST_TIMEOUT, config `requestTimeout`, default 120):
 * the per-attempt timeout of every model call, through the one resolver to every provider, and the longest
 * retry-after a call obeys.
 */
const dir = tempTree('plugin-eval-timeout-').root;
const home = tempTree('plugin-eval-timeout-home-').root;
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the requestTimeout setting', () => {
  it('flag > environment > config file > default, each with its provenance', async () => {
    const file = path.join(dir, 'plugin-eval.config.json');
    writeFileSync(file, JSON.stringify({ provider: 'ollama', requestTimeout: 900 }, null, 2));
    const env = { PLUGIN_EVAL_REQUEST_TIMEOUT: '300' };
    expect((await resolveSettings({ command: 'judge', env: {}, config: false })).provenance.requestTimeout).toEqual({
      value: 120,
      source: 'default',
    });
    expect(
      (await resolveSettings({ command: 'judge', env: {}, config: file, cwd: dir })).provenance.requestTimeout,
    ).toEqual({ value: 900, source: 'config', detail: 'plugin-eval.config.json:3 requestTimeout' });
    expect(
      (await resolveSettings({ command: 'evals', env, config: file, cwd: dir })).provenance.requestTimeout,
    ).toEqual({ value: 300, source: 'env', detail: 'PLUGIN_EVAL_REQUEST_TIMEOUT' });
    const flag = await resolveSettings({
      command: 'score',
      given: { requestTimeout: '600' },
      env,
      config: file,
      cwd: dir,
    });
    expect(flag.provenance.requestTimeout).toEqual({ value: 600, source: 'flag', detail: '--request-timeout' });
    expect(providerOptionsFrom(flag).requestTimeoutMs).toBe(600_000);
  });

  it('a bad value names its source and stops the command with exit 2', async () => {
    await expect(
      resolveSettings({ command: 'judge', given: { requestTimeout: '0' }, env: {}, config: false }),
    ).rejects.toThrow(new UsageError('--request-timeout must be a number from 1 to 3600, got "0"'));
    await expect(
      resolveSettings({ command: 'judge', env: { PLUGIN_EVAL_REQUEST_TIMEOUT: 'slow' }, config: false }),
    ).rejects.toThrow(
      new ConfigError('environment variable PLUGIN_EVAL_REQUEST_TIMEOUT must be a number from 1 to 3600, got "slow"'),
    );
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ model: 'm', requestTimeout: 0 }, null, 2));
    await expect(resolveSettings({ command: 'judge', env: {}, config: file, cwd: dir })).rejects.toThrow(
      /bad\.json:3: requestTimeout: /,
    );
    const out = await cli(
      'judge',
      'score',
      '--request-timeout',
      'forever',
      '--criteria',
      'accuracy',
      '--prompt',
      'Q?',
      '--response',
      'A',
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--request-timeout must be a number from 1 to 3600, got "forever"');
    const fromFile = await cli('--config', file, 'score', path.join(dir, 'none'), '--depth', 'standard');
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toMatch(/bad\.json:3: requestTimeout/);
  });

  it('--verbose lists it with where it came from', async () => {
    server = await startModelServer(toolkitScript());
    const saved = process.env.PLUGIN_EVAL_REQUEST_TIMEOUT;
    process.env.PLUGIN_EVAL_REQUEST_TIMEOUT = '45';
    try {
      const stderr: string[] = [];
      const { Command } = await import('commander');
      const { registerJudgeCommands } = await import('../src/cli/commands/judge.js');
      const program = new Command()
        .exitOverride()
        .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
      registerJudgeCommands(program, {
        makeProvider: async (opts) => makeProvider({ ...opts, noCache: true }),
        stdout: { write: () => true },
        stderr: { write: (t: string) => stderr.push(t) },
      } as Parameters<typeof registerJudgeCommands>[1]);
      await program.parseAsync(
        [
          'judge',
          'score',
          '--verbose',
          '--provider',
          'openai',
          '--base-url',
          server.openaiBaseURL,
          '--model',
          'm',
          '--criteria',
          'accuracy',
          '--prompt',
          'Q?',
          '--response',
          'A [accuracy=4]',
        ],
        { from: 'user' },
      );
      expect(stderr.join('')).toContain('requestTimeout 45 (env PLUGIN_EVAL_REQUEST_TIMEOUT)');
    } finally {
      if (saved === undefined) delete process.env.PLUGIN_EVAL_REQUEST_TIMEOUT;
      else process.env.PLUGIN_EVAL_REQUEST_TIMEOUT = saved;
    }
  });
});

describe('score --verbose', () => {
  it('lists requestTimeout with its source when the judge runs, and leaves it out of a static-only run', async () => {
    const { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, FIXTURES, SCRIPTED_SCORES, judgeScript } = await import(
      './judge/judge-script.js'
    );
    server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: (d) => SCRIPTED_SCORES[d] ?? 0,
      }),
    );
    const saved = { ...process.env };
    process.env.OPENAI_API_KEY = 'sk-test';
    try {
      const skill = path.join(FIXTURES, 'csv-report');
      const out = await cli(
        'score',
        skill,
        '--depth',
        'standard',
        '--verbose',
        '--no-cache',
        '--provider',
        'openai',
        '--base-url',
        server.openaiBaseURL,
        '--model',
        'm',
        '--request-timeout',
        '300',
      );
      expect(out.code, out.stderr).toBeLessThan(2);
      expect(out.stderr).toContain('requestTimeout 300 (flag --request-timeout)');
      const quick = await cli('score', skill, '--verbose');
      expect(quick.stderr).toContain('plugin-eval: settings: ');
      expect(quick.stderr).not.toContain('requestTimeout');
    } finally {
      process.env = saved;
    }
  });
});

type Retried = Extract<RunEvent, { type: 'call.retried' }>;

/**
 * One call with the per-attempt timers and the backoff on the test's clock: an attempt's timeout fires only once the
 * server holds the stalled request (`stalled`), and the backoff ends once the retry is announced. So a slow machine
 * (the SDK loads inside the first attempt) can neither cut an attempt before it reached the server nor cut the
 * answering one. The HTTP itself runs on real I/O.
 */
async function completeOnTestClock(
  provider: Awaited<ReturnType<typeof makeProvider>>['provider'],
  stalled?: { arrived: Promise<void>; timeoutMs: number },
) {
  const events: RunEvent[] = [];
  let announce!: (event: Retried) => void;
  const firstRetry = new Promise<Retried>((resolve) => (announce = resolve));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const call = withEventScope(
      (e) => {
        events.push(e);
        if (e.type === 'call.retried') announce(e);
      },
      {},
      () => provider.complete(judgeRequest),
    );
    if (stalled) {
      await stalled.arrived;
      await vi.advanceTimersByTimeAsync(stalled.timeoutMs);
    }
    const retry = await Promise.race([firstRetry, call.then(() => undefined)]);
    if (retry) await vi.advanceTimersByTimeAsync(retry.delayMs);
    return { result: await call, retried: events.filter((e): e is Retried => e.type === 'call.retried') };
  } finally {
    vi.useRealTimers();
  }
}

/** The first request stalls far past the configured timeout and says it arrived; the next one answers. */
function stallOnce(answer: Reply): { script: (request: { index: number }) => Reply; arrived: Promise<void> } {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return {
    arrived,
    script: ({ index }) => {
      if (index > 0) return answer;
      arrive();
      return { fault: 'stall', ms: 60_000 };
    },
  };
}

describe('every provider cuts a stalled call at the configured timeout', () => {
  it.each([
    ['anthropic', (s: ModelServer) => ({ provider: 'anthropic', baseUrl: s.url })],
    ['openai', (s: ModelServer) => ({ provider: 'openai', baseUrl: s.openaiBaseURL, model: 'gpt-4o-mini' })],
    ['ollama', (s: ModelServer) => ({ provider: 'ollama', baseUrl: s.openaiBaseURL, model: 'qwen2.5:7b' })],
  ])(
    '%s: the stalled attempt fails with "no response within 1000 ms" and the retry answers',
    async (_name, options) => {
      const stall = stallOnce({ json: goodVerdict });
      server = await startModelServer(stall.script);
      const saved = { ...process.env };
      process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
      process.env.OPENAI_API_KEY = 'sk-test';
      try {
        const made = await makeProvider({ ...options(server), noCache: true, requestTimeoutMs: 1000 });
        const { result, retried } = await completeOnTestClock(made.provider, {
          arrived: stall.arrived,
          timeoutMs: 1000,
        });
        expect(result).toMatchObject({ ok: true, value: goodVerdict, attempts: 2 });
        expect(retried.map((e) => e.reason)).toEqual([expect.stringMatching(/no response within 1000 ms$/)]);
        expect(server.requests).toHaveLength(2);
      } finally {
        process.env = saved;
      }
    },
  );

  it(
    'claude-code: the timeout reaches the Claude Code session (API_TIMEOUT_MS) and the reliability layer',
    async () => {
      const stall = stallOnce({ text: JSON.stringify(goodVerdict) });
      server = await startModelServer(stall.script);
      const saved = { ...process.env };
      Object.assign(process.env, {
        HOME: home,
        CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
        ANTHROPIC_API_KEY: 'sk-ant-offline-test',
        ANTHROPIC_BASE_URL: server.url,
      });
      try {
        const made = await makeProvider({ provider: 'claude-code', noCache: true, requestTimeoutMs: 3000 });
        const { result, retried } = await completeOnTestClock(made.provider, {
          arrived: stall.arrived,
          timeoutMs: 3000,
        });
        expect(result).toMatchObject({ ok: true, value: goodVerdict, attempts: 2 });
        // Whichever fires first, Claude Code's own API timeout or ours, the stalled attempt is the one retried.
        expect(retried).toHaveLength(1);
        expect(retried[0]!.reason).toMatch(/no response within 3000 ms|timed? ?out|timeout/i);
      } finally {
        process.env = saved;
      }
      // Two starts of the Claude Code binary: seconds each on a busy machine; the timeouts under test are on the test's
      // clock, so only a hang reaches this limit.
    },
    HANG_LIMIT_MS,
  );
});

describe('the retry-after cap follows a longer timeout, never a shorter one', () => {
  it('a retry-after longer than the configured timeout fails at once, naming the configured seconds', async () => {
    server = await startModelServer([{ fault: 'status', status: 429, retryAfter: 3600 }]);
    const saved = { ...process.env };
    process.env.OPENAI_API_KEY = 'sk-test';
    try {
      const made = await makeProvider({
        provider: 'openai',
        baseUrl: server.openaiBaseURL,
        model: 'm',
        noCache: true,
        requestTimeoutMs: 600_000,
      });
      await expect(made.provider.complete(judgeRequest)).rejects.toThrow(
        '(gave up after 1 attempt: the server asked to wait 3600 s (retry-after), more than the 600 s a call waits)',
      );
      const byDefault = await makeProvider({
        provider: 'openai',
        baseUrl: server.openaiBaseURL,
        model: 'm',
        noCache: true,
      });
      await expect(byDefault.provider.complete(judgeRequest)).rejects.toThrow('more than the 120 s a call waits)');
      expect(server.requests).toHaveLength(2);
    } finally {
      process.env = saved;
    }
  });

  it(
    'a timeout shorter than the default still obeys a retry-after up to the default: "busy" is not "no answer"',
    async () => {
      server = await startModelServer([{ fault: 'status', status: 429, retryAfter: 2 }, { json: goodVerdict }]);
      const saved = { ...process.env };
      process.env.OPENAI_API_KEY = 'sk-test';
      try {
        const made = await makeProvider({
          provider: 'openai',
          baseUrl: server.openaiBaseURL,
          model: 'm',
          noCache: true,
          requestTimeoutMs: 1_000,
        });
        const { result } = await completeOnTestClock(made.provider);
        expect(result.ok).toBe(true);
        expect(server.requests).toHaveLength(2);
      } finally {
        process.env = saved;
      }
    },
    HANG_LIMIT_MS,
  );
});
