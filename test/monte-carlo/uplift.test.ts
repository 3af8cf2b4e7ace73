/**
 * Measured uplift end to end: the library's `score()` at depth deep with `uplift` runs the REAL Claude Agent SDK
 * (bundled binary) against the scripted model server, once with the skill installed and once without it, for every
 * positive prompt. The server's rule makes the truth known: with the skill listed the agent loads it and answers
 * CORRECT, without it WRONG; the pairwise judge (same server) prefers the answer saying CORRECT in whichever position
 * it is shown. A judge that always picks the first position splits every pair (ties); a run without the skill that
 * fails for infrastructure reasons is unmeasured, never a loss.
 */
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import type { RunEvent } from '../../src/events/types.js';
import { ScoreResult } from '../../src/model/result.js';
import { MONTE_CARLO_LAYER, STATIC_LAYER } from '../../src/pipeline/layers/index.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { McStateStore } from '../../src/monte-carlo/state.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { directVerdict } from '../judge/judge-script.js';
import { forcedTool, promptOf, turnOf } from '../evals/trigger-policy.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-uplift-');
const SKILL = join(
  tree.write(
    'skills/answer-key/SKILL.md',
    '---\nname: answer-key\ndescription: Answers questions about the ZEBRA ledger. Use when asked about the ZEBRA ' +
      'ledger.\n---\n\n# Answer key\n\nThe ZEBRA total is 42.\n',
  ),
  '..',
);
const POSITIVES = ['ZEBRA total for March', 'ZEBRA total for April', 'ZEBRA total for May', 'ZEBRA total for June'];
const NEGATIVES = ['what is a ledger', 'list the files here', 'what time is it', 'explain double entry'];
const promptsFile = tree.write(
  'prompts.json',
  JSON.stringify([
    ...POSITIVES.map((query) => ({ query, should_trigger: true })),
    ...NEGATIVES.map((query) => ({ query, should_trigger: false })),
  ]),
);

const isPairwise = (r: ScriptRequest): boolean => forcedTool(r) === 'pairwise_verdict';
const isAgent = (r: ScriptRequest): boolean =>
  ((r.body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Skill');
/** The skill is installed when the agent's request lists it (Claude Code lists skills in a system reminder). */
const skillListed = (r: ScriptRequest): boolean => JSON.stringify(r.body.messages ?? []).includes('answer-key');
const between = (text: string, tag: string): string =>
  text.slice(text.indexOf(`<${tag}>`) + tag.length + 2, text.indexOf(`</${tag}>`));

function verdict(winner: 'A' | 'B' | 'TIE'): Reply {
  return {
    json: {
      analysis: { responseA: 'a', responseB: 'b' },
      comparison: [{ criterion: 'overall quality', aAssessment: 'a', bAssessment: 'b', reasoning: 'r', winner }],
      differentiators: ['the total'],
      evidence: ['"42"', '"41"', 'the total'],
      reasoning: 'the right total wins',
      verdict: winner,
      confidence: 0.9,
    },
    usage: { input: 80, output: 40 },
  };
}

type Judge = 'truthful' | 'first-position';
let judgeKind: Judge = 'truthful';
let failWithout: ((prompt: string) => boolean) | undefined;

const policy = (r: ScriptRequest): Reply => {
  if (isPairwise(r)) {
    if (judgeKind === 'first-position') return verdict('A');
    const text = promptOf(r);
    const a = between(text, 'response_a').includes('CORRECT');
    const b = between(text, 'response_b').includes('CORRECT');
    return verdict(a === b ? 'TIE' : a ? 'A' : 'B');
  }
  // The grading judge: every criterion 4 of 5.
  if (!isAgent(r)) return directVerdict(4, { input: 50, output: 20 });
  const prompt = promptOf(r);
  if (!skillListed(r)) {
    if (failWithout?.(prompt)) return { fault: 'status', status: 500, message: 'internal error' };
    return { text: 'WRONG: the total is 41.', usage: { input: 100, output: 10 } };
  }
  if (!prompt.includes('ZEBRA')) return { text: 'No skill needed.', usage: { input: 100, output: 10 } };
  return turnOf(r) === 0
    ? { tool: { name: 'Skill', input: { skill: 'answer-key' } }, usage: { input: 300, output: 10 } }
    : { text: 'CORRECT: the total is 42.', usage: { input: 500, output: 5 } };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());

async function deepRun(
  options: { uplift?: boolean; events?: RunEvent[]; store?: McStateStore; maxRuns?: number } = {},
) {
  const run = await score([SKILL], {
    depth: 'deep',
    layers: [STATIC_LAYER, MONTE_CARLO_LAYER],
    judge: {
      provider: createAnthropicProvider({ apiKey: 'sk-ant-test', baseURL: server.url }),
      model: 'claude-haiku-4-5',
    },
    monteCarlo: {
      runner: new ClaudeAgentRunner({
        baseURL: server.url,
        apiKey: 'sk-ant-offline-test',
        executable: 'bundled',
        maxRetries: 0,
        tempDir: tree.dir('runs'),
        realHome: tree.dir('home'),
      }),
      promptsFile,
      maxRuns: options.maxRuns ?? 10,
      adaptive: false,
      concurrency: 4,
      model: 'claude-haiku-4-5',
      uplift: options.uplift ?? true,
      ...(options.store ? { store: options.store } : {}),
    },
    ...(options.events ? { events: (e) => options.events!.push(e) } : {}),
  });
  return ScoreResult.parse(run.results[0]);
}

const withoutSkillRuns = (): number => server.requests.filter((r) => isAgent(r) && !skillListed(r)).length;

/**
 * The truthful-judge run with --uplift, made once: the first test asserts on it, and the other uplift tests reuse its
 * saved runs with the skill (they differ only in the judge or in the runs without the skill), so each of them makes
 * only its 5 runs without the skill with the real agent instead of 15 runs.
 */
let truthful:
  | Promise<{ result: ScoreResult; events: RunEvent[]; withoutRuns: number; pairwiseCalls: number; store: string }>
  | undefined;
function truthfulRun() {
  truthful ??= (async () => {
    judgeKind = 'truthful';
    failWithout = undefined;
    const events: RunEvent[] = [];
    const before = withoutSkillRuns();
    const pairwiseBefore = server.requests.filter(isPairwise).length;
    const store = tree.dir('state');
    const result = await deepRun({ events, store: new McStateStore(store) });
    return {
      result,
      events,
      withoutRuns: withoutSkillRuns() - before,
      pairwiseCalls: server.requests.filter(isPairwise).length - pairwiseBefore,
      store,
    };
  })();
  return truthful;
}

/** A store holding the truthful run's saved runs with the skill but none of its comparisons. */
async function storeWithRunsWithTheSkill(): Promise<McStateStore> {
  const { store } = await truthfulRun();
  const copy = tree.fresh('state-');
  const saved = readdirSync(store).filter((name) => name.startsWith('monte-carlo-'));
  expect(saved).toHaveLength(1);
  copyFileSync(join(store, saved[0]!), join(copy, saved[0]!));
  return new McStateStore(copy);
}

describe('measured uplift with the real agent', () => {
  it(
    'the skill makes the answer right: 5 wins of 5 over 4 prompts, uplift +1, the runs without the skill counted and saved for a resume',
    async () => {
      const { result, events, withoutRuns, pairwiseCalls, store } = await truthfulRun();
      expect(result.uplift).toMatchObject({
        status: 'measured',
        source: 'pairwise',
        comparisons: 5,
        prompts: 4,
        wins: 5,
        losses: 0,
        ties: 0,
        splits: 0,
        unmeasured: 0,
        winRate: 1,
        uplift: 1,
        low: 1,
        high: 1,
      });
      // Every positive run with the skill has a run without it, and each shows in the progress events.
      expect(withoutRuns).toBe(5);
      const baseline = events.filter((e) => e.type === 'agent.run' && e.phase === 'without-skill');
      expect(baseline).toHaveLength(5);
      const mc = result.layers.find((l) => l.name === 'monte_carlo')!.monteCarlo![0]!;
      expect(mc.uplift).toEqual(result.uplift);
      // The layer's usage counts the 10 runs with the skill, the 5 without, the 5 grades and the 5 x 2 pairwise calls.
      const layer = result.layers.find((l) => l.name === 'monte_carlo')!;
      expect(pairwiseCalls).toBe(10);
      expect(layer.usage!.calls).toBe(10 + 5 + 5 + 10);
      // A resume reuses every run with the skill and every comparison: nothing runs again, the figure is the same.
      judgeKind = 'truthful';
      failWithout = undefined;
      const agentBefore = server.requests.filter(isAgent).length;
      const resumed = await deepRun({ store: new McStateStore(store) });
      expect(server.requests.filter(isAgent).length).toBe(agentBefore);
      expect(resumed.uplift).toEqual(result.uplift);
      expect(resumed.layers.find((l) => l.name === 'monte_carlo')!.notes).toContain(
        'uplift resumed: 5 comparison(s) reused from the saved state',
      );
    },
    HANG_LIMIT_MS,
  );

  it(
    'a judge that always picks the first position splits every pair: all ties, uplift 0 measured, no win counted',
    async () => {
      const store = await storeWithRunsWithTheSkill();
      judgeKind = 'first-position';
      failWithout = undefined;
      const before = withoutSkillRuns();
      const result = await deepRun({ store });
      // Only the runs without the skill were made: the comparisons were judged afresh by this judge.
      expect(withoutSkillRuns() - before).toBe(5);
      expect(result.uplift).toMatchObject({
        status: 'measured',
        comparisons: 5,
        wins: 0,
        losses: 0,
        ties: 5,
        splits: 5,
        winRate: 0.5,
        uplift: 0,
      });
    },
    HANG_LIMIT_MS,
  );

  it(
    'runs without the skill that fail for infrastructure reasons are unmeasured, never losses; too few left is "not measured"',
    async () => {
      const store = await storeWithRunsWithTheSkill();
      judgeKind = 'truthful';
      // The first two runs without the skill answer; the other three get a 500 (each run is one request).
      let answered = 0;
      failWithout = () => answered++ >= 2;
      const result = await deepRun({ store });
      expect(result.uplift).toMatchObject({
        status: 'not-measured',
        wins: 2,
        losses: 0,
        comparisons: 2,
        unmeasured: 3,
      });
      expect(result.uplift!.uplift).toBeNull();
      expect(result.uplift!.reason).toMatch(
        /^only 2 judged comparison\(s\) \(at least 5 are needed\); 3 comparison\(s\) lost to infrastructure failures/,
      );
      for (const r of result.uplift!.records!.filter((c) => c.status === 'unmeasured'))
        expect(r.reason).toMatch(/^the run without the skill failed \(/);
      // The skill's own Monte Carlo measurement is untouched by the baseline's failures.
      expect(result.measurement.status).toBe('complete');
    },
    HANG_LIMIT_MS,
  );

  it(
    'without --uplift no run is made without the skill and the result has no uplift',
    async () => {
      judgeKind = 'truthful';
      failWithout = undefined;
      const before = withoutSkillRuns();
      // One positive run is enough to see that none is made without the skill: with --uplift, too few runs to measure
      // still leave a "not measured" uplift in the result, so its absence is what the flag does.
      const result = await deepRun({ uplift: false, maxRuns: 2 });
      expect(result.uplift).toBeUndefined();
      expect(withoutSkillRuns()).toBe(before);
    },
    HANG_LIMIT_MS,
  );
});
