import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { initCorpus } from '../../src/rank/corpus/index.js';
import type { LayerOutput } from '../../src/model/layer-output.js';
import { DIMENSIONS, type DimensionName, type LayerName } from '../../src/model/dimensions.js';
import type { EloResult } from '../../src/model/elo.js';
import { ScoreResult } from '../../src/model/result.js';
import { NO_ELO_PROVIDER, PLUGIN_NOT_RATED, needsWholeRun, withRating } from '../../src/pipeline/finalise.js';
import { planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { createAnthropicProvider, ReliableProvider, type Provider } from '../../src/providers/index.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { assembleResult } from '../../src/score/build-result.js';
import { judgeScript } from '../judgekit/fake-judge.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { requestText, startModelServer, type ModelServer } from '../support/model-server.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';

/**
 * Real corpus skills (context-engineering, 179-454 lines) copied to a temp folder, each with a `[q=N]` marker the
 * scripted pairwise judge (test/judgekit/fake-judge.ts) reads, so every matchup's true outcome is known. The
 * candidate is context-degradation (231 lines, marker 5). In its category and inside ±30% of its lines (162-300)
 * are six skills, all rated 1500, so the five picked are the first five by path:
 *   context-compression q2 win, context-fundamentals q8 loss, context-optimization q3 win, evaluation q5 tie,
 *   memory-systems q1 win. multi-agent-patterns (q9) and advanced-evaluation (454 lines) are not picked.
 * Reference values (python3):
 *   E = lambda a, b: 1 / (1 + 10 ** ((b - a) / 400))
 *   def run(refs, scores, r=1500.0):
 *       out = []
 *       for rb, s in zip(refs, scores): r = r + 32 * (s - E(r, rb)); out.append(r)
 *       return out
 *   run([1500] * 5, [1, 0, 1, 0.5, 1]) -> [1516.0, 1499.263693206478, 1515.2976013366472, 1514.5935756536705, 1529.9219116199433]
 * and the Bradley-Terry bootstrap with BT_PY of test/elo/matchups.test.ts (references pooled at 1500, mulberry32(0)):
 *   bt([1, 0, 1, 0.5, 1], 1500) -> (1647.1907141178378, 1352.8092858821622, 1881.69700377573, 46 degenerate)
 */
const SOURCE = path.join(CORPUS_DIR, 'context-engineering/skills');
const MARKERS: Record<string, number> = {
  'context-compression': 2,
  'context-fundamentals': 8,
  'context-optimization': 3,
  evaluation: 5,
  'memory-systems': 1,
  'multi-agent-patterns': 9,
  'advanced-evaluation': 9,
};
const tree = tempTree('plugin-eval-elo-finalise-');
const copy = (name: string, to: string, q: number): string => {
  const dir = path.join(tree.root, to, 'context-engineering/skills', name);
  cpSync(path.join(SOURCE, name), dir, { recursive: true });
  const file = path.join(dir, 'SKILL.md');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n[q=${q}]\n`);
  return dir;
};
for (const [name, q] of Object.entries(MARKERS)) copy(name, 'corpus', q);
const candidate = copy('context-degradation', 'mine', 5);
const corpusDir = path.join(tree.root, 'index');
const PLUGIN = path.join(CORPUS_DIR, 'claude-plugins-official/plugins/hookify');

let server: ModelServer;
let provider: Provider;
/** Fail every matchup with these references (HTTP 503), to see infrastructure failures handled. */
let failing: RegExp | undefined;
beforeAll(async () => {
  const judge = judgeScript();
  server = await startModelServer((request) =>
    failing?.test(requestText(request)) ? { fault: 'status', status: 503 } : judge(request),
  );
  provider = new ReliableProvider(
    createAnthropicProvider({ env: anthropicEnv(server) }),
    fastReliability({ maxRetries: 1 }),
  );
});
afterAll(async () => server.close());

const certify = (paths: string[], over: Parameters<typeof score>[1] = {}) =>
  score(paths, {
    depth: 'quick',
    config: false,
    judge: { provider, model: 'sonnet' },
    elo: { corpusDir, references: 5 },
    ...over,
  });

describe('finalise with plan.elo', () => {
  it('the plan asks for a rating only when elo is given, and then finalise waits for the whole run', () => {
    expect(needsWholeRun(planFromOptions(['x'], {}))).toBe(false);
    const plan = planFromOptions(['x'], { judge: { provider: {} as Provider, model: 'm' }, elo: { corpusDir: '/c' } });
    // The default is 10 references: with K = 32, online Elo needs 8 straight wins to reach Platinum's 1600.
    expect(plan.elo).toEqual({ corpusDir: '/c', model: 'm', references: 10, seed: 0 });
    expect(
      planFromOptions(['x'], {
        judge: { provider: {} as Provider, model: 'm' },
        elo: { corpusDir: '/c', references: 5 },
      }).elo?.references,
    ).toBe(5);
    expect(needsWholeRun(plan)).toBe(true);
  });

  it('no corpus index: not rated, with the reason; no call, no made-up 1500, the run is not partial', async () => {
    const before = server.requests.length;
    const run = await certify([candidate]);
    const r = ScoreResult.parse(run.results[0]);
    expect(r.elo).toMatchObject({
      status: 'unmeasured',
      rating: null,
      percentile: null,
      infrastructureFailure: false,
      usage: null,
    });
    expect(r.elo!.reason).toBe(`no corpus index at ${path.join(corpusDir, 'index.json')}: run plugin-eval init SOURCE`);
    expect(r.composite.elo).toBeNull();
    expect(run.status).toBe('success');
    expect(server.requests.length).toBe(before);
    expect(REPORTERS.text(run.results, { color: false, width: 100, format: 'native', toolVersion: 'test' })).toContain(
      'Elo not rated: no corpus index at',
    );
  });

  it('rates the skill: online Elo, Bradley-Terry interval and percentile equal the python values; usage added', async () => {
    await initCorpus(path.join(tree.root, 'corpus'), { corpusDir });
    const before = server.requests.length;
    const run = await certify([candidate]);
    const r = ScoreResult.parse(run.results[0]);
    const elo = r.elo!;
    expect(elo.references.map((x) => [x.name, x.outcome, x.positionBias])).toEqual([
      ['context-compression', 'win', false],
      ['context-fundamentals', 'loss', false],
      ['context-optimization', 'win', false],
      ['evaluation', 'tie', false],
      ['memory-systems', 'win', false],
    ]);
    expect(elo).toMatchObject({
      status: 'measured',
      matches: 5,
      wins: 3,
      losses: 1,
      ties: 1,
      positionBiasCount: 0,
      unmeasured: 0,
      percentile: 70,
    });
    const history = [1516.0, 1499.263693206478, 1515.2976013366472, 1514.5935756536705, 1529.9219116199433];
    elo.references.forEach((x, i) => expect(x.ratingAfter).toBeCloseTo(history[i]!, 9));
    expect(elo.rating).toBeCloseTo(1529.9219116199433, 9);
    expect(r.composite.elo).toBe(elo.rating);
    expect(elo.bradleyTerry).toMatchObject({ status: 'measured', anchor: 1500, samples: 500, degenerateSamples: 46 });
    expect(elo.bradleyTerry!.rating).toBeCloseTo(1647.1907141178378, 6);
    expect(elo.bradleyTerry!.ciLow).toBeCloseTo(1352.8092858821622, 6);
    expect(elo.bradleyTerry!.ciHigh).toBeCloseTo(1881.69700377573, 6);
    // The online rating's own interval: online_ci([1500] * 5, [1, 0, 1, 0.5, 1]) (ONLINE_PY in matchups.test.ts).
    expect(elo.ciLow).toBeCloseTo(1473.8910193988888, 6);
    expect(elo.ciHigh).toBeCloseTo(1573.00566158348, 6);
    // Ten calls (five matchups, both orders), through the same provider; the static layer made none.
    expect(server.requests.length - before).toBe(10);
    expect(elo.usage!.calls).toBe(10);
    expect(r.usage!.calls).toBe(10);
    expect(run.usage!.calls).toBe(10);
    // Every report says it.
    const opts = { color: false, width: 200, format: 'native' as const, toolVersion: 'test' };
    for (const out of [
      REPORTERS.text(run.results, opts),
      REPORTERS.markdown(run.results, opts),
      REPORTERS.html(run.results, opts),
    ]) {
      // Each rating with its own interval, never the fit's interval beside the online rating.
      expect(out).toContain('Elo 1530 (online, K 32, from 1500; 95% CI 1474–1573)');
      expect(out).toContain('Bradley-Terry 1647, 95% CI 1353–1882 (500 bootstrap samples, 46 degenerate and skipped)');
      expect(out).toContain('corpus percentile 70');
      expect(out).toContain('5 matches: 3 W / 1 L / 1 T');
      expect(out).toContain('position bias 0');
      expect(out).toMatch(/loss vs context-fundamentals \(1500\)/);
    }
    expect(JSON.parse(REPORTERS.json(run.results, { ...opts, format: 'plugineval' })).elo).toBe(elo.rating);
  });

  it('a plugin is not rated (Elo ranks single skills), with the reason, and makes no call', async () => {
    const before = server.requests.length;
    const r = (await certify([PLUGIN])).results[0]!;
    expect(r.target.kind).toBe('plugin');
    expect(r.elo).toMatchObject({ status: 'unmeasured', reason: PLUGIN_NOT_RATED, rating: null });
    expect(server.requests.length).toBe(before);
  });

  it('no model provider: not rated, with the reason', async () => {
    const r = (await score([candidate], { depth: 'quick', config: false, elo: { corpusDir } })).results[0]!;
    expect(r.elo).toMatchObject({ status: 'unmeasured', reason: NO_ELO_PROVIDER, rating: null });
  });

  it('too many matchups failed (HTTP 503): not rated, infrastructure named, the run partial; failures are not losses', async () => {
    failing = /\[q=[238]\]/;
    try {
      const run = await certify([candidate]);
      const elo = run.results[0]!.elo!;
      expect(elo).toMatchObject({
        status: 'unmeasured',
        rating: null,
        infrastructureFailure: true,
        matches: 2,
        wins: 1,
        losses: 0,
        ties: 1,
        unmeasured: 3,
      });
      expect(elo.reason).toBe('only 2 of 5 matchups measured (3 unmeasured); a rating needs at least 3');
      expect(run.results[0]!.composite.elo).toBeNull();
      expect(run.status).toBe('partial');
      // The missing rating could have capped the badge: none is given, as for a partial judge layer, and the
      // label says why (the composite's own line is kept in byComposite).
      const decision = run.results[0]!.composite.badgeDecision!;
      expect(run.results[0]!.composite.badge).toBe('none');
      expect(decision.reasons).toEqual([
        'partial measurement: the Elo rating was not measured (model calls failed, not the skill)',
      ]);
      expect(decision.byComposite).not.toBe('none');
    } finally {
      failing = undefined;
    }
  });

  it('without elo (score) and in compat: no elo block, composite.elo null, the badge by the composite alone', async () => {
    for (const methodology of ['default', 'compat'] as const) {
      const r = (await score([candidate], { depth: 'quick', config: false, methodology })).results[0]!;
      expect('elo' in r).toBe(false);
      expect(r.composite.elo).toBeNull();
      expect(
        JSON.parse(REPORTERS.json([r], { color: false, width: 80, format: 'plugineval', toolVersion: 'test' })).elo,
      ).toBeNull();
    }
  });
});

describe('the badge with an Elo rating', () => {
  const layer = (name: LayerName, dims: readonly DimensionName[]): LayerOutput => ({
    name,
    score: 0.95,
    durationMs: 0,
    measurements: Object.fromEntries(dims.map((d) => [d, { score: 0.95, evidence: [] }])),
    unmeasured: {},
    antiPatterns: [],
    subScores: {},
  });
  // Every dimension measured at 0.95 by static, judge and Monte Carlo: composite 95, and the evidence allows Platinum.
  const assembled = () =>
    assembleResult({
      target: { path: 'x', kind: 'skill', name: 'x' },
      methodology: 'default',
      depth: 'deep',
      layersNotRun: [],
      penalty: 1,
      antiPatterns: [],
      diagnostics: [],
      durationMs: 0,
      layers: [
        layer(
          'static',
          DIMENSIONS.filter((d) => d !== 'robustness'),
        ),
        layer('judge', ['output_quality', 'scope_calibration', 'code_template_quality']),
        layer('monte_carlo', ['robustness']),
      ],
    });
  const rated = (rating: number): EloResult => ({
    status: 'measured',
    infrastructureFailure: false,
    rating,
    ratingMethod: 'online Elo',
    ciLow: null,
    ciHigh: null,
    ciMethod: null,
    bradleyTerry: null,
    initialRating: 1500,
    k: 32,
    matches: 5,
    wins: 5,
    losses: 0,
    ties: 0,
    positionBiasCount: 0,
    unmeasured: 0,
    percentile: 100,
    references: [],
    notes: [],
    judge: null,
    usage: null,
  });

  it('composite >= 90 but Elo < 1600: Gold, capped by Elo; Elo 1600: Platinum', () => {
    const capped = ScoreResult.parse(withRating(assembled(), rated(1573.00566158348)));
    expect(capped.composite.score).toBeGreaterThanOrEqual(90);
    expect(capped.composite.badge).toBe('gold');
    expect(capped.composite.badgeDecision.label).toBe(
      `Gold (capped by Elo: rating 1573 is below the 1600 Platinum needs; ` +
        `composite ${capped.composite.score!.toFixed(1)} would be Platinum)`,
    );
    expect(withRating(assembled(), rated(1600)).composite.badge).toBe('platinum');
  });
});
