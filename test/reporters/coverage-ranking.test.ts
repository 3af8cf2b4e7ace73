/**
 * A marketplace where a plugin of only agents and commands (25% of the composite's weight measured) outscores a fully
 * measured plugin, beside a plugin with nothing to score: every list ranks by what rests on measurement first,
 * labels the low-coverage and not-scored entries, and never shows a composite of 0.0 for nothing measured.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { ScoreResult } from '../../src/model/result.js';
import type { ScoreRun } from '../../src/model/run.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { shapeDashboard } from '../../src/web/dashboard/index.js';
import { tempTree } from '../support/tmp.js';
import { OPTIONS } from './fixtures.js';

const tree = tempTree('plugin-eval-coverage-ranking-');
const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/** measured: a plugin with one plain skill; agents-only: one agent and one command; empty: nothing to score. */
function marketplace(): string {
  const root = tree.dir('market');
  const manifest = (name: string) => JSON.stringify({ name, version: '1.0.0', description: `${name} plugin` });
  write(path.join(root, 'plugins/measured/.claude-plugin/plugin.json'), manifest('measured'));
  // A plain skill whose description says no "when": measured, and scored below the agents-only plugin.
  write(
    path.join(root, 'plugins/measured/skills/csv-notes/SKILL.md'),
    '---\nname: csv-notes\ndescription: Notes on CSV files.\n---\n\n# CSV notes\n\nRead the file and list its columns.\n',
  );
  write(path.join(root, 'plugins/agents-only/.claude-plugin/plugin.json'), manifest('agents-only'));
  write(
    path.join(root, 'plugins/agents-only/agents/reviewer.md'),
    '---\nname: reviewer\ndescription: Reviews code changes for bugs. Use when the user asks for a review of a ' +
      'diff, a pull request or a file.\ntools: Read, Grep\n---\n\nYou review code.\n\n## When to use\n\n- a diff ' +
      'to review\n\n## Output\n\nA list of findings, each with file and line.\n',
  );
  write(
    path.join(root, 'plugins/agents-only/commands/review.md'),
    '---\ndescription: Review the current diff with the reviewer agent\nallowed-tools: Read, Grep\n---\n\nReview ' +
      'the diff with the reviewer agent.\n',
  );
  write(path.join(root, 'plugins/empty/.claude-plugin/plugin.json'), manifest('empty'));
  write(
    path.join(root, '.claude-plugin/marketplace.json'),
    JSON.stringify({
      name: 'm',
      owner: { name: 'x' },
      plugins: ['measured', 'agents-only', 'empty'].map((name) => ({ name, source: `./plugins/${name}` })),
    }),
  );
  return root;
}

let run: ScoreRun;
beforeAll(async () => {
  run = await score([marketplace()], { depth: 'quick', config: false });
});

const byName = (name: string) => run.results.find((r) => r.target.name === name)!;

describe('ranking by coverage', () => {
  it('reproduces the case: the agents-only plugin outscores the measured one on a quarter of the weight', () => {
    expect(byName('agents-only').composite.coverage.share).toBeLessThan(0.5);
    expect(byName('measured').composite.coverage.share).toBeGreaterThanOrEqual(0.5);
    expect(byName('agents-only').composite.score).toBeGreaterThan(byName('measured').composite.score!);
    expect(byName('empty').composite.coverage.share).toBe(0);
  });

  it('text: measured first, then a labelled low-coverage group, then not scored (no 0.0)', () => {
    const full = REPORTERS.text(run.results, { ...OPTIONS, cutPaths: false, width: 120 });
    // Three results are each printed in full (in the same order), then the summary table this checks.
    const out = full.slice(full.indexOf('plugin-eval · 3 results'));
    const at = (needle: string) => out.indexOf(needle);
    expect(at('plugins/measured ')).toBeGreaterThan(0);
    expect(at('plugins/measured ')).toBeLessThan(at("low coverage: below 50% of the composite's weight measured"));
    expect(at("low coverage: below 50% of the composite's weight measured")).toBeLessThan(at('plugins/agents-only'));
    expect(at('plugins/agents-only')).toBeLessThan(at('not scored: nothing to score'));
    expect(at('not scored: nothing to score')).toBeLessThan(at('plugins/empty'));
    expect(out).not.toMatch(/plugins\/empty +0\.0/);
    // The mean is over what was scored.
    const scored = [byName('measured'), byName('agents-only')].map((r) => r.composite.score);
    expect(out).toContain(`mean ${((scored[0]! + scored[1]!) / 2).toFixed(1)}`);
  });

  it('markdown and html: the same order, the low-coverage composite labelled, nothing-to-score "not scored"', () => {
    for (const name of ['markdown', 'html'] as const) {
      const out = REPORTERS[name](run.results, OPTIONS);
      const rows = ['plugins/measured', 'plugins/agents-only', 'plugins/empty'].map((p) => out.indexOf(p));
      expect(rows[0]).toBeLessThan(rows[1]!);
      expect(rows[1]).toBeLessThan(rows[2]!);
      expect(out).toMatch(/low coverage: \d+% of the weight measured/);
      expect(out).toContain('not scored');
      expect(out).not.toMatch(/empty`?[^\n]*\| 0\.0 \|/);
    }
    const one = REPORTERS.markdown([byName('empty')], OPTIONS);
    expect(one).toContain('**Composite not scored**');
    expect(one).not.toContain('0.0/100');
    expect(REPORTERS.text([byName('empty')], OPTIONS)).toMatch(/^Composite {2}not scored/m);
  });

  it('JSON: a result with nothing measured says why it has no composite', () => {
    const json = JSON.parse(REPORTERS.json(run.results, OPTIONS)) as { results: typeof run.results };
    const empty = json.results.find((r) => r.target.name === 'empty')!;
    expect(empty.composite.notScored).toBe('nothing to score: no layer measured any dimension');
    // No composite at all, never a 0 beside the reason: the schema says so too.
    expect(empty.composite.score).toBeNull();
    expect(ScoreResult.parse(empty).composite.score).toBeNull();
    expect(json.results.find((r) => r.target.name === 'measured')!.composite.score).toEqual(expect.any(Number));
    expect(json.results.find((r) => r.target.name === 'measured')!.composite.notScored).toBeUndefined();
    expect(json.results.find((r) => r.target.name === 'agents-only')!.composite.notScored).toBeUndefined();
  });

  it('dashboard: not scored is null (never 0), ranks last by composite; low coverage is flagged', () => {
    const data = shapeDashboard(run, { generatedAt: '2026-11-23T12:00:00.000Z' });
    const row = (name: string) => data.skills.find((s) => s.name === name)!;
    expect(row('empty')).toMatchObject({ composite: null, compositeText: 'not scored', rankGroup: 2 });
    expect(row('agents-only')).toMatchObject({ rankGroup: 1 });
    expect(row('agents-only').coverageFlag).toMatch(/^low coverage: \d+% of the weight measured$/);
    expect(row('measured')).toMatchObject({ rankGroup: 0, coverageFlag: null });
    const scored = [row('measured'), row('agents-only')].map((s) => s.composite!);
    expect(data.summary.meanComposite).toBe(((scored[0]! + scored[1]!) / 2).toFixed(1));
  });
});
