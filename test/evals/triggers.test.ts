/**
 * `evals triggers`: the REAL Claude Agent SDK (bundled binary) with the real SKILL.md installed, against the scripted
 * model server whose rule (trigger-policy.ts) makes every query's true trigger rate known; faults on some runs must
 * come back as errors, never as "not triggered". The loop's own rules (cost cap, give-up, duplicates) are checked with
 * a fake runner, and the labelled simulation (--runner messages) through the CLI.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TriggerResults } from '../../src/evals/schemas/trigger-results.js';
import { evaluateTriggers, mergeDuplicateQueries, passes } from '../../src/evals/optimise/triggers.js';
import { triggerRunOptions, triggerSetup } from '../../src/cli/evals-trigger-setup.js';
import { triggerExitCode } from '../../src/evals/optimise/trigger-report.js';
import { ShadowedSkillError } from '../../src/agent/project.js';
import type { AgentRunner, AgentRunRequest, AgentRunResult } from '../../src/agent/types.js';
import { cli } from '../support/cli.js';
import { startModelServer, type ModelServer, type ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { envForEachTest } from '../support/env.js';
import { agentPolicy, forcedTool, isAgentRequest, routingReply, SKILL_NAME } from './trigger-policy.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-triggers-');
const SKILL = join(
  tree.write(
    `skills/${SKILL_NAME}/SKILL.md`,
    `---\nname: ${SKILL_NAME}\ndescription: Write release notes from a git log (ZEBRA). Use when asked for ` +
      `release notes.\n---\n\n# Release notes\n\nGroup commits by type.\n`,
  ),
  '..',
);
const evalSet = (items: { query: string; should_trigger: boolean }[], name: string): string =>
  tree.write(`${name}.json`, JSON.stringify(items, null, 2));

const sessions = new Map<string, 'error' | 'ok'>();
const policy = (r: ScriptRequest) =>
  forcedTool(r) === 'skill_decision' ? routingReply(r) : isAgentRequest(r) ? agentPolicy(sessions)(r) : { text: 'ok' };
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());
envForEachTest(
  () => ({
    ANTHROPIC_API_KEY: 'sk-ant-offline-test',
    ANTHROPIC_BASE_URL: server.url,
    CLAUDE_CODE_MAX_RETRIES: '0',
    PLUGIN_EVAL_CACHE: 'false',
  }),
  ['TMPDIR'],
);

describe('evals triggers with the real agent and the real SKILL.md', () => {
  it(
    'counts activation anywhere in the run, and faults as errors (pass null when every run failed; exit 3)',
    async () => {
      const file = evalSet(
        [
          { query: 'ZEBRA write release notes for v1.2', should_trigger: true },
          { query: 'LOOK first, then ZEBRA notes for the sprint', should_trigger: true },
          { query: 'OKAPI digest of the changes', should_trigger: true },
          { query: 'what is 2 + 2', should_trigger: false },
          { query: 'ZEBRA FLAKY notes', should_trigger: true },
          { query: 'ZEBRA DOWN notes', should_trigger: true },
        ],
        'real',
      );
      // Two runs per query: FLAKY fails its first and measures its second. A generous timeout: on a loaded machine a
      // slow start must not turn into errors (the stall is tested apart).
      const out = await cli(
        'evals',
        'triggers',
        SKILL,
        '--eval-set',
        file,
        '--runs',
        '2',
        '--timeout',
        '60',
        '--concurrency',
        '4',
        '--output',
        'json',
        '--agent-model',
        'claude-haiku-5-5',
      );
      expect(out.code, out.stderr).toBe(3);
      const results = TriggerResults.parse(JSON.parse(out.stdout));
      expect(results).toMatchObject({
        skill_name: SKILL_NAME,
        runner: 'claude-agent-sdk',
        simulated: false,
        threshold: 0.5,
        runs_per_query: 2,
        timeout_ms: 60_000,
      });
      const row = (q: string) => {
        const r = results.results.find((x) => x.query === q)!;
        return {
          rate: r.trigger_rate,
          triggers: r.triggers,
          runs: r.runs,
          pass: r.pass,
          errors: r.errors,
          not_run: r.not_run,
        };
      };
      expect(row('ZEBRA write release notes for v1.2')).toEqual({
        rate: 1,
        triggers: 2,
        runs: 2,
        pass: true,
        errors: 0,
        not_run: 0,
      });
      // Triggered on the second tool call: run_eval, deciding on the first, would report 0 here.
      expect(row('LOOK first, then ZEBRA notes for the sprint')).toEqual({
        rate: 1,
        triggers: 2,
        runs: 2,
        pass: true,
        errors: 0,
        not_run: 0,
      });
      expect(results.results[1]!.evidence).toEqual(Array(2).fill(`tool call 2: Skill {"skill":"${SKILL_NAME}"}`));
      expect(row('OKAPI digest of the changes')).toEqual({
        rate: 0,
        triggers: 0,
        runs: 2,
        pass: false,
        errors: 0,
        not_run: 0,
      });
      expect(row('what is 2 + 2')).toEqual({ rate: 0, triggers: 0, runs: 2, pass: true, errors: 0, not_run: 0 });
      // One run answered 400 throughout: one error, one measured run, triggered.
      expect(row('ZEBRA FLAKY notes')).toEqual({ rate: 1, triggers: 1, runs: 1, pass: true, errors: 1, not_run: 0 });
      expect(results.results[4]!.error_messages).toHaveLength(1);
      expect(results.results[4]!.error_messages[0]).toMatch(/^api_error: /);
      expect(row('ZEBRA DOWN notes')).toEqual({ rate: null, triggers: 0, runs: 0, pass: null, errors: 2, not_run: 0 });
      expect(results.summary).toEqual({ total: 6, passed: 4, failed: 1, errors: 1, error_runs: 3 });
      expect(out.stderr).toMatch(/1 of 6 queries could not be measured/);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a run that stalls past --timeout is a timeout error, not "not triggered"',
    async () => {
      const out = await cli(
        'evals',
        'triggers',
        SKILL,
        '--eval-set',
        evalSet([{ query: 'ZEBRA STALL notes', should_trigger: false }], 'stall'),
        '--runs',
        '1',
        '--timeout',
        '1',
        '--output',
        'json',
      );
      expect(out.code).toBe(3);
      const r = TriggerResults.parse(JSON.parse(out.stdout)).results[0]!;
      expect({ rate: r.trigger_rate, runs: r.runs, pass: r.pass, errors: r.errors }).toEqual({
        rate: null,
        runs: 0,
        pass: null,
        errors: 1,
      });
      expect(r.error_messages).toEqual(['timeout: the run did not end within 1000 ms']);
    },
    HANG_LIMIT_MS,
  );

  it('refuses with exit 2 when a same-named skill is visible above the temp folder, before any model request', async () => {
    const base = tree.dir('shadow');
    mkdirSync(join(base, '.claude', 'skills', SKILL_NAME), { recursive: true });
    process.env.TMPDIR = tree.dir('shadow/tmp');
    const before = server.requests.length;
    const out = await cli(
      'evals',
      'triggers',
      SKILL,
      '--eval-set',
      evalSet([{ query: 'ZEBRA notes', should_trigger: true }], 'one'),
      '--runs',
      '2',
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /refusing to run: a skill named "release-notes" at .*shadow\/\.claude\/skills\/release-notes would be visible/,
    );
    expect(out.stderr).not.toMatch(/unexpected error|at .*\.ts:\d+/);
    expect(server.requests.length).toBe(before);
  });
});

describe('evals triggers --runner messages (a labelled simulation)', () => {
  const file = () =>
    evalSet(
      [
        { query: 'ZEBRA notes please', should_trigger: true },
        { query: 'OKAPI notes please', should_trigger: true },
        { query: 'unrelated question', should_trigger: false },
        { query: 'unrelated question', should_trigger: false },
      ],
      'sim',
    );

  it('labels every output a simulation, merges the duplicate with a warning, exits 1 for the measured failure', async () => {
    const out = await cli(
      'evals',
      'triggers',
      SKILL,
      '--eval-set',
      file(),
      '--runner',
      'messages',
      '--runs',
      '2',
      '--agent-model',
      'claude-haiku-5-5',
    );
    expect(out.code, out.stderr).toBe(1);
    expect(
      out.stdout.startsWith('SIMULATION: the messages runner asks a model for a routing decision; no agent ran'),
    ).toBe(true);
    expect(out.stdout).toMatch(/^FAIL {2}should trigger {5}rate {2}0\.00 \(0\/2\) {2}"OKAPI notes please"$/m);
    expect(out.stdout).toMatch(/^pass {2}should trigger {5}rate {2}1\.00 \(2\/2\) {2}"ZEBRA notes please"$/m);
    expect(out.stdout).toMatch(
      /warning: .*sim\.json: entries \[2\], \[3\] are the same query; measured once: "unrelated question"/,
    );
    expect(out.stderr).toMatch(/warning: .*entries \[2\], \[3\]/);
    const json = await cli(
      'evals',
      'triggers',
      SKILL,
      '--eval-set',
      file(),
      '--runner',
      'messages',
      '--runs',
      '2',
      '--agent-model',
      'claude-haiku-5-5',
      '--output',
      'json',
      '--out',
      join(tree.root, 'sim-out.json'),
    );
    const results = TriggerResults.parse(JSON.parse(json.stdout));
    expect(results.simulated).toBe(true);
    expect(results.runner).toBe('messages');
    expect(results.results).toHaveLength(3);
    expect(results.summary).toMatchObject({ total: 3, passed: 2, failed: 1, errors: 0 });
    expect(JSON.parse(readFileSync(join(tree.root, 'sim-out.json'), 'utf8'))).toEqual(results);
  });

  it('--dry-run prints the plan and estimate and calls nothing; bad input is exit 2 naming file, line and field', async () => {
    const before = server.requests.length;
    const dry = await cli('evals', 'triggers', SKILL, '--eval-set', file(), '--runs', '5', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stderr).toMatch(
      /3 queries x 5 runs = up to 15 runs of the real agent \(Claude Agent SDK\) with the real SKILL\.md installed/,
    );
    expect(dry.stderr).toMatch(/estimated agent cost at most \$\d+\.\d\d/);
    expect(server.requests.length).toBe(before);
    const bad = tree.write('bad.json', '[\n  {"query": "x", "should_trigger": "yes"}\n]\n');
    const out = await cli('evals', 'triggers', SKILL, '--eval-set', bad);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/bad\.json:2: \[0\]\.should_trigger: .*expected \[\{"query"/);
    const conflict = evalSet(
      [
        { query: 'same', should_trigger: true },
        { query: 'same', should_trigger: false },
      ],
      'conflict',
    );
    const c = await cli('evals', 'triggers', SKILL, '--eval-set', conflict);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/\[1\]\.query repeats \[0\]\.query with the opposite should_trigger/);
    expect((await cli('evals', 'triggers', SKILL, '--eval-set', file(), '--threshold', '2')).code).toBe(2);
  });

  it('publishes the output schema as trigger-results', async () => {
    const out = await cli('schema', 'trigger-results');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).$defs.TriggerResults.required).toEqual(
      expect.arrayContaining(['skill_name', 'description', 'results', 'summary']),
    );
  });
});

/** A runner that answers from a table: per query, the statuses of its successive runs. */
function fakeRunner(
  plan: Record<string, ('hit' | 'miss' | 'infra')[]>,
  costUsd = 0.01,
): AgentRunner & { calls: string[] } {
  const seen = new Map<string, number>();
  const calls: string[] = [];
  return {
    name: 'fake',
    simulated: true,
    calls,
    async run(request: AgentRunRequest): Promise<AgentRunResult> {
      calls.push(request.prompt);
      const n = seen.get(request.prompt) ?? 0;
      seen.set(request.prompt, n + 1);
      const kind = plan[request.prompt]![n] ?? 'miss';
      const base = {
        runner: 'fake',
        simulated: true,
        activatedSkills: [],
        output: '',
        toolCalls: [],
        usage: { inputTokens: 10, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
        costUsd,
        priced: true,
        durationMs: 1,
        turns: 1,
      };
      if (kind === 'infra')
        return { ...base, status: 'infra', infraError: { kind: 'api_error', message: 'HTTP 500' }, activated: false };
      return {
        ...base,
        status: 'ok',
        activated: kind === 'hit',
        ...(kind === 'hit' ? { activationEvidence: 'tool call 1: Skill' } : {}),
      };
    },
  };
}
const options = (runner: AgentRunner, extra = {}) => ({
  runner,
  model: 'm',
  runsPerQuery: 4,
  threshold: 0.5,
  timeoutMs: 1000,
  concurrency: 1,
  ...extra,
});

describe('the trigger loop', () => {
  it('threshold rule: should-trigger passes at rate >= t, should-not below t', () => {
    expect([
      passes(true, 0.5, 0.5),
      passes(true, 0.49, 0.5),
      passes(false, 0.5, 0.5),
      passes(false, 0.49, 0.5),
    ]).toEqual([true, false, false, true]);
  });

  it('errors leave the denominator: 2 hits, 1 miss, 1 error -> rate 2/3', async () => {
    const runner = fakeRunner({ q: ['hit', 'infra', 'miss', 'hit'] });
    const e = await evaluateTriggers(
      { dir: SKILL, name: SKILL_NAME },
      [{ query: 'q', shouldTrigger: true }],
      options(runner),
    );
    expect(e.results[0]).toMatchObject({
      trigger_rate: 2 / 3,
      triggers: 2,
      runs: 3,
      errors: 1,
      pass: true,
      error_messages: ['api_error: HTTP 500'],
    });
  });

  it('--max-cost stops starting runs; every query keeps some runs (round by round) and the rest is not_run', async () => {
    const runner = fakeRunner({ a: ['hit', 'hit', 'hit', 'hit'], b: ['miss', 'miss', 'miss', 'miss'] }, 0.01);
    const e = await evaluateTriggers(
      { dir: SKILL, name: SKILL_NAME },
      [
        { query: 'a', shouldTrigger: true },
        { query: 'b', shouldTrigger: false },
      ],
      options(runner, { maxCostUsd: 0.025 }),
    );
    expect(runner.calls).toEqual(['a', 'b', 'a']);
    expect(e.results.map((r) => [r.runs, r.not_run])).toEqual([
      [2, 2],
      [1, 3],
    ]);
    expect(e.warnings.join('\n')).toMatch(/--max-cost \$0\.025 reached \(\$0\.0300 spent\)/);
  });

  it('runs whose calls had no usage reported leave the cost unknown, and a warning says why', async () => {
    const base = fakeRunner({ q: ['hit', 'hit'] });
    const runner: AgentRunner = {
      ...base,
      run: async (request) => ({ ...(await base.run(request)), usageReported: false }),
    };
    const e = await evaluateTriggers(
      { dir: SKILL, name: SKILL_NAME },
      [{ query: 'q', shouldTrigger: true }],
      options(runner, { runsPerQuery: 2, maxCostUsd: 1 }),
    );
    expect(e.costUsd).toBeNull();
    expect(e.warnings).toContain(
      'agent cost unknown: 2 call(s) without usage reported; --max-cost could not be enforced',
    );
  });

  it('gives up after repeated infrastructure errors: unmeasured queries are pass null, exit 3', async () => {
    const runner = fakeRunner({ a: Array(4).fill('infra'), b: Array(4).fill('infra') });
    const e = await evaluateTriggers(
      { dir: SKILL, name: SKILL_NAME },
      [
        { query: 'a', shouldTrigger: true },
        { query: 'b', shouldTrigger: false },
      ],
      options(runner),
    );
    expect(runner.calls).toHaveLength(5);
    expect(e.results.map((r) => r.pass)).toEqual([null, null]);
    expect(e.summary).toEqual({ total: 2, passed: 0, failed: 0, errors: 2, error_runs: 5 });
    expect(triggerExitCode({ summary: e.summary } as TriggerResults)).toBe(3);
  });

  it('a shadowing error from the runner stops the loop and propagates', async () => {
    const runner: AgentRunner = {
      name: 'x',
      simulated: true,
      run: () => Promise.reject(new ShadowedSkillError(SKILL_NAME, '/above/.claude/skills/x')),
    };
    await expect(
      evaluateTriggers({ dir: SKILL, name: SKILL_NAME }, [{ query: 'a', shouldTrigger: true }], options(runner)),
    ).rejects.toThrow(ShadowedSkillError);
  });

  it("the agent's installed skill leaves out the eval set (its evals/ folder, or the file where it lies in the skill)", async () => {
    const installs: AgentRunRequest['install'][] = [];
    const recording: AgentRunner = {
      name: 'rec',
      simulated: true,
      run: async (request) => (installs.push(request.install), fakeRunner({ q: ['hit'] }).run(request)),
    };
    const ui = {
      stdout: () => undefined,
      stderr: () => undefined,
      color: false,
      stderrIsTTY: false,
      quiet: true,
      width: 80,
      signal: undefined,
    };
    const labels = JSON.stringify([{ query: 'q', should_trigger: true }]);
    for (const [rel, exclude] of [
      ['evals/trigger-eval.json', ['evals']],
      ['triggers.json', ['evals', 'triggers.json']],
    ] as const) {
      const file = join(SKILL, rel);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, labels);
      const setup = await triggerSetup(
        SKILL,
        { evalSet: file, output: 'text', cache: false, sandbox: true, runs: '1' },
        ui,
        undefined,
      );
      expect(setup.installExclude).toEqual(exclude);
      await evaluateTriggers({ dir: SKILL, name: SKILL_NAME }, setup.queries, triggerRunOptions(setup, recording, ui));
      expect(installs.at(-1)).toEqual({ kind: 'skill', dir: SKILL, name: SKILL_NAME, exclude });
      rmSync(file);
    }
  });

  it('merges exact duplicates with a warning', () => {
    const merged = mergeDuplicateQueries(
      [
        { query: 'a', should_trigger: true },
        { query: 'b', should_trigger: false },
        { query: 'a', should_trigger: true },
      ],
      'set.json',
    );
    expect(merged.queries).toEqual([
      { query: 'a', shouldTrigger: true },
      { query: 'b', shouldTrigger: false },
    ]);
    expect(merged.warnings).toEqual(['set.json: entries [0], [2] are the same query; measured once: "a"']);
  });
});
