import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import type { LayerOutput } from '../src/model/layer-output.js';
import type { DimensionName, Methodology } from '../src/model/dimensions.js';
import { ScoreResult } from '../src/model/result.js';
import { REPORTERS } from '../src/reporters/index.js';
import { belowThreshold } from '../src/reporters/shared.js';
import { buildResult } from '../src/score/build-result.js';
import { compositeOf } from '../src/score/composite.js';
import { displayed, formatCompositeScore, settle } from '../src/score/display.js';
import { antiPatternPenalty } from '../src/model/anti-pattern-penalty.js';
import { badgeFor, seedGrade } from '../src/score/grades.js';
import { cli } from './support/cli.js';
import { CORPUS_DIR } from './support/corpus.js';
import { mulberry32 } from '../src/stats/bootstrap.js';

/**
 * Numbers as displayed (issue 7 item 7): grades, badges and thresholds are decided on the values the reports
 * show. Property-style: many generated scores, many of them on the edge of a line, through the real blend,
 * result builder and reporters; the text the reader sees must agree with itself.
 */

/** The library's seeded generator (mulberry32), so a failure reproduces. */
const rng = mulberry32;

/**
 * Scores on and around every grade line (0.6, 0.7, 0.8, 0.9) and rounding edge, plus float residue and random values.
 */
function dimensionScores(count: number, random: () => number): number[] {
  const out: number[] = [
    0.6999999999999998,
    0.7000000000000001,
    0.1 + 0.2 + 0.4,
    0.9 - 0.2,
    0.8999999999999999,
    0.595,
    0.695,
    0.795,
    0.895,
    0.7 + 0.1 - 0.15,
  ];
  for (const line of [0.6, 0.7, 0.8, 0.9]) {
    for (const delta of [-0.005, -0.0049999, -0.00500001, -1e-9, -1e-12, -1e-16, 0, 1e-16, 1e-12, 0.004999, 0.005])
      out.push(line + delta);
  }
  while (out.length < count) out.push(random());
  return out.map((x) => Math.min(1, Math.max(0, x)));
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

function layer(name: LayerOutput['name'], scores: Partial<Record<DimensionName, number>>): LayerOutput {
  return {
    name,
    score: 0,
    durationMs: 0,
    measurements: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, { score: s, evidence: [] }])),
    unmeasured: {},
    antiPatterns: [],
    subScores: {},
  };
}

function result(
  methodology: Methodology,
  staticScores: Partial<Record<DimensionName, number>>,
  judgeScores: Partial<Record<DimensionName, number>> | null,
  instances: number,
): ScoreResult {
  const antiPatterns = Array.from({ length: instances }, () => ({
    flag: 'DEAD_CROSS_REF' as const,
    description: 'dead',
    severity: 0.05,
  }));
  return ScoreResult.parse(
    buildResult({
      target: { path: 'skills/generated', kind: 'skill', name: 'generated' },
      methodology,
      depth: judgeScores ? 'standard' : 'quick',
      layers: judgeScores
        ? [layer('static', staticScores), layer('judge', judgeScores)]
        : [layer('static', staticScores)],
      layersNotRun: [],
      penalty: antiPatternPenalty(instances),
      antiPatterns,
      diagnostics: [],
      durationMs: 0,
    }),
  );
}

const OPTIONS = { color: false, width: 100, format: 'native' as const, toolVersion: '0.1.0' };

/** Dimension rows of the text report: name, displayed score, displayed grade. */
function textRows(text: string): { name: string; score: string; grade: string }[] {
  const rows: { name: string; score: string; grade: string }[] = [];
  for (const m of text.matchAll(/^ {2}([a-z_]+) +\d\.\d\d +(\d\.\d\d) +([A-F]) /gm))
    rows.push({ name: m[1]!, score: m[2]!, grade: m[3]! });
  return rows;
}

/** Dimension rows of the Markdown report. */
function markdownRows(md: string): { name: string; score: string; grade: string }[] {
  return [...md.matchAll(/^\| ([a-z_]+) \| \d\.\d\d \| (\d\.\d\d) \| ([A-F]) \|/gm)].map((m) => ({
    name: m[1]!,
    score: m[2]!,
    grade: m[3]!,
  }));
}

describe('a displayed grade is the grade of the displayed number', () => {
  const random = rng(7);
  const scores = dimensionScores(400, random);

  it.each(['default', 'compat'] as const)(
    '%s methodology: every dimension, in the result, the text and the Markdown report',
    (methodology) => {
      let checked = 0;
      for (let i = 0; i < scores.length; i++) {
        // Two layers with different scores give the blend something to do (and residue to leave behind).
        const s = scores[i]!;
        const t = scores[(i * 7 + 3) % scores.length]!;
        const staticScores = Object.fromEntries(STATIC_DIMS.map((d, k) => [d, k % 2 === 0 ? s : t]));
        const judgeScores = i % 3 === 0 ? null : Object.fromEntries(JUDGE_DIMS.map((d) => [d, t]));
        const r = result(methodology, staticScores, judgeScores, i % 4);
        for (const d of r.dimensions) {
          if (d.score === null) continue;
          expect(d.grade, `${d.name} ${d.score}`).toBe(seedGrade(Number(d.score.toFixed(2))));
        }
        const text = textRows(REPORTERS.text([r], OPTIONS));
        const md = markdownRows(REPORTERS.markdown([r], OPTIONS));
        expect(text.length).toBe(r.dimensions.filter((d) => d.measured).length);
        expect(md.length).toBe(text.length);
        for (const row of [...text, ...md]) {
          expect(row.grade, `${row.name} shown ${row.score}`).toBe(seedGrade(Number(row.score)));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(scores.length * 6);
    },
  );

  it('0.6999999999999998 shows as "0.70 C", never "0.70 D"', () => {
    const r = result('default', { triggering_accuracy: 0.6999999999999998 }, null, 0);
    expect(REPORTERS.text([r], OPTIONS)).toMatch(/triggering_accuracy +0\.25 +0\.70 +C /);
    const compat = result('compat', { triggering_accuracy: 0.6999999999999998 }, null, 0);
    expect(compat.dimensions[0]!.score).toBe(0.6999999999999998);
    expect(REPORTERS.text([compat], OPTIONS)).toMatch(/triggering_accuracy +0\.25 +0\.70 +C /);
  });
});

describe('a displayed composite decides its badge and the threshold', () => {
  const random = rng(11);
  const composites: number[] = [];
  for (const line of [60, 70, 77.5, 78, 80, 90]) {
    for (const delta of [-0.06, -0.05, -0.0500001, -0.04999, -0.01, -1e-9, -1e-13, 0, 1e-13, 0.04, 0.05])
      composites.push(line + delta);
  }
  while (composites.length < 300) composites.push(40 + random() * 60);

  it.each(['default', 'compat'] as const)(
    '%s: the badge line and the threshold verdict agree with the number shown',
    (methodology) => {
      for (const target of composites) {
        // Every static dimension at the same score: the composite is that score x 100 (compat: with PluginEval's
        // residue).
        const r = result(methodology, Object.fromEntries(STATIC_DIMS.map((d) => [d, target / 100])), null, 0);
        for (const threshold of [60, 70, 77.5, 78, 80, 90, Math.round(target), Number(target.toFixed(1))]) {
          const text = REPORTERS.text([r], { ...OPTIONS, threshold });
          const shown = Number(/Composite {2}([\d.]+)\/100/.exec(text)![1]);
          // The badge earned by the composite is the badge of the number shown.
          expect(r.composite.badgeDecision.byComposite, `${r.composite.score} shown ${shown}`).toBe(badgeFor(shown));
          const below = text.includes('Below threshold:');
          expect(below, `${r.composite.score} shown ${shown} vs ${threshold}`).toBe(shown < threshold);
          expect(belowThreshold(r, threshold)).toBe(below);
          if (below)
            expect(text).toContain(
              `Below threshold: ${formatCompositeScore(r.composite.score!, methodology, threshold)} < ${threshold}`,
            );
          const junit = REPORTERS.junit([r], { ...OPTIONS, threshold });
          expect(junit.includes('failures="1"')).toBe(below);
        }
      }
    },
  );

  it('compat shows more decimals where one would cross a line PluginEval decided on unrounded', () => {
    expect(formatCompositeScore(59.97794657190636, 'compat')).toBe('59.98');
    expect(formatCompositeScore(59.97794657190636, 'default')).toBe('60.0');
    expect(formatCompositeScore(77.96, 'compat', 78)).toBe('77.96');
    expect(formatCompositeScore(77.96, 'compat', 77)).toBe('78.0');
    expect(formatCompositeScore(79.99999999999999, 'compat')).toBe('79.99999999999999');
  });
});

describe('blend arithmetic without float residue (default methodology)', () => {
  it("settles blended scores and composites far below display precision; compat keeps PluginEval's floats", () => {
    const staticScores = { triggering_accuracy: 0.7 + 0.1 - 0.1, orchestration_fitness: 0.1 + 0.2 };
    const settled = compositeOf([layer('static', staticScores)], 1, 'settled');
    expect(settled.dimensions[0]!.score).toBe(0.7);
    expect(settled.dimensions[1]!.score).toBe(0.3);
    const exact = compositeOf([layer('static', staticScores)], 1, 'pluginEval');
    expect(exact.dimensions[0]!.score).toBe(0.7 + 0.1 - 0.1);
    // Settled values are within 1e-9 (dimensions) and 1e-7 (composite) of the exact ones: parity with PluginEval holds.
    expect(Math.abs(settled.score - exact.score)).toBeLessThan(1e-7);
    expect(settle(0.6999999999999998)).toBe(0.7);
    expect(settle(77.99999999999999, 7)).toBe(78);
    expect(Object.is(settle(-1e-12), 0)).toBe(true);
  });

  it('a 0.7 blended from two layers stays 0.7 (the blend renormalises 0.15 + 0.25)', () => {
    const c = compositeOf(
      [layer('static', { triggering_accuracy: 0.7 }), layer('judge', { triggering_accuracy: 0.7 })],
      1,
    );
    expect(c.dimensions.find((d) => d.name === 'triggering_accuracy')!.score).toBe(0.7);
    expect(c.score).toBe(70);
    expect(c.dimensions.every((d) => d.score === null || String(d.score).length <= 11)).toBe(true);
  });
});

describe('--threshold through the CLI, on real corpus skills', () => {
  it('a composite that rounds up to the threshold passes it (default); one tenth more fails, and says so as displayed', async () => {
    const run = await score([CORPUS_DIR]);
    // A result whose composite is below its displayed value (it rounds up) and that has no error diagnostics.
    const edge = run.results.find(
      (r) =>
        r.composite.score !== null &&
        displayed(r.composite.score, 1) > r.composite.score &&
        !r.diagnostics.some((d) => d.severity === 'error'),
    );
    expect(edge, 'the corpus has a composite that rounds up').toBeDefined();
    const shown = edge!.composite.score!.toFixed(1);
    const at = await cli('score', edge!.target.path, '--threshold', shown);
    expect(at.code, at.stdout).toBe(0);
    expect(at.stdout).toContain(`Composite  ${shown}/100`);
    expect(at.stdout).not.toContain('Below threshold');
    const above = (Number(shown) + 0.1).toFixed(1);
    const over = await cli('score', edge!.target.path, '--threshold', above);
    expect(over.code).toBe(1);
    expect(over.stdout).toContain(`Below threshold: ${shown} < ${above}`);
    // JUnit and SARIF report the same verdict.
    const junit = await cli('score', edge!.target.path, '--threshold', shown, '--output', 'junit');
    expect(junit.stdout).toContain('failures="0"');
    const sarif = JSON.parse(
      (await cli('score', edge!.target.path, '--threshold', shown, '--output', 'sarif')).stdout,
    ) as { runs: { properties: { scores: { belowThreshold: boolean }[] } }[] };
    expect(sarif.runs[0]!.properties.scores[0]!.belowThreshold).toBe(false);
  });

  it('compat decides as PluginEval (unrounded) and shows the decimals that decided it: math-olympiad 59.98 < 60', async () => {
    const plugin = path.join(CORPUS_DIR, 'claude-plugins-official/plugins/math-olympiad');
    const out = await cli('score', plugin, '--methodology', 'compat', '--threshold', '60');
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('Composite  59.98/100  no badge');
    expect(out.stdout).toContain('Below threshold: 59.98 < 60');
    const json = JSON.parse(
      (await cli('score', plugin, '--methodology', 'compat', '--format', 'plugineval', '--output', 'json')).stdout,
    ) as { composite: { score: number; badge: string } };
    expect(json.composite.badge).toBe('no_badge');
    expect(json.composite.score).toBeCloseTo(59.97794657190636, 6);
  });

  it('thresholds with more decimals than the display are compared with the displayed composite', async () => {
    const run = await score([CORPUS_DIR]);
    const r = run.results.find((x) => !x.diagnostics.some((d) => d.severity === 'error'))!;
    const shown = Number(r.composite.score!.toFixed(1));
    const out = await cli('score', r.target.path, '--threshold', String(shown + 0.04));
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(`Below threshold: ${shown.toFixed(1)} < ${shown + 0.04}`);
  });
});
