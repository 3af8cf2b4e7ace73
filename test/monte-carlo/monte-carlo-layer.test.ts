/**
 * Layer 3 end to end: the library's `score()` at depth deep runs the REAL Claude Agent SDK (bundled binary) against
 * the scripted model server, whose policy decides by rule which prompts lead to the skill, so every rate is known
 * exactly; the judge (same server) grades activated outputs by rule. Faults show infrastructure errors counted
 * apart; an interrupted run resumes from its saved state without redoing finished runs.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { CancelledError } from '../../src/errors.js';
import type { EventSink } from '../../src/events/types.js';
import { MonteCarloReport } from '../../src/model/monte-carlo.js';
import { MONTE_CARLO_LAYER, STATIC_LAYER } from '../../src/pipeline/layers/index.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { McStateStore } from '../../src/monte-carlo/state.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { directVerdict } from '../judge/judge-script.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-mc-layer-');
const skillFile = tree.write(
  'skills/release-notes/SKILL.md',
  '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
    'notes.\n---\n\n# Release notes\n\nGroup commits by type, newest first.\n',
);
const SKILL = join(skillFile, '..');
const runsDir = tree.dir('runs');

// 6 positives (4 carry the marker the server triggers on) and 6 near misses (1 carries it): with 12 runs at 1:1,
// every prompt runs once, so activation on positives is 4/6 and false activation 1/6, exactly.
const PROMPTS = [
  { query: 'ZEBRA write release notes for v1.2', should_trigger: true },
  { query: 'ZEBRA summarise these commits as release notes', should_trigger: true },
  { query: 'ZEBRA draft the changelog entry for this release', should_trigger: true },
  { query: 'ZEBRA what changed since the last tag, as notes', should_trigger: true },
  { query: 'release notes please, for the 2.0 tag', should_trigger: true },
  { query: 'notes for the sprint release', should_trigger: true },
  { query: 'explain what a git tag is', should_trigger: false },
  { query: 'rebase my branch onto main', should_trigger: false },
  { query: 'ZEBRA write a poem about commits', should_trigger: false },
  { query: 'how do I sign commits', should_trigger: false },
  { query: 'list the files in this folder', should_trigger: false },
  { query: 'what is semantic versioning', should_trigger: false },
];
const promptsFile = tree.write('prompts.json', JSON.stringify(PROMPTS));
// The six positives alone, one run each: five are still measured when one run is lost (6 runs, not 12).
const positivesFile = tree.write('positives.json', JSON.stringify(PROMPTS.slice(0, 6)));

const isAgent = (r: ScriptRequest): boolean =>
  ((r.body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Skill');
const turnOf = (r: ScriptRequest): number =>
  ((r.body.messages as { role: string }[]) ?? []).filter((m) => m.role === 'assistant').length;
function promptOf(r: ScriptRequest): string {
  const content = (r.body.messages as { content: unknown }[])[0]?.content;
  if (typeof content === 'string') return content;
  return (content as { type: string; text?: string }[])
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('\n');
}

let failWith: ((prompt: string) => Reply | undefined) | undefined;
const policy = (r: ScriptRequest): Reply => {
  // The grading judge by rule: 4 of 5 for every criterion (normalised 0.75).
  if (!isAgent(r)) return directVerdict(4, { input: 50, output: 20 });
  const prompt = promptOf(r);
  const fault = failWith?.(prompt);
  if (fault) return fault;
  if (prompt.includes('ZEBRA')) {
    if (turnOf(r) === 0)
      return { tool: { name: 'Skill', input: { skill: 'release-notes' } }, usage: { input: 300, output: 10 } };
    return { text: 'Release notes: done.', usage: { input: 500, output: 5 } };
  }
  return { text: 'No skill needed.', usage: { input: 100, output: 10 } };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());

const runner = (): ClaudeAgentRunner =>
  new ClaudeAgentRunner({
    baseURL: server.url,
    apiKey: 'sk-ant-offline-test',
    executable: 'bundled',
    maxRetries: 0,
    tempDir: runsDir,
    realHome: tree.dir('home'),
  });
const judge = () => ({
  provider: createAnthropicProvider({ apiKey: 'sk-ant-test', baseURL: server.url }),
  model: 'claude-haiku-4-5',
});

interface RunChoices {
  store?: McStateStore;
  signal?: AbortSignal;
  events?: EventSink;
  promptsFile?: string;
  maxRuns?: number;
  concurrency?: number;
}

async function deepRun(extra: RunChoices = {}) {
  return score([SKILL], {
    depth: 'deep',
    // The judge layer has its own tests; here its provider only grades the agent's outputs.
    layers: [STATIC_LAYER, MONTE_CARLO_LAYER],
    judge: judge(),
    monteCarlo: {
      runner: runner(),
      promptsFile: extra.promptsFile ?? promptsFile,
      maxRuns: extra.maxRuns ?? 12,
      adaptive: false,
      concurrency: extra.concurrency ?? 4,
      model: 'claude-haiku-4-5',
      ...(extra.store ? { store: extra.store } : {}),
    },
    ...(extra.signal ? { signal: extra.signal } : {}),
    ...(extra.events ? { events: extra.events } : {}),
  });
}

const reportOf = (run: Awaited<ReturnType<typeof score>>): MonteCarloReport => {
  const layer = run.results[0]!.layers.find((l) => l.name === 'monte_carlo');
  return MonteCarloReport.parse(layer?.monteCarlo?.[0]);
};

interface FaultlessRun {
  run: Awaited<ReturnType<typeof deepRun>>;
  store: McStateStore;
  /** State files saved when the interrupted run stopped. */
  saved: string[];
  /** Run indices the resume made itself. */
  resumedRuns: number[];
  /** Agent requests the resume sent. */
  resumeAgentCalls: number;
}

/**
 * The run without faults, made once: stopped by a cancel after five finished runs, then resumed from its saved
 * state. The first case asserts that it measured exactly what the rule makes true (what an uninterrupted run
 * gives), the resume case how it resumed, and the cost cap case takes its cost from it.
 */
let faultless: Promise<FaultlessRun> | undefined;
function faultlessRun(): Promise<FaultlessRun> {
  faultless ??= (async () => {
    failWith = undefined;
    const store = new McStateStore(tree.dir('state/run-1'));
    const controller = new AbortController();
    let finished = 0;
    await expect(
      deepRun({
        store,
        signal: controller.signal,
        events: (e) => {
          if (e.type === 'agent.run' && ++finished === 5) controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(CancelledError);
    const saved = readdirSync(store.folder);
    const agentCallsBefore = server.requests.filter(isAgent).length;
    const resumedRuns: number[] = [];
    const run = await deepRun({
      store,
      events: (e) => void (e.type === 'agent.run' && resumedRuns.push(e.runIndex)),
    });
    return {
      run,
      store,
      saved,
      resumedRuns,
      resumeAgentCalls: server.requests.filter(isAgent).length - agentCallsBefore,
    };
  })();
  return faultless;
}

describe('Monte Carlo layer with the real agent', () => {
  it(
    "measures exactly what the server's rule makes true: activation 4/6, false activation 1/6, graded outputs",
    async () => {
      const { run } = await faultlessRun();
      const result = run.results[0]!;
      expect(result.layersRun).toEqual(['static', 'monte_carlo']);
      const mc = reportOf(run);
      expect(mc).toMatchObject({ runner: 'claude-agent-sdk', simulated: false, status: 'measured' });
      expect(mc.sampling).toMatchObject({
        mode: 'fixed',
        planned: 12,
        done: 12,
        measured: 12,
        infra: 0,
        stoppedBy: 'max-runs',
      });
      expect(mc.activation).toMatchObject({ successes: 4, trials: 6, method: 'wilson' });
      expect(mc.activation.rate).toBeCloseTo(4 / 6, 12);
      expect(mc.falseActivation).toMatchObject({ successes: 1, trials: 6 });
      // TP 4, FP 1, FN 2.
      expect(mc.precision).toBeCloseTo(4 / 5, 12);
      expect(mc.recall).toBeCloseTo(4 / 6, 12);
      expect(mc.quality.n).toBe(4);
      expect(mc.quality.mean).toBeCloseTo(0.75, 12);
      expect(mc.quality.cv).toBe(0);
      expect(mc.failure).toMatchObject({ successes: 0, trials: 12 });
      // Activated runs: 300+10+500+5 = 815 tokens (5 runs); the others 110 (7 runs): median 110.
      expect(mc.tokens.median).toBe(110);
      expect(mc.efficiencyNorm).toBeCloseTo(1 - 110 / 8000, 12);
      expect(mc.mcScore).toBeCloseTo(0.4 * (4 / 6) + 0.3 * 1 + 0.2 * 1 + 0.1 * (1 - 110 / 8000), 9);
      // Every run is reported with the call that activated it.
      expect(mc.runs).toHaveLength(12);
      const activated = mc.runs.filter((r) => r.activated);
      expect(activated.map((r) => r.prompt.startsWith('ZEBRA'))).toEqual([true, true, true, true, true]);
      expect(activated[0]!.activationEvidence).toMatch(/Skill \{"skill":"release-notes"\}/);
      // The blend uses Layer 3: robustness (no static share) is measured by it alone.
      const robustness = result.dimensions.find((d) => d.name === 'robustness')!;
      expect(robustness.measured).toBe(true);
      expect(robustness.score).toBe(1);
      expect(result.composite.confidenceLabel).toBe('Certified');
      expect(readdirSync(runsDir)).toEqual([]);
    },
    HANG_LIMIT_MS,
  );

  it(
    '--max-cost stops cleanly before N: the layer says what it measured and is labelled partial',
    async () => {
      const full = reportOf((await faultlessRun()).run);
      expect(full.costUsd).toBeGreaterThan(0);
      // A quarter of what the full run cost: the cap is reached a few runs in, well before N.
      const cap = full.costUsd! * 0.25;
      const run = await score([SKILL], {
        depth: 'deep',
        layers: [STATIC_LAYER, MONTE_CARLO_LAYER],
        judge: judge(),
        monteCarlo: {
          runner: runner(),
          promptsFile,
          maxRuns: 12,
          adaptive: false,
          concurrency: 1,
          model: 'claude-haiku-4-5',
          maxCostUsd: cap,
        },
      });
      const mc = reportOf(run);
      expect(mc.sampling.stoppedBy).toBe('max-cost');
      expect(mc.sampling.done).toBeLessThan(12);
      expect(mc.costUsd).toBeGreaterThanOrEqual(cap);
      expect(['partial', 'not-measured']).toContain(mc.status);
      expect(mc.reason).toMatch(/--max-cost \$[\d.]+ reached/);
      expect(run.results[0]!.measurement.status).toBe('partial');
    },
    HANG_LIMIT_MS,
  );

  it(
    'counts infrastructure errors apart: never in a denominator, never "not activated"',
    async () => {
      // Every run of one activating positive prompt hits a 500 (Claude Code retries are off).
      failWith = (prompt) =>
        prompt.includes('v1.2') ? { fault: 'status', status: 500, message: 'internal error' } : undefined;
      const run = await deepRun({ promptsFile: positivesFile, maxRuns: 6 });
      const mc = reportOf(run);
      expect(mc.sampling).toMatchObject({ done: 6, measured: 5, infra: 1, infraByKind: { api_error: 1 } });
      expect(mc.activation).toMatchObject({ successes: 3, trials: 5 });
      const lost = mc.runs.find((r) => r.status === 'infra')!;
      expect(lost).toMatchObject({
        activated: false,
        infraKind: 'api_error',
        prompt: 'ZEBRA write release notes for v1.2',
      });
      expect(run.results[0]!.measurement.status).toBe('complete');
    },
    HANG_LIMIT_MS,
  );

  it(
    'gives up when infrastructure errors are the majority: not measured, with the reason, result partial',
    async () => {
      failWith = () => ({ fault: 'status', status: 529, message: 'overloaded' });
      // One at a time: the layer gives up after the fifth failure, with no runs in flight to finish.
      const run = await deepRun({ concurrency: 1 });
      const mc = reportOf(run);
      expect(mc.status).toBe('not-measured');
      expect(mc.reason).toMatch(
        /^too many infrastructure errors: \d+ of \d+ runs failed for infrastructure reasons \(overloaded \d+\)$/,
      );
      expect(mc.sampling.stoppedBy).toBe('infrastructure');
      const result = run.results[0]!;
      expect(result.measurement.status).toBe('partial');
      expect(result.measurement.gaps.map((g) => g.dimension).sort()).toEqual([
        'output_quality',
        'robustness',
        'token_efficiency',
        'triggering_accuracy',
      ]);
      expect(result.dimensions.find((d) => d.name === 'robustness')!.measured).toBe(false);
      expect(result.composite.confidenceLabel).not.toBe('Certified');
    },
    HANG_LIMIT_MS,
  );

  it(
    'an interrupted run resumes from its saved state and redoes no finished run',
    async () => {
      const { run, store, saved, resumedRuns, resumeAgentCalls } = await faultlessRun();
      expect(saved).toHaveLength(1);
      const mc = reportOf(run);
      expect(mc.sampling.resumed).toBeGreaterThanOrEqual(5);
      expect(mc.sampling.done).toBe(12);
      expect(resumedRuns).toHaveLength(12 - mc.sampling.resumed);
      // The same exact figures as an uninterrupted run.
      expect(mc.activation).toMatchObject({ successes: 4, trials: 6 });
      expect(mc.falseActivation).toMatchObject({ successes: 1, trials: 6 });
      expect(new Set(mc.runs.map((r) => r.runIndex)).size).toBe(12);
      expect(resumeAgentCalls).toBeLessThan(2 * 12);
      writeFileSync(join(store.folder, saved[0]!), '{"not": "state"}');
      await expect(deepRun({ store })).rejects.toThrow(/not a Monte Carlo state file/);
    },
    HANG_LIMIT_MS,
  );
});
