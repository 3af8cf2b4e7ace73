import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/reporters/index.js';
import type { ScoreResult } from '../../src/model/result.js';
import { OPTIONS, manyResults, pluginResult, skillResult, troubledSkill } from './fixtures.js';

const text = REPORTERS.text;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/;
// eslint-disable-next-line no-control-regex
const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

function widest(out: string): number {
  return Math.max(...out.split('\n').map((l) => stripAnsi(l).length));
}

describe('text reporter', () => {
  const cases: [string, ScoreResult[]][] = [
    ['one troubled skill', [troubledSkill()]],
    ['one plugin', [pluginResult()]],
    ['many results', manyResults()],
  ];

  it.each(cases)('%s fits 80 columns with no ANSI codes when color is off', (_name, results) => {
    const out = text(results, OPTIONS);
    expect(widest(out)).toBeLessThanOrEqual(80);
    expect(out).not.toMatch(ANSI);
    expect(out.endsWith('\n')).toBe(true);
  });

  it.each(cases)('%s is coloured when color is on, and fits once codes are stripped', (_name, results) => {
    const out = text(results, { ...OPTIONS, color: true });
    expect(out).toMatch(ANSI);
    expect(widest(out)).toBeLessThanOrEqual(80);
    // Colour never changes the text itself.
    expect(stripAnsi(out)).toBe(text(results, OPTIONS));
  });

  it.each([40, 60, 100, 132])('respects a width of %i columns', (width) => {
    for (const [, results] of cases) expect(widest(text(results, { ...OPTIONS, width }))).toBeLessThanOrEqual(width);
  });

  it('shows the header, composite, badge and the layers that did not run', () => {
    const out = text([troubledSkill()], OPTIONS);
    const lines = out.split('\n');
    expect(lines[0]).toBe('plugins/plugin-dev/skills/skill-development');
    expect(lines[1]).toBe('skill · compat methodology · standard depth · Estimated confidence');
    expect(out).toMatch(/Composite {2}54\.4\/100 {2}no badge/);
    expect(out).toContain('before penalty 72.5 ×0.75');
    expect(out).toMatch(/Layer judge did not run: no provider configured/);
  });

  it('prints one table row per dimension, with a dash and a reason for unmeasured ones', () => {
    const out = text([troubledSkill()], OPTIONS);
    expect(out).toMatch(/triggering_accuracy +0\.25 +0\.56 +F +█+░+/);
    expect(out).toMatch(/output_quality +0\.15 +— +— +not measured/);
    expect(out).toMatch(
      /— output_quality, scope_calibration, robustness,\s+code_template_quality: no\s+layer that ran measures this dimension/,
    );
  });

  it('groups anti-patterns with counts and shows the penalty', () => {
    const out = text([troubledSkill()], OPTIONS);
    expect(out).toContain('Anti-patterns: 5 instances, penalty ×0.75');
    expect(out).toMatch(/DEAD_CROSS_REF +×4 +SKILL\.md:42/);
    expect(out).toMatch(/ORPHAN_REFERENCE +×1/);
  });

  it('lists at most three tips under "Fix first", in the order given, with gain, action and example', () => {
    const r = troubledSkill();
    expect(r.tips.length).toBeGreaterThan(3);
    const out = text([r], OPTIONS);
    const fix = out.slice(out.indexOf('Fix first'), out.indexOf('Diagnostics'));
    r.tips.slice(0, 3).forEach((t, i) => {
      expect(fix).toContain(`${i + 1}. +${t.gain.toFixed(1)} points · ${t.dimension}`);
    });
    expect(fix).toContain(r.tips[0]!.action);
    expect(fix).toMatch(/e\.g\. ## /);
    expect(fix).not.toMatch(/\n {2}4\./);
    expect(fix).toContain(`(${r.tips.length - 3} more tip`);
  });

  it('gives every measured dimension one evidence entry with its reasons', () => {
    const r = troubledSkill();
    const out = text([r], OPTIONS);
    const evidence = out.slice(out.indexOf('\nEvidence\n'), out.indexOf('Anti-patterns:'));
    for (const d of r.dimensions.filter((x) => x.measured && x.evidence.length > 0)) {
      expect(evidence).toContain(`  ${d.name}:`);
      expect(evidence.replace(/\s+/g, ' ')).toContain(
        d.evidence[0]!.replace(/^static: /, '')
          .replace(/\s+/g, ' ')
          .slice(0, 30),
      );
    }
    expect(widest(out)).toBeLessThanOrEqual(80);
  });

  it('prints errors and warnings linter-style and counts the notes it hides', () => {
    const out = text([troubledSkill()], OPTIONS);
    expect(out).toContain('Diagnostics: 1 error, 1 warning, 1 note');
    // The severity is named as validate, the other formats and the JSON name it ("warning", never "warn"), padded to
    // line up.
    expect(out).toMatch(/SKILL\.md:3:14 {2}error {4}frontmatter\/yaml-syntax/);
    expect(out).toMatch(/ {6}Unexpected end of flow mapping/);
    expect(out).toMatch(/SKILL\.md {2}warning {2}structure\/no-examples {2}No Examples section/);
    expect(out).not.toMatch(/\bwarn\b/);
    expect(out).not.toContain('External link');
    expect(out).toContain('(1 note not shown)');
  });

  it('summarises many results sorted by composite, with badge counts', () => {
    const results = manyResults();
    const out = text(results, { ...OPTIONS, threshold: 70 });
    const rows = out.split('\n').filter((l) => /^ {2}\S.* \d+\.\d {2}/.test(l));
    expect(rows).toHaveLength(results.length);
    const scores = rows.map((l) => Number(/ (\d+\.\d) {2}/.exec(l)?.[1]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(rows[0]).toContain('skills/excellent');
    expect(rows[0]).toContain('Platinum ★★★★★');
    expect(rows.at(-1)).toContain('skill-development');
    expect(out).toContain('Badges: platinum 1 · gold 0 · silver 2 · bronze 0 · no badge 1');
    expect(out).toContain('Threshold 70: 1 result below');
    expect(out).toMatch(/Layer judge did not run for 4 results/);
    expect(out).toMatch(/skill-development: 1 error, 1 warning, 1 note/);
    // Summary mode leaves out the per-skill details.
    expect(out).not.toContain('Fix first');
    // Long paths are cut from the left so the end of the path stays visible.
    expect(out).toMatch(/…[^\n]*SKILL-dir/);
  });

  it('lists plugin components', () => {
    const out = text([pluginResult()], OPTIONS);
    expect(out).toMatch(/skill +72\.8 +agent-development/);
    expect(out).toContain('Components (score 0-100)');
    expect(out).toMatch(/agent +80\.0 +plugin-validator/);
  });

  it('says so when there is nothing to report', () => {
    expect(text([], OPTIONS)).toBe('No results.\n');
  });

  it('handles a result with nothing measured, no tips and no diagnostics', () => {
    const bare = skillResult({ path: 'skills/bare', dims: {} });
    const out = text([bare], OPTIONS);
    expect(widest(out)).toBeLessThanOrEqual(80);
    expect(out).not.toContain('Fix first');
    expect(out).not.toContain('Diagnostics');
  });
});

describe('text reporter, output not a terminal (issue 7 item 10)', () => {
  it('prints every path whole however narrow the width, and fits the rest', () => {
    const results = manyResults();
    const long = `${'deeply/nested/folder/'.repeat(6)}my-skill`;
    results[0] = { ...results[0]!, target: { ...results[0]!.target, path: long } };
    const piped = text(results, { ...OPTIONS, cutPaths: false, width: 60 });
    expect(piped).toContain(long);
    expect(piped).not.toMatch(/…[\w/-]*my-skill/);
    const terminal = text(results, { ...OPTIONS, cutPaths: true, width: 60 });
    expect(terminal).not.toContain(long);
    expect(widest(terminal)).toBeLessThanOrEqual(60);
    // Only the path table (aligned to the longest path) may overflow.
    const rows = piped.split('\n').filter((l) => l.length > 60);
    for (const row of rows)
      expect(results.some((r) => row.includes(r.target.path)) || row.trimStart().startsWith('Path')).toBe(true);
    const tableRows = piped
      .split('\n')
      .filter((l) => results.some((r) => l === `  ${r.target.path}` || l.startsWith(`  ${r.target.path} `)));
    expect(tableRows).toHaveLength(results.length);
    expect(new Set(tableRows.map((r) => r.search(/ \d+\.\d {2}/))).size).toBe(1); // scores in one column
  });

  it('prints a single result and its diagnostics with whole paths', () => {
    const result = troubledSkill();
    const out = text([result], { ...OPTIONS, cutPaths: false, width: 40 });
    expect(out.split('\n')[0]).toBe(result.target.path);
    for (const d of result.diagnostics.filter((x) => x.severity !== 'info')) expect(out).toContain(d.file);
  });

  it('prints rule ids whole outside a terminal and cuts them only on one', () => {
    const result = troubledSkill();
    const shown = result.diagnostics.filter((x) => x.severity !== 'info');
    const piped = text([result], { ...OPTIONS, cutPaths: false, width: 40 });
    for (const d of shown) expect(piped).toContain(`  ${d.ruleId}`);
    const terminal = text([result], { ...OPTIONS, cutPaths: true, width: 40 });
    expect(shown.some((d) => !terminal.includes(`  ${d.ruleId}`))).toBe(true);
  });
});
