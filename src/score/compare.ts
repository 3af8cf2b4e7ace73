/**
 * `plugin-eval compare A B`: two scored results side by side, B minus A. The shape is what `compare --output json`
 * prints (`plugin-eval schema score-comparison`); the CLI renders the same object as text. Only the compare command
 * and the schema table import this module, so zod stays off the scoring path.
 */
import { z } from 'zod';
import { AntiPatternFlag, DimensionName, Methodology } from '../model/enums.js';
import { BadgeName, Coverage, type ScoreResult } from '../model/result.js';
import { settle } from './display.js';

const ComparedSide = z.strictObject({
  path: z.string().describe('The skill or plugin as given on the command line'),
  methodology: Methodology,
  composite: z.number().nullable().describe('Composite score 0-100; null when nothing was scored'),
  badge: BadgeName,
  badgeLabel: z.string().describe('The badge with why it is provisional, capped or withheld'),
  coverage: Coverage,
});

const Delta = z.number().describe('B minus A');

export const ScoreComparison = z
  .strictObject({
    a: ComparedSide,
    b: ComparedSide,
    delta: Delta.nullable().describe('Composite B minus A; null when either side was not scored'),
    coverageDelta: Delta.describe("Change in the share of the composite's weight measured (0-1), B minus A"),
    dimensions: z.array(
      z.strictObject({
        name: DimensionName,
        weight: z.number().describe("The dimension's composite weight"),
        a: z.number().nullable().describe("A's score 0-1; null when not measured"),
        b: z.number().nullable().describe("B's score 0-1; null when not measured"),
        delta: Delta.nullable().describe('B minus A; null when either side is not measured'),
      }),
    ),
    penalty: z
      .strictObject({ a: z.number(), b: z.number(), delta: Delta })
      .describe('The anti-pattern penalty multiplier on each side (1 = no penalty)'),
    antiPatterns: z
      .array(
        z.strictObject({ flag: AntiPatternFlag, a: z.number().int(), b: z.number().int(), delta: z.number().int() }),
      )
      .describe('Instances per anti-pattern flag found on either side, in the order first seen (A, then B)'),
  })
  .meta({
    id: 'ScoreComparison',
    title: 'plugin-eval compare --output json',
    description: 'Two skills or plugins scored at quick depth, side by side (B minus A)',
  });
export type ScoreComparison = z.infer<typeof ScoreComparison>;

type ComparedSide = z.infer<typeof ComparedSide>;

function side(r: ScoreResult): ComparedSide {
  return {
    path: r.target.path,
    methodology: r.methodology,
    composite: r.composite.score,
    badge: r.composite.badge,
    badgeLabel: r.composite.badgeDecision.label,
    coverage: r.composite.coverage,
  };
}

function flagCounts(r: ScoreResult): Map<AntiPatternFlag, number> {
  const counts = new Map<AntiPatternFlag, number>();
  for (const ap of r.antiPatterns) counts.set(ap.flag, (counts.get(ap.flag) ?? 0) + 1);
  return counts;
}

/** One row per flag either side has, in the order flags are first seen (A, then B). */
function antiPatternRows(a: ScoreResult, b: ScoreResult): ScoreComparison['antiPatterns'] {
  const ca = flagCounts(a);
  const cb = flagCounts(b);
  return [...new Set([...ca.keys(), ...cb.keys()])].map((flag) => {
    const na = ca.get(flag) ?? 0;
    const nb = cb.get(flag) ?? 0;
    return { flag, a: na, b: nb, delta: nb - na };
  });
}

export function compareResults(a: ScoreResult, b: ScoreResult): ScoreComparison {
  // compat keeps PluginEval's unsettled arithmetic; the default methodology's scores are settled already.
  const diff = (x: number, y: number, decimals: number) =>
    a.methodology === 'compat' ? y - x : settle(y - x, decimals);
  return {
    a: side(a),
    b: side(b),
    delta:
      a.composite.score !== null && b.composite.score !== null ? diff(a.composite.score, b.composite.score, 7) : null,
    coverageDelta: settle(b.composite.coverage.share - a.composite.coverage.share),
    dimensions: a.dimensions.map((da) => {
      const db = b.dimensions.find((d) => d.name === da.name)!;
      return {
        name: da.name,
        weight: da.weight,
        a: da.score,
        b: db.score,
        delta: da.score !== null && db.score !== null ? diff(da.score, db.score, 9) : null,
      };
    }),
    penalty: {
      a: a.composite.penalty,
      b: b.composite.penalty,
      delta: diff(a.composite.penalty, b.composite.penalty, 9),
    },
    antiPatterns: antiPatternRows(a, b),
  };
}
