/**
 * The measured uplift is the first thing every format says of a result that has one: before the composite in text,
 * Markdown, HTML and JUnit, in SARIF's scores (and a note when it was not measured), in JSON,
 * and in the dashboard's drill-down. "Not measured" says why and shows no figure.
 */
import { describe, expect, it } from 'vitest';
import type { ScoreResult } from '../../src/model/result.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { upliftText } from '../../src/reporters/uplift-line.js';
import { upliftOf } from '../../src/score/uplift.js';
import { skillDetail } from '../../src/web/dashboard/detail.js';
import { OPTIONS, skillResult } from './fixtures.js';

const judged = (prompt: string, preference: -1 | 0 | 1, consistent = true) => ({
  prompt,
  status: 'judged' as const,
  preference,
  consistent,
  confidence: 0.9,
});
const MEASURED = upliftOf(
  [judged('a', 1), judged('a', 1), judged('b', 1), judged('c', 0, false), judged('d', -1), judged('d', 1)],
  { seed: 3 },
);
const NOT_MEASURED = upliftOf([judged('a', 1), judged('b', 1)]);
const LINE = upliftText(MEASURED);
const withUplift = (uplift = MEASURED): ScoreResult => ({
  ...skillResult({ name: 'notes', path: 'skills/notes', dims: { triggering_accuracy: 0.9 } }),
  uplift,
});

describe('the uplift headline', () => {
  it('says the uplift, its interval clustered by prompt, the win rate and the counts', () => {
    expect(MEASURED.uplift).toBeCloseTo(3 / 6, 10);
    expect(LINE).toMatch(
      /^Uplift \+0\.50 \(95% CI [+−]\d\.\d\d to [+−]\d\.\d\d\) · win rate 75% · 4 wins, 1 loss, 1 tie \(1 split by position\) over 6 comparisons of 4 prompts$/,
    );
    expect(upliftText(NOT_MEASURED)).toBe('Uplift not measured: only 2 judged comparison(s) (at least 5 are needed)');
  });

  it('comes before the composite in text, Markdown, HTML and JUnit', () => {
    // Where each format starts to speak of the composite (a Markdown heading carries the score as its title).
    const compositeAt = { text: 'Composite', markdown: '**Composite', html: 'composite">', junit: 'composite ' };
    for (const name of ['text', 'markdown', 'html', 'junit'] as const) {
      const out = REPORTERS[name]([withUplift()], { ...OPTIONS, color: false });
      const at = out.indexOf('Uplift +0.50');
      expect(at, name).toBeGreaterThan(-1);
      expect(at, name).toBeLessThan(out.indexOf(compositeAt[name]));
    }
    const text = REPORTERS.text([withUplift(NOT_MEASURED)], { ...OPTIONS, color: false });
    expect(text).toContain('Uplift not measured: only 2 judged comparison(s)');
  });

  it('is in JSON (ahead of the composite in a real run: certify-cli.test.ts), in SARIF scores, and a SARIF note when not measured', () => {
    expect(JSON.parse(REPORTERS.json([withUplift()], OPTIONS)).results[0].uplift).toEqual(MEASURED);
    const sarif = JSON.parse(REPORTERS.sarif([withUplift()], OPTIONS)) as {
      runs: { properties: { scores: { uplift?: { text: string; uplift: number; records?: unknown } }[] } }[];
    };
    const score = sarif.runs[0]!.properties.scores[0]!;
    expect(score.uplift).toMatchObject({ text: LINE, uplift: MEASURED.uplift });
    expect(score.uplift!.records).toBeUndefined();
    const unmeasured = REPORTERS.sarif([withUplift(NOT_MEASURED)], OPTIONS);
    expect(unmeasured).toContain('"id": "not-measured/uplift"');
  });

  it("is in the dashboard's drill-down", () => {
    expect(skillDetail(withUplift(), '').uplift).toBe(LINE);
    expect(skillDetail(skillResult({ name: 'n', path: 'p' }), '').uplift).toBeNull();
  });
});
