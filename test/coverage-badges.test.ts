import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import type { ScoreResult } from '../src/model/result.js';
import { REPORTERS } from '../src/reporters/index.js';
import { cli } from './support/cli.js';
import { startModelServer, type ModelServer } from './support/model-server.js';
import { tempTree } from './support/tmp.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, FIXTURES, judgeScript } from './judge/judge-script.js';
import { singleResult } from './support/score-json.js';

/**
 * Coverage-aware badges end to end: plugins whose composite rests on one dimension, the judge layer through
 * the real SDK client against the scripted model server, and every output format showing coverage and the
 * reason a badge was capped or withheld.
 */
const tree = tempTree('plugin-eval-coverage-');

const GOOD_AGENT = `---
name: reviewer
description: Use proactively when a pull request is opened to review the diff for bugs, style problems and missing tests.
tools: Read, Grep
model: sonnet
---

You review diffs. Read the changed files, list each problem with its file and line, and suggest a fix.
`;

function agentOnlyPlugin(name: string): string {
  tree.write(
    `${name}/.claude-plugin/plugin.json`,
    JSON.stringify({ name, description: 'Review helpers', version: '1.0.0' }),
  );
  tree.write(`${name}/agents/reviewer.md`, GOOD_AGENT);
  tree.write(`${name}/agents/tester.md`, GOOD_AGENT.replace('name: reviewer', 'name: tester'));
  return path.join(tree.root, name);
}

describe('plugins', () => {
  it('a plugin where only triggering_accuracy (0.25) is measured gets no badge (default), whatever its composite', async () => {
    const dir = agentOnlyPlugin('agents-only');
    const run = await score([dir]);
    const r = run.results[0]!;
    expect(r.target.kind).toBe('plugin');
    expect(r.dimensions.filter((d) => d.measured).map((d) => d.name)).toEqual(['triggering_accuracy']);
    expect(r.composite.coverage.share).toBe(0.25);
    expect(r.composite.coverage.byLayer).toEqual({ static: 0.25 });
    expect(r.composite.coverage.unmeasured).toHaveLength(9);
    // Well-formed agents score high on the one dimension they feed...
    expect(r.composite.badgeDecision.byComposite).not.toBe('none');
    // ...and the composite renormalised over it would have earned a badge: withheld, and said so.
    expect(r.composite.badge).toBe('none');
    expect(r.composite.badgeDecision.label).toMatch(
      /^no badge \(coverage 25% is below the 50% a badge needs; composite \d+\.\d would be \w+\)$/,
    );
  });

  it("compat keeps PluginEval's rule for the same plugin (composite alone)", async () => {
    const dir = agentOnlyPlugin('agents-only-compat');
    const r = (await score([dir], { methodology: 'compat' })).results[0]!;
    expect(r.composite.badge).toBe(r.composite.badgeDecision.byComposite);
    expect(r.composite.badgeDecision.reasons).toEqual([]);
  });

  it('a plugin with skills: static coverage 0.66, badge provisional', async () => {
    tree.write('with-skill/.claude-plugin/plugin.json', JSON.stringify({ name: 'with-skill' }));
    cpSync(path.join(FIXTURES, 'csv-report'), path.join(tree.root, 'with-skill/skills/csv-report'), {
      recursive: true,
    });
    const r = (await score([path.join(tree.root, 'with-skill')])).results[0]!;
    expect(r.composite.coverage).toEqual({
      share: 0.66,
      byLayer: { static: 0.66 },
      unmeasured: ['output_quality', 'scope_calibration', 'robustness', 'code_template_quality'],
    });
    expect(r.composite.badge).not.toBe('none');
    expect(r.composite.badgeDecision.provisional).toBe(true);
    expect(r.composite.badgeDecision.label).toMatch(/^(Silver|Bronze) \(provisional: content not judged/);
  });
});

describe('every output format states coverage and why a badge was capped', () => {
  it('text, markdown, html, junit show the label; json, jsonl, sarif carry coverage and the decision', async () => {
    const dir = agentOnlyPlugin('agents-only-formats');
    const run = await score([dir]);
    const r = run.results[0]!;
    const label = r.composite.badgeDecision.label;
    const opts = { color: false, width: 200, format: 'native' as const, toolVersion: '0.1.0' };
    expect(REPORTERS.text(run.results, opts)).toContain('(coverage 25% is below the 50% a badge needs;');
    expect(REPORTERS.text(run.results, opts)).toContain("Coverage 25% of the composite's weight measured (static 25%)");
    expect(REPORTERS.markdown(run.results, opts)).toContain('coverage 25% is below the 50% a badge needs');
    expect(REPORTERS.markdown(run.results, opts)).toContain(
      "**Coverage:** 25% of the composite's weight measured (static 25%)",
    );
    expect(REPORTERS.html(run.results, opts)).toContain('coverage 25% is below the 50% a badge needs');
    expect(REPORTERS.html(run.results, opts)).toContain(
      'Coverage: 25% of the composite&#39;s weight measured (static 25%)',
    );
    expect(REPORTERS.junit(run.results, opts)).toContain('coverage: 25% of the composite&apos;s weight measured');
    expect(REPORTERS.junit(run.results, opts)).toContain(label.slice(label.indexOf('(')));
    expect(singleResult(REPORTERS.json(run.results, { ...opts, run })).composite.badgeDecision.label).toBe(label);
    expect(JSON.parse(REPORTERS.jsonl(run.results, opts).trim()).composite.coverage.share).toBe(0.25);
    const sarif = JSON.parse(REPORTERS.sarif(run.results, opts)) as {
      runs: { properties: { scores: { coverage: { share: number }; badgeDecision: { label: string } }[] } }[];
    };
    expect(sarif.runs[0]!.properties.scores[0]!.coverage.share).toBe(0.25);
    expect(sarif.runs[0]!.properties.scores[0]!.badgeDecision.label).toBe(label);
  });

  it('several results: a Cov column, provisional badges starred once, withheld badges listed with their reason', async () => {
    const withheld = agentOnlyPlugin('agents-only-summary');
    const skill = path.join(FIXTURES, 'csv-report');
    const run = await score([withheld, skill]);
    const text = REPORTERS.text(run.results, { color: false, width: 120, format: 'native', toolVersion: '0.1.0' });
    expect(text).toMatch(/Cov +APs +Errs/);
    expect(text).toMatch(/ 66% /);
    expect(text).toMatch(/ 25% /);
    expect(text).toContain('Badges withheld or capped');
    expect(text).toContain(`${withheld}: no badge (coverage 25%`);
    // csv-report: provisional Silver on static analysis (its composite would be Gold: static analysis caps it).
    expect(text).toMatch(/Silver ★+\* /);
    expect(text).toContain('* provisional: content not judged');
  });

  it("compare shows each side's coverage and badge with its reason", async () => {
    const a = agentOnlyPlugin('agents-only-compare');
    const out = await cli('compare', a, path.join(FIXTURES, 'csv-report'));
    expect(out.stdout).toMatch(/^coverage +25% +66% +\+41%$/m);
    expect(out.stdout).toMatch(/^A badge: no badge \(coverage 25% is below the 50% a badge needs/m);
    expect(out.stdout.split('\n').every((l) => l.length <= 80)).toBe(true);
    const json = JSON.parse(
      (await cli('compare', a, path.join(FIXTURES, 'csv-report'), '--output', 'json')).stdout,
    ) as { coverageDelta: number; a: { coverage: { share: number } } };
    expect(json.coverageDelta).toBe(0.41);
    expect(json.a.coverage.share).toBe(0.25);
  });
});

describe('standard depth (the judge through the real Anthropic SDK client)', () => {
  const SKILL = path.join(FIXTURES, 'csv-report');
  const cacheDir = tree.fresh('badge-cache-');
  const saved = { ...process.env };
  let server: ModelServer | undefined;
  beforeAll(() => {
    process.env.PLUGIN_EVAL_CACHE_DIR = cacheDir;
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });
  afterEach(async () => server?.close());
  afterAll(() => {
    process.env = saved;
  });

  async function judged(options: Parameters<typeof judgeScript>[0]['override'] = undefined): Promise<ScoreResult> {
    server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: () => 1,
        ...(options ? { override: options } : {}),
      }),
    );
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
    process.env.ANTHROPIC_BASE_URL = server.url;
    const out = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--no-cache');
    delete process.env.ANTHROPIC_API_KEY;
    return singleResult(out.stdout);
  }

  it('a judged skill is not provisional: coverage by layer includes the judge, and Gold needs nothing more', async () => {
    const r = await judged();
    expect(r.layersRun).toEqual(['static', 'judge']);
    expect(r.composite.coverage.share).toBe(0.95);
    expect(r.composite.coverage.byLayer).toEqual({ static: 0.66, judge: 0.74 });
    expect(r.composite.badgeDecision.provisional).toBe(false);
    // The same skill scores 69.2 (provisional Bronze) on static analysis alone; judged at 1.0 it earns Gold.
    expect(r.composite.score).toBeGreaterThanOrEqual(80);
    expect(r.composite.score).toBeLessThan(90);
    expect(r.composite.badge).toBe('gold');
    expect(r.composite.badgeDecision.label).toBe('Gold');
  });

  it('when the judge could not measure output_quality, the measurement is partial: no badge, and the reason says so', async () => {
    const r = await judged((name) => (name === 'judge_output_quality' ? { json: { nonsense: true } } : undefined));
    expect(r.dimensions.find((d) => d.name === 'output_quality')!.measured).toBe(false);
    expect(r.composite.coverage.byLayer.judge).toBe(0.59);
    expect(r.measurement.status).toBe('partial');
    expect(r.composite.badge).toBe('none');
    expect(r.composite.badgeDecision.reasons).toEqual([
      'partial measurement: 1 dimension not fully measured by a layer that ran',
    ]);
  });
});
