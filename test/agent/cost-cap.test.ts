import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findPrice } from '../../src/providers/pricing.js';
import type { ScoreRun } from '../../src/model/run.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, judgeScript, schemaNameOf } from '../judge/judge-script.js';
import { cli } from '../support/cli.js';
import { startModelServer, type ModelServer, type Script } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

/**
 * --max-cost at standard depth: the judge's calls go through the run's one cost ledger (src/providers/spend.ts), so a
 * multi-skill run stops starting calls once the cap is reached, is partial (exit 3), lists the targets it did not
 * start, and prints what it spent. Real Anthropic SDK against the scripted server; each reply reports fixed usage
 * so every call costs the same known amount.
 */
const MODEL = 'claude-sonnet-5-5';
const INPUT_TOKENS = 5_000;
const CALL_COST = (INPUT_TOKENS * findPrice(MODEL)!.input) / 1e6;
const tree = tempTree('plugin-eval-cost-cap-');
const SKILLS = Array.from({ length: 8 }, (_, i) => `notes-${i}`);
for (const name of SKILLS) {
  tree.write(
    `skills/${name}/SKILL.md`,
    `---\nname: ${name}\ndescription: Tidies meeting notes into sections. Use when the user asks to tidy or ` +
      `summarise meeting notes.\n---\n\n# Notes ${name}\n\nRead the notes, group them under headings, list the ` +
      `actions last.\n`,
  );
}
const saved = { ...process.env };
let server: ModelServer;

const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    ...[
      'tidy my meeting notes',
      'summarise these meeting notes',
      'clean up the notes from standup',
      'group my notes by topic',
      'list the actions from my notes',
    ].map((query) => ({ query, should_trigger: true })),
    ...['convert this CSV', 'rebase my branch', 'write a poem', 'sign a commit', 'list the files'].map((query) => ({
      query,
      should_trigger: false,
    })),
  ]),
);

/**
 * The judge script (and the simulated agent's routing) with every reply charged INPUT_TOKENS input tokens and no
 * output.
 */
const charged = (): Script => {
  const script = judgeScript({
    candidate: 'notes-0',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: () => 0.7,
  });
  return async (request) => {
    const reply = schemaNameOf(request) === 'skill_decision' ? { json: { skill: null } } : await script(request);
    return typeof reply === 'object' && !('fault' in reply)
      ? { ...reply, usage: { input: INPUT_TOKENS, output: 0, cacheRead: 0, cacheWrite: 0 } }
      : reply;
  };
};

beforeAll(() => {
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
  process.env.PLUGIN_EVAL_STORE = 'off';
});
afterEach(async () => server?.close());
afterAll(() => {
  process.env = saved;
});

describe('--max-cost at standard depth', () => {
  it('stops a multi-skill run at the cap: partial, exit 3, spend printed, overshoot bounded by the calls in flight', async () => {
    server = await startModelServer(charged());
    process.env.ANTHROPIC_BASE_URL = server.url;
    const cap = CALL_COST * 6.5;
    const out = await cli(
      'score',
      `${tree.root}/skills`,
      '--depth',
      'standard',
      '--no-cache',
      '--model',
      MODEL,
      '--jobs',
      '2',
      '--max-cost',
      String(cap),
      '--output',
      'json',
    );
    expect(out.code, out.stderr).toBe(3);
    const run = JSON.parse(out.stdout) as ScoreRun;
    expect(run.status).toBe('partial');
    const spend = run.spend!;
    expect(spend.maxCostUsd).toBe(cap);
    expect(spend.reached).toBe(true);
    // Every request the server saw was counted, and nothing after the cap was sent.
    expect(spend.calls).toBe(server.requests.length);
    expect(spend.spentUsd).toBeCloseTo(server.requests.length * CALL_COST, 10);
    expect(spend.spentUsd).toBeGreaterThanOrEqual(cap);
    expect(spend.spentUsd).toBeLessThanOrEqual(cap + spend.inFlightWhenReached * CALL_COST + 1e-12);
    // Under way means sent: calls the judge issued and the provider still queued are asked for only when they would go
    // out, so at most the provider's concurrency (4 by default) can overshoot.
    expect(spend.inFlightWhenReached).toBeLessThanOrEqual(4);
    expect(spend.refused).toBeGreaterThan(0);
    // A whole run of 8 skills would make far more calls than the cap allows: some targets were never started.
    expect(spend.notScored.length).toBeGreaterThan(0);
    expect(run.results.length + spend.notScored.length).toBe(SKILLS.length);
    expect(run.usage!.costUsd).toBeCloseTo(spend.spentUsd, 10);
    expect(out.stderr).toMatch(/partial: \d+ target\(s\) not scored: --max-cost \$[\d.]+ reached/);
  });

  it('the text report says what was spent and that the cap stopped the run', async () => {
    server = await startModelServer(charged());
    process.env.ANTHROPIC_BASE_URL = server.url;
    const out = await cli(
      'score',
      `${tree.root}/skills`,
      '--depth',
      'standard',
      '--no-cache',
      '--model',
      MODEL,
      '--jobs',
      '1',
      '--max-cost',
      String(CALL_COST * 3.5),
    );
    expect(out.code, out.stderr).toBe(3);
    expect(out.stdout.replace(/\s+/g, ' ')).toMatch(
      /Spent: \$\d+\.\d{4}: --max-cost \$[\d.]+ reached, the run stopped \(partial\); \d+ targets? not scored/,
    );
  });

  it('a cap that is not reached: success, and the spend is printed against it', async () => {
    server = await startModelServer(charged());
    process.env.ANTHROPIC_BASE_URL = server.url;
    const out = await cli(
      'score',
      `${tree.root}/skills/notes-1`,
      '--depth',
      'standard',
      '--no-cache',
      '--model',
      MODEL,
      '--max-cost',
      '100',
      '--output',
      'markdown',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(`Spent: $${(server.requests.length * CALL_COST).toFixed(4)} of --max-cost $100`);
  });
});

describe('--dry-run at standard depth', () => {
  it("prints the judge layer's planned calls and estimated cost against the cap, and calls no model", async () => {
    server = await startModelServer(charged());
    process.env.ANTHROPIC_BASE_URL = server.url;
    const out = await cli(
      'score',
      `${tree.root}/skills`,
      '--depth',
      'standard',
      '--model',
      MODEL,
      '--judges',
      '2',
      '--max-cost',
      '0.5',
      '--dry-run',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(
      `judge plan: ${SKILLS.length} skills x 2 judge(s) (${MODEL}) = up to ${SKILLS.length * 2 * 16} model calls`,
    );
    expect(out.stderr).toMatch(
      /judge estimated cost about \$\d+\.\d\d \(16 calls per skill and judge .*; --max-cost \$0\.50 stops it sooner/,
    );
    expect(out.stderr).toContain('dry run: no model was called');
    expect(server.requests.length).toBe(0);
  });
});

describe('--max-cost at deep depth', () => {
  it('judge calls and agent runs share the cap across skills: partial, exit 3, overshoot bounded by what was in flight', async () => {
    server = await startModelServer(charged());
    process.env.ANTHROPIC_BASE_URL = server.url;
    // One skill's judge layer makes 14 calls here and its Monte Carlo 20 runs: the cap falls among the first skill's
    // runs.
    const cap = CALL_COST * 24.5;
    const out = await cli(
      'score',
      `${tree.root}/skills`,
      '--depth',
      'deep',
      '--no-cache',
      '--model',
      MODEL,
      '--runner',
      'messages',
      '--agent-model',
      MODEL,
      '--prompts',
      PROMPTS,
      '--mc-n',
      '20',
      '--no-adaptive',
      '--jobs',
      '1',
      '--max-cost',
      String(cap),
      '--output',
      'json',
    );
    expect(out.code, out.stderr).toBe(3);
    const run = JSON.parse(out.stdout) as ScoreRun;
    expect(run.status).toBe('partial');
    const spend = run.spend!;
    expect(spend.reached).toBe(true);
    // Every request is charged the same, so the ledger's total is the server's count of requests times that.
    expect(spend.spentUsd).toBeCloseTo(server.requests.length * CALL_COST, 10);
    // A simulated run is at most two calls (routing, then an answer when the skill is chosen).
    expect(spend.spentUsd).toBeLessThanOrEqual(cap + spend.inFlightWhenReached * 2 * CALL_COST + 1e-12);
    expect(spend.notScored.length).toBeGreaterThan(0);
    expect(run.usage!.costUsd).toBeCloseTo(spend.spentUsd, 10);
    const runs = server.requests.filter((r) => schemaNameOf(r) === 'skill_decision').length;
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(20);
    expect(run.results[0]!.measurement.status).toBe('partial');
  });
});
