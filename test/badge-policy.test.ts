import { describe, expect, it } from 'vitest';
import type { LayerOutput } from '../src/model/layer-output.js';
import type { DimensionName, LayerName } from '../src/model/dimensions.js';
import { ScoreResult } from '../src/model/result.js';
import { decideBadge, type BadgeEvidence } from '../src/score/badge-policy.js';
import { buildResult } from '../src/score/build-result.js';
import { coverageOf } from '../src/score/coverage.js';

/** Coverage of a set of measured dimensions, each fed by the given layers. */
function coverage(measured: Partial<Record<DimensionName, LayerName[]>>) {
  return coverageOf(
    Object.entries(measured).map(([name, layers]) => ({
      name: name as DimensionName,
      measured: true,
      layers: Object.fromEntries(layers.map((l) => [l, 0.5])),
    })),
  );
}

const STATIC_DIMS: DimensionName[] = [
  'triggering_accuracy',
  'orchestration_fitness',
  'progressive_disclosure',
  'token_efficiency',
  'structural_completeness',
  'ecosystem_coherence',
];
const JUDGE_DIMS: DimensionName[] = [
  'triggering_accuracy',
  'orchestration_fitness',
  'output_quality',
  'scope_calibration',
  'code_template_quality',
];

const staticOnly = coverage(Object.fromEntries(STATIC_DIMS.map((d) => [d, ['static']])));
const judged = coverage({
  ...Object.fromEntries(STATIC_DIMS.map((d) => [d, ['static']])),
  ...Object.fromEntries(JUDGE_DIMS.map((d) => [d, STATIC_DIMS.includes(d) ? ['static', 'judge'] : ['judge']])),
});

function evidence(over: Partial<BadgeEvidence>): BadgeEvidence {
  return {
    methodology: 'default',
    composite: 84.2,
    elo: null,
    coverage: staticOnly,
    layersRun: ['static'],
    measuredBy: { static: STATIC_DIMS },
    antiPatterns: [],
    ...over,
  };
}
const withJudge = {
  coverage: judged,
  layersRun: ['static', 'judge'] as LayerName[],
  measuredBy: { static: STATIC_DIMS, judge: JUDGE_DIMS },
};

describe('coverage', () => {
  it('static analysis alone measures 0.66 of the weight; with the judge 0.95 (robustness needs Monte Carlo)', () => {
    expect(staticOnly.share).toBe(0.66);
    expect(staticOnly.byLayer).toEqual({ static: 0.66 });
    expect(staticOnly.unmeasured).toEqual([
      'output_quality',
      'scope_calibration',
      'robustness',
      'code_template_quality',
    ]);
    expect(judged.share).toBe(0.95);
    expect(judged.byLayer).toEqual({ static: 0.66, judge: 0.74 });
    expect(judged.unmeasured).toEqual(['robustness']);
  });
});

describe('badge policy (default methodology)', () => {
  it('static analysis alone: at most Silver, provisional, and says what the composite would earn', () => {
    const d = decideBadge(evidence({}));
    expect(d).toEqual({
      badge: 'silver',
      byComposite: 'gold',
      provisional: true,
      reasons: ['provisional: content not judged'],
      label: 'Silver (provisional: content not judged; composite 84.2 would be Gold)',
    });
    expect(decideBadge(evidence({ composite: 95 })).badge).toBe('silver');
    // A lower badge is still provisional, with nothing to add about the composite.
    expect(decideBadge(evidence({ composite: 65 })).label).toBe('Bronze (provisional: content not judged)');
    expect(decideBadge(evidence({ composite: 50 }))).toMatchObject({
      badge: 'none',
      provisional: false,
      reasons: [],
      label: 'no badge',
    });
  });

  it('Gold needs the judge to have judged the content; a judge that missed output_quality keeps the cap', () => {
    expect(decideBadge(evidence({ ...withJudge }))).toMatchObject({
      badge: 'gold',
      provisional: false,
      reasons: [],
      label: 'Gold',
    });
    const missed = decideBadge(
      evidence({ ...withJudge, measuredBy: { static: STATIC_DIMS, judge: ['scope_calibration'] } }),
    );
    expect(missed.badge).toBe('silver');
    expect(missed.label).toBe(
      'Silver (provisional: content not judged (the judge did not measure output_quality); composite 84.2 would ' +
        'be Gold)',
    );
  });

  it('Platinum needs certify (Monte Carlo and an Elo rating), and says which is missing', () => {
    const d = decideBadge(evidence({ ...withJudge, composite: 93.1 }));
    expect(d.badge).toBe('gold');
    expect(d.byComposite).toBe('platinum');
    expect(d.label).toBe(
      'Gold (Platinum needs certify (Monte Carlo and an Elo rating): Monte Carlo did not run, no Elo rating; ' +
        'composite 93.1 would be Platinum)',
    );
    const certified = { ...withJudge, layersRun: ['static', 'judge', 'monte_carlo'] as LayerName[] };
    expect(decideBadge(evidence({ ...certified, composite: 93.1, elo: 1650 }))).toMatchObject({
      badge: 'platinum',
      reasons: [],
      label: 'Platinum',
    });
    expect(decideBadge(evidence({ ...certified, composite: 93.1, elo: null })).reasons).toEqual([
      'Platinum needs certify (Monte Carlo and an Elo rating): no Elo rating',
    ]);
    expect(decideBadge(evidence({ ...withJudge, composite: 93.1, elo: 1650 })).reasons).toEqual([
      'Platinum needs certify (Monte Carlo and an Elo rating): Monte Carlo did not run',
    ]);
  });

  it('with an Elo rating the badge needs the Elo line too, and says Elo capped it', () => {
    const certified = { ...withJudge, layersRun: ['static', 'judge', 'monte_carlo'] as LayerName[] };
    // composite >= 90 but Elo < 1600: not Platinum.
    const d = decideBadge(evidence({ ...certified, composite: 93.1, elo: 1573.3 }));
    expect(d).toMatchObject({
      badge: 'gold',
      byComposite: 'platinum',
      reasons: ['capped by Elo: rating 1573 is below the 1600 Platinum needs'],
    });
    expect(d.label).toBe(
      'Gold (capped by Elo: rating 1573 is below the 1600 Platinum needs; composite 93.1 would be Platinum)',
    );
    // The Elo line can take several steps: 1350 clears only Bronze's 1300.
    expect(decideBadge(evidence({ ...certified, composite: 93.1, elo: 1350 })).badge).toBe('bronze');
    expect(decideBadge(evidence({ ...certified, composite: 93.1, elo: 1250 })).badge).toBe('none');
    // Decided on the rating as shown: 1599.5 is shown 1600.
    expect(decideBadge(evidence({ ...certified, composite: 93.1, elo: 1599.5 })).badge).toBe('platinum');
    expect(decideBadge(evidence({ ...certified, composite: 93.1, elo: 1599.4 })).badge).toBe('gold');
    // Only what lowered the badge is named: here Elo (Silver) is below the evidence cap (Gold)...
    const both = decideBadge(evidence({ ...withJudge, composite: 93.1, elo: 1450 }));
    expect(both.badge).toBe('silver');
    expect(both.reasons).toEqual(['capped by Elo: rating 1450 is below the 1600 Platinum needs']);
    // ...and a provisional badge always says so.
    const staticElo = decideBadge(evidence({ composite: 93.1, elo: 1450 }));
    expect(staticElo.reasons).toEqual([
      'capped by Elo: rating 1450 is below the 1600 Platinum needs',
      'provisional: content not judged',
    ]);
    // A rating above every line never raises a badge: the composite's line still decides.
    expect(decideBadge(evidence({ ...certified, composite: 84, elo: 1700 }))).toMatchObject({
      badge: 'gold',
      reasons: [],
    });
  });

  it('below 50% coverage there is no badge, whatever the composite', () => {
    const triggeringOnly = coverage({ triggering_accuracy: ['static'] });
    expect(triggeringOnly.share).toBe(0.25);
    const d = decideBadge(
      evidence({ composite: 92, coverage: triggeringOnly, measuredBy: { static: ['triggering_accuracy'] } }),
    );
    expect(d.badge).toBe('none');
    expect(d.label).toBe('no badge (coverage 25% is below the 50% a badge needs; composite 92.0 would be Platinum)');
    const justHalf = coverage({
      triggering_accuracy: ['static'],
      orchestration_fitness: ['static'],
      token_efficiency: ['static'],
    });
    expect(justHalf.share).toBe(0.51);
    expect(decideBadge(evidence({ composite: 75, coverage: justHalf })).badge).toBe('silver');
  });

  it('a disqualifying anti-pattern withholds the badge and names itself', () => {
    for (const flag of ['INJECTION_ATTEMPT', 'LOW_INFORMATION_PROSE'] as const) {
      const d = decideBadge(
        evidence({ ...withJudge, composite: 85, antiPatterns: [{ flag }, { flag: 'DEAD_CROSS_REF' }, { flag }] }),
      );
      expect(d.badge).toBe('none');
      expect(d.reasons).toHaveLength(1);
      expect(d.reasons[0]).toMatch(new RegExp(`^disqualified: ${flag} `));
      expect(d.label).toMatch(/; composite 85\.0 would be Gold\)$/);
    }
    // An ordinary anti-pattern costs penalty points, not the badge.
    expect(
      decideBadge(evidence({ ...withJudge, composite: 85, antiPatterns: [{ flag: 'DEAD_CROSS_REF' }] })).badge,
    ).toBe('gold');
  });

  it('decides on the composite as displayed: 79.96 is shown 80.0 and earns Gold', () => {
    expect(decideBadge(evidence({ ...withJudge, composite: 79.96 })).badge).toBe('gold');
    expect(decideBadge(evidence({ ...withJudge, composite: 79.94 })).badge).toBe('silver');
    expect(decideBadge(evidence({ ...withJudge, composite: 59.95 })).badge).toBe('bronze');
  });
});

describe("badge policy (compat): PluginEval's rule exactly", () => {
  it('the unrounded composite alone decides; no cap, no coverage floor, no disqualification', () => {
    const triggeringOnly = coverage({ triggering_accuracy: ['static'] });
    const cases: [Partial<BadgeEvidence>, string][] = [
      [{ composite: 96.6 }, 'platinum'],
      [{ composite: 79.96 }, 'silver'],
      [{ composite: 59.98 }, 'none'],
      [{ composite: 92, coverage: triggeringOnly }, 'platinum'],
      [{ composite: 85, antiPatterns: [{ flag: 'INJECTION_ATTEMPT' }] }, 'gold'],
    ];
    for (const [over, badge] of cases) {
      const d = decideBadge(evidence({ ...over, methodology: 'compat' }));
      expect(d.badge).toBe(badge);
      expect(d.byComposite).toBe(badge);
      expect(d.reasons).toEqual([]);
      expect(d.provisional).toBe(false);
    }
  });

  it("an Elo rating applies the Elo line, as PluginEval's Badge.from_scores does; nothing else caps", () => {
    const d = decideBadge(evidence({ methodology: 'compat', composite: 93.1, elo: 1550 }));
    expect(d).toMatchObject({
      badge: 'gold',
      byComposite: 'platinum',
      provisional: false,
      reasons: ['capped by Elo: rating 1550 is below the 1600 Platinum needs'],
    });
    // Unrounded, as PluginEval: 1599.5 is below 1600.
    expect(decideBadge(evidence({ methodology: 'compat', composite: 93.1, elo: 1599.5 })).badge).toBe('gold');
    expect(decideBadge(evidence({ methodology: 'compat', composite: 93.1, elo: 1600 })).badge).toBe('platinum');
  });
});

describe('buildResult carries the decision', () => {
  const layer = (name: LayerName, scores: Partial<Record<DimensionName, number>>): LayerOutput => ({
    name,
    score: 0,
    durationMs: 0,
    measurements: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, { score: s, evidence: [] }])),
    unmeasured: {},
    antiPatterns: [],
    subScores: {},
  });
  const build = (layers: LayerOutput[], antiPatterns: ScoreResult['antiPatterns'] = []) =>
    ScoreResult.parse(
      buildResult({
        target: { path: 'x', kind: 'skill', name: 'x' },
        methodology: 'default',
        depth: 'standard',
        layers,
        layersNotRun: [],
        penalty: 1,
        antiPatterns,
        diagnostics: [],
        durationMs: 0,
      }),
    );

  it('static layer: composite 90 -> provisional Silver; with a judge that judged the content -> Gold', () => {
    const staticLayer = layer('static', Object.fromEntries(STATIC_DIMS.map((d) => [d, 0.9])));
    const s = build([staticLayer]);
    expect(s.composite.score).toBe(90);
    expect(s.composite.coverage.share).toBe(0.66);
    expect(s.composite.badge).toBe('silver');
    expect(s.composite.badgeDecision.label).toBe(
      'Silver (provisional: content not judged; composite 90.0 would be Platinum)',
    );
    const j = build([staticLayer, layer('judge', Object.fromEntries(JUDGE_DIMS.map((d) => [d, 0.9])))]);
    expect(j.composite.coverage).toEqual({
      share: 0.95,
      byLayer: { static: 0.66, judge: 0.74 },
      unmeasured: ['robustness'],
    });
    expect(j.composite.badge).toBe('gold');
    expect(j.composite.badgeDecision.reasons).toEqual([
      'Platinum needs certify (Monte Carlo and an Elo rating): Monte Carlo did not run, no Elo rating',
    ]);
  });

  it('a judge measurement with no blend weight does not count as judging (static output_quality share is 0)', () => {
    const r = build([layer('static', { ...Object.fromEntries(STATIC_DIMS.map((d) => [d, 0.9])), output_quality: 1 })]);
    expect(r.composite.coverage.share).toBe(0.66);
    expect(r.composite.badgeDecision.provisional).toBe(true);
  });
});
