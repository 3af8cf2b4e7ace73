import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAYER_BLEND } from '../src/model/dimensions.js';
import { startModelServer, type ModelServer } from './support/model-server.js';
import { cli } from './support/cli.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, FIXTURES, SCRIPTED_SCORES, judgeScript } from './judge/judge-script.js';
import { singleResult } from './support/score-json.js';
import { tempTree } from './support/tmp.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';

/**
 * `plugin-eval score --depth standard` end to end through the main CLI: provider selection from the
 * environment, the real SDK clients against the scripted server, the blend of static and judge layers,
 * per-layer usage in the output, and a second run served entirely from the SQLite cache.
 */
const SKILL = path.join(FIXTURES, 'csv-report');
const scratch = tempTree('plugin-eval-std-');
const cacheDir = scratch.dir('cache');
const saved = { ...process.env };
let server: ModelServer | undefined;

const script = () =>
  judgeScript({
    candidate: 'csv-report',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: (d) => SCRIPTED_SCORES[d] ?? 0,
  });

beforeAll(() => {
  process.env.PLUGIN_EVAL_CACHE_DIR = cacheDir;
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => {
  process.env = saved;
});

async function scoreJson(...args: string[]) {
  const out = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', ...args);
  expect(out.code === 0 || out.code === 1, out.stderr).toBe(true);
  return singleResult(out.stdout);
}

/**
 * The first run of the unchanged skill through Anthropic (from ANTHROPIC_API_KEY), the cache empty: made once, the
 * blend case asserts on it and the cache case runs the skill again after it. Its server stays up for both.
 */
let anthropic: Promise<{ server: ModelServer; first: Awaited<ReturnType<typeof scoreJson>> }> | undefined;
function firstAnthropicRun() {
  anthropic ??= (async () => {
    const own = await startModelServer(script());
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
    process.env.ANTHROPIC_BASE_URL = own.url;
    try {
      return { server: own, first: await scoreJson() };
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
    }
  })();
  return anthropic;
}
afterAll(async () => (await anthropic)?.server.close());

describe('score --depth standard', () => {
  it('Anthropic (from ANTHROPIC_API_KEY): blends static and judge per the seed table and reports usage', async () => {
    const { server: anthropicServer, first: r } = await firstAnthropicRun();
    expect(r.layersRun).toEqual(['static', 'judge']);
    expect(r.layersNotRun).toEqual([]);
    expect(r.composite.confidenceLabel).toBe('Assessed');
    const judge = r.layers.find((l) => l.name === 'judge')!;
    expect(judge.usage!.calls).toBe(anthropicServer.requests.length);
    expect(judge.usage!.provider).toMatch(/anthropic \(ANTHROPIC_API_KEY is set\)/);
    expect(r.usage!.calls).toBe(judge.usage!.calls);
    expect(judge.dimensionsMeasured).toEqual(
      expect.arrayContaining([
        'orchestration_fitness',
        'output_quality',
        'scope_calibration',
        'code_template_quality',
        'triggering_accuracy',
      ]),
    );
    // Orchestration fitness = (0.10 x static + 0.70 x judge) / 0.80.
    const o = r.dimensions.find((d) => d.name === 'orchestration_fitness')!;
    const w = LAYER_BLEND.orchestration_fitness;
    expect(o.score).toBeCloseTo((w.static * o.layers.static! + w.judge * o.layers.judge!) / (w.static + w.judge), 12);
    expect(o.layers.judge).toBeCloseTo(SCRIPTED_SCORES.orchestration_fitness!, 12);
    // Output quality has no static share: the judge alone.
    expect(r.dimensions.find((d) => d.name === 'output_quality')!.score).toBeCloseTo(
      SCRIPTED_SCORES.output_quality!,
      12,
    );
    // Robustness is judge-weighted at 0.2 in the table but has no judge module: still unmeasured, and said so.
    expect(r.dimensions.find((d) => d.name === 'robustness')!.measured).toBe(false);
  });

  it('OpenAI-compatible (--provider openai --base-url): same judge scores as Anthropic', async () => {
    server = await startModelServer(script());
    process.env.OPENAI_API_KEY = 'sk-test';
    const r = await scoreJson(
      '--no-cache',
      '--provider',
      'openai',
      '--base-url',
      server.openaiBaseURL,
      '--model',
      'gpt-test',
    );
    delete process.env.OPENAI_API_KEY;
    const judge = r.layers.find((l) => l.name === 'judge')!;
    expect(judge.usage!.provider).toMatch(/^openai-compatible/);
    expect(judge.usage!.models).toEqual(['gpt-test']);
    expect(r.dimensions.find((d) => d.name === 'scope_calibration')!.layers.judge).toBeCloseTo(
      SCRIPTED_SCORES.scope_calibration!,
      12,
    );
  });

  it('a second run of an unchanged skill is served entirely from the cache (zero requests)', async () => {
    const { server: anthropicServer, first } = await firstAnthropicRun();
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
    process.env.ANTHROPIC_BASE_URL = anthropicServer.url;
    const requestsAfterFirst = anthropicServer.requests.length;
    expect(requestsAfterFirst).toBeGreaterThan(0);
    const second = await scoreJson();
    delete process.env.ANTHROPIC_API_KEY;
    expect(anthropicServer.requests.length).toBe(requestsAfterFirst);
    expect(second.usage!.cachedCalls).toBe(second.usage!.calls);
    expect(second.usage!.costUsd).toBe(0);
    expect(second.composite.score).toBeCloseTo(first.composite.score!, 12);
    const stats = JSON.parse((await cli('cache', 'stats', '--json')).stdout);
    expect(stats.entries).toBeGreaterThan(0);
    // The second run's lookups were all hits; the counts live in the database, so this process sees them.
    expect(stats.hits).toBeGreaterThanOrEqual(second.usage!.calls);
    expect((await cli('cache', 'stats')).stdout).toMatch(/entries {2}\d+ \(oldest \d{4}-/);
    expect((await cli('cache', 'clear')).stdout).toMatch(/^cleared \d+ cached response/);
    expect(JSON.parse((await cli('cache', 'stats', '--json')).stdout)).toMatchObject({
      entries: 0,
      hits: 0,
      misses: 0,
    });
  });

  it('text output names the provider, models, calls, tokens and cost of the judge layer', async () => {
    server = await startModelServer(script());
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
    process.env.ANTHROPIC_BASE_URL = server.url;
    const out = await cli('score', SKILL, '--depth', 'standard', '--no-cache');
    delete process.env.ANTHROPIC_API_KEY;
    expect(out.stdout).toMatch(/judge layer: \d+ ms · anthropic/);
    expect(out.stdout).toMatch(/\d+ call\(s\), 0 from cache/);
    expect(out.stdout).toMatch(/\$\d+\.\d{4}/);
    expect(out.stdout).toContain('Assessed confidence');
  });
});

describe('score --depth standard through Claude Code (the Agent SDK and its bundled binary)', () => {
  it(
    'measures the judged dimensions with no API key flow of our own',
    async () => {
      server = await startModelServer(script());
      const home = scratch.fresh('cc-home-');
      Object.assign(process.env, {
        HOME: home,
        CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
        ANTHROPIC_API_KEY: 'sk-ant-offline-test',
        ANTHROPIC_BASE_URL: server.url,
      });
      try {
        const r = await scoreJson('--no-cache', '--provider', 'claude-code', '--concurrency', '8');
        const judge = r.layers.find((l) => l.name === 'judge')!;
        expect(judge.usage!.provider).toMatch(/^claude-code/);
        expect(r.dimensions.find((d) => d.name === 'output_quality')!.score).toBeCloseTo(
          SCRIPTED_SCORES.output_quality!,
          12,
        );
        expect(judge.dimensionsMeasured).toContain('triggering_accuracy');
      } finally {
        delete process.env.ANTHROPIC_API_KEY;
        process.env.HOME = saved.HOME;
      }
    },
    HANG_LIMIT_MS,
  );
});
