/**
 * Layer 3 in every report: the view (src/reporters/monte-carlo.ts) and the text, Markdown, HTML and JUnit
 * sections built from it, on a real static result of a corpus skill with a hand-built Monte Carlo layer.
 *
 * The intervals shown are the statistics module's; the expected strings were checked against scipy:
 *   from scipy.stats import beta, norm; import math
 *   def wilson(k, n, z=norm.ppf(0.975)):
 *       p = k / n; d = 1 + z*z/n; c = (p + z*z/(2*n)) / d; h = z * math.sqrt(p*(1-p)/n + z*z/(4*n*n)) / d
 *       return c - h, c + h
 *   wilson(9, 10) -> (0.5958, 0.9821)   shown 0.60–0.98
 *   wilson(1, 10) -> (0.0179, 0.4042)   shown 0.02–0.40
 *   wilson(3, 3)  -> (0.4385, 1.0)      shown 0.44–1.00
 *   (beta.ppf(0.025, 1, 20), beta.ppf(0.975, 2, 19)) -> (0.0013, 0.2487)   Clopper-Pearson 1 of 20, shown 0.00–0.25
 */
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/reporters/index.js';
import { confidenceLabel } from '../../src/score/build-result.js';
import { monteCarloViews, type McView } from '../../src/reporters/monte-carlo.js';
import { OPTIONS } from './fixtures.js';
import {
  HOSTILE_PROMPT,
  adaptiveSpec,
  measuredRuns,
  measuredSpec,
  notMeasuredSpec,
  monteCarloLayer,
  partialSpec,
  resultWithLayer,
  resultWithMonteCarlo,
} from './mc-fixtures.js';
import { findAll, parseXml } from './xml.js';

const value = (v: McView, label: string) => v.rows.find((r) => r.label === label)?.value;

const measured = () => resultWithMonteCarlo(measuredSpec());
const adaptive = () => resultWithMonteCarlo(adaptiveSpec());
const partial = () => resultWithMonteCarlo(partialSpec());
const notMeasured = () => resultWithMonteCarlo(notMeasuredSpec());

describe('Monte Carlo view', () => {
  it('a measured skill: every rate with its counts, interval and method; N; cost; duration', async () => {
    const [v] = monteCarloViews(await measured());
    expect(v).toBeDefined();
    expect(v!.skill).toBe('evaluation');
    expect(v!.headline).toBe('measured');
    expect(v!.simulated).toBe(true);
    expect(value(v!, 'Runner')).toBe('messages (SIMULATION, not the agent) · model claude-haiku-4-5');
    expect(value(v!, 'Runs')).toBe('fixed sampling · N 20 planned · 20 done · 20 measured');
    expect(value(v!, 'Stopped')).toBe('all N runs done');
    expect(value(v!, 'Activation (should trigger)')).toBe('0.90 (9 of 10) · 95% CI 0.60–0.98 (Wilson)');
    expect(value(v!, 'False activation (should not)')).toBe('0.10 (1 of 10) · 95% CI 0.02–0.40 (Wilson)');
    expect(value(v!, 'Failure rate (agent errors)')).toBe('0.05 (1 of 20) · 95% CI 0.00–0.25 (Clopper-Pearson exact)');
    expect(value(v!, 'Precision / recall / F1')).toBe('0.90 / 0.90 / 0.90');
    expect(value(v!, 'Output quality')).toMatch(
      /^mean 0\.81 · CV 0\.14 · 95% CI 0\.\d\d–0\.\d\d \(bootstrap\) · 9 graded$/,
    );
    expect(value(v!, 'Tokens per run')).toMatch(/^median [\d,]+ · IQR [\d,]+ \(Q1 [\d,]+, Q3 [\d,]+\) · 0 outliers$/);
    expect(value(v!, 'mc_score')).toMatch(/^0\.\d\d$/);
    // 20 runs at $0.0125 and 4 s each.
    expect(value(v!, 'Cost')).toBe('$0.2500');
    expect(value(v!, 'Run time (sum of runs)')).toBe('1 min 20 s');
    expect(value(v!, 'Infrastructure errors')).toBeUndefined();
    // One row per run, in run order, each saying what was expected and what happened.
    expect(v!.runs).toHaveLength(20);
    expect(v!.runs[0]).toMatchObject({
      run: '#1',
      expected: 'trigger',
      activated: 'yes',
      quality: '0.80',
      tokens: '2,000',
    });
    expect(v!.runs[1]).toMatchObject({ run: '#2', expected: 'no trigger', activated: 'no', quality: '—' });
    expect(v!.runs.filter((r) => r.expected === 'trigger' && r.activated === 'yes')).toHaveLength(9);
    expect(v!.runs.find((r) => r.note.includes('max turns'))?.note).toBe(
      'agent error (a failed run): max turns (8) reached',
    );
  });

  it('adaptive sampling: why it stopped, the runs it saved, confidence-sequence intervals; no simulation label for the agent', async () => {
    const [v] = monteCarloViews(await adaptive());
    expect(value(v!, 'Runs')).toBe('adaptive sampling · N 50 planned · 16 done · 16 measured');
    expect(value(v!, 'Stopped')).toBe(
      'adaptive stop: every rate within ±0.05 at run 16; 34 runs saved by adaptive sampling',
    );
    expect(value(v!, 'Activation (should trigger)')).toMatch(
      /^1\.00 \(8 of 8\) · 95% CI 0\.\d\d–1\.00 \(anytime-valid confidence sequence\)$/,
    );
    expect(value(v!, 'Runner')).toBe('claude-agent-sdk · model claude-haiku-4-5');
    expect(v!.simulated).toBe(false);
  });

  it('partial (cost cap): the reason, infrastructure errors by kind and left out of every denominator', async () => {
    const [v] = monteCarloViews(await partial());
    expect(v!.headline).toBe('partial: cost cap $0.07 reached after 6 of 40 runs');
    expect(value(v!, 'Stopped')).toBe('cost cap reached: cost cap $0.07 reached after 6 of 40 runs');
    expect(value(v!, 'Infrastructure errors')).toBe('1 (1 rate_limit); not counted in any rate');
    expect(value(v!, 'Runs')).toBe('fixed sampling · N 40 planned · 6 done · 5 measured');
    // 4 positive prompts were sent; the one lost to a rate limit is not a trial.
    expect(value(v!, 'Activation (should trigger)')).toBe('1.00 (3 of 3) · 95% CI 0.44–1.00 (Wilson)');
    expect(v!.runs.at(-1)).toMatchObject({ activated: 'infra error (rate_limit)', infra: true });
    expect(v!.runs.at(-1)!.note).toMatch(/^not counted: /);
    expect(v!.runsCaption).toBe('6 runs, 1 lost to infrastructure errors (not counted)');
  });

  it('not measured (infrastructure): the reason, the errors by kind, cost and time, and no statistic at all', async () => {
    const [v] = monteCarloViews(await notMeasured());
    expect(v!.headline).toBe(
      'not measured: 5 of 5 runs lost to infrastructure errors; nothing about the skill was measured',
    );
    expect(value(v!, 'Infrastructure errors')).toBe(
      '5 (3 api_error, 1 not_logged_in, 1 timeout); not counted in any rate',
    );
    expect(value(v!, 'Cost')).toBe('unpriced (a model without a price was used)');
    for (const label of [
      'Activation (should trigger)',
      'False activation (should not)',
      'Output quality',
      'Failure rate (agent errors)',
      'mc_score',
      'efficiency_norm',
    ]) {
      expect(value(v!, label), label).toBeUndefined();
    }
  });

  it('a result without Monte Carlo has no view', async () => {
    const r = await measured();
    expect(monteCarloViews({ ...r, layers: r.layers.filter((l) => l.name !== 'monte_carlo') })).toEqual([]);
  });
});

describe('confidence label', () => {
  it('is Certified when Monte Carlo measured, and not when it measured nothing', async () => {
    expect((await measured()).composite.confidenceLabel).toBe('Certified');
    expect((await partial()).composite.confidenceLabel).toBe('Certified');
    const none = await notMeasured();
    expect(none.layersRun).not.toContain('monte_carlo');
    expect(none.composite.confidenceLabel).toBe('Estimated');
  });

  it('is not Certified when one skill of several measured nothing, though the layer measured the other', async () => {
    const ok = monteCarloLayer({ ...measuredSpec(), skill: 'evaluation' });
    const lost = monteCarloLayer({ ...notMeasuredSpec(), skill: 'other-skill' });
    const r = await resultWithLayer({ ...ok.layer, monteCarlo: [ok.report, lost.report] });
    expect(r.layersRun).toContain('monte_carlo');
    expect(r.composite.confidenceLabel).toBe('Estimated');
    expect(monteCarloViews(r).map((v) => [v.skill, v.status])).toEqual([
      ['evaluation', 'measured'],
      ['other-skill', 'not-measured'],
    ]);
    expect(confidenceLabel('deep', ['static', 'judge', 'monte_carlo'], [ok.report, lost.report])).toBe('Assessed');
    expect(confidenceLabel('deep', ['static', 'judge', 'monte_carlo'], [ok.report])).toBe('Certified');
    expect(confidenceLabel('thorough', ['static', 'judge', 'monte_carlo'], [ok.report])).toBe('Certified+');
    expect(confidenceLabel('deep', ['static', 'judge', 'monte_carlo'], [])).toBe('Assessed');
  });
});

describe('text reporter: Monte Carlo section', () => {
  it('follows the evidence, says SIMULATION before any number, and fits the width', async () => {
    const out = REPORTERS.text([await measured()], OPTIONS);
    const section = out.indexOf('Monte Carlo · evaluation · measured');
    expect(section).toBeGreaterThan(out.indexOf('\nEvidence\n'));
    expect(section).toBeLessThan(out.indexOf('\nFix first\n'));
    // The banner sits above the dimension table, whose numbers include Monte Carlo's.
    const banner = out.indexOf('Monte Carlo ran on a SIMULATION of the agent (messages runner)');
    expect(banner).toBeGreaterThan(0);
    expect(banner).toBeLessThan(out.indexOf('Dimension '));
    expect(out.slice(section)).toMatch(/^ {2}SIMULATION: this runner asks a model/m);
    expect(out).toMatch(/Activation \(should trigger\) +0\.90 \(9 of 10\) · 95% CI 0\.60–0\.98 \(Wilson\)/);
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    for (const line of REPORTERS.text([await measured()], { ...OPTIONS, width: 40 }).split('\n'))
      expect(line.length).toBeLessThanOrEqual(40);
  });

  it('shows neither banner nor SIMULATION for the real agent, and the adaptive stop', async () => {
    const out = REPORTERS.text([await adaptive()], OPTIONS);
    expect(out).not.toContain('SIMULATION');
    expect(out).toContain('34 runs saved by adaptive sampling');
  });

  it('a not-measured skill: the reason, no banner (no simulated number exists), no rate', async () => {
    const out = REPORTERS.text([await notMeasured()], OPTIONS);
    expect(out).toContain('Monte Carlo · evaluation · not measured: 5 of 5 runs lost');
    expect(out).not.toContain('Monte Carlo ran on a SIMULATION');
    expect(out).not.toMatch(/Activation \(should trigger\)/);
    expect(out).toContain('Estimated confidence');
  });

  it('the summary of several results counts those with simulated numbers', async () => {
    const out = REPORTERS.text([await measured(), await adaptive()], OPTIONS);
    expect(out).toContain('Monte Carlo numbers of 1 result come from a SIMULATION of the agent');
  });
});

describe('markdown reporter: Monte Carlo section', () => {
  it('a table of the statistics and a collapsed per-run table that traces each rate', async () => {
    const out = REPORTERS.markdown([await measured()], OPTIONS);
    expect(out).toContain('**Monte Carlo** · evaluation · measured');
    expect(out).toContain('> ⚠️ **Monte Carlo ran on a SIMULATION of the agent (messages runner)');
    expect(out).toContain('| Activation (should trigger) | 0.90 (9 of 10) · 95% CI 0.60–0.98 (Wilson) |');
    expect(out).toContain('| mc\\_score | ');
    const runs = out.slice(out.indexOf('<details><summary>Runs: 20 runs</summary>'));
    expect(runs.length).toBeLessThan(out.length);
    const rows = runs.split('\n').filter((l) => /^\| #\d+ \|/.test(l));
    expect(rows).toHaveLength(20);
    expect(rows.filter((l) => l.includes('| trigger | yes |'))).toHaveLength(9);
    expect(rows.filter((l) => l.includes('| no trigger | yes |'))).toHaveLength(1);
  });

  it('escapes a hostile prompt and keeps every run row to eight cells', async () => {
    const runs = measuredRuns();
    runs[0] = { ...runs[0]!, prompt: HOSTILE_PROMPT };
    const out = REPORTERS.markdown([await resultWithMonteCarlo({ runs, planned: 20 })], OPTIONS);
    expect(out).not.toContain('<script>');
    expect(out).toContain('&lt;script&gt;alert("mc")&lt;/script&gt; &amp; pipe \\| here');
    for (const row of out.split('\n').filter((l) => /^\| #\d+ \|/.test(l)))
      expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(10);
  });

  it('partial and not measured: the infrastructure rows are marked, the headline says why', async () => {
    const out = REPORTERS.markdown([await partial()], OPTIONS);
    expect(out).toContain('**Monte Carlo** · evaluation · partial: cost cap $0.07 reached after 6 of 40 runs');
    expect(out).toMatch(/\| #6 \| .* \| trigger \| infra error \(rate\\_limit\) \| .* \| not counted: /);
    expect(REPORTERS.markdown([await notMeasured()], OPTIONS)).not.toContain('| Activation (should trigger) |');
  });
});

describe('html reporter: Monte Carlo section', () => {
  it('is escaped everywhere, self-contained, with the runs in a <details>', async () => {
    const runs = measuredRuns();
    runs[0] = { ...runs[0]!, prompt: HOSTILE_PROMPT, evidence: '<img src=x onerror=alert(1)>' };
    const out = REPORTERS.html([await resultWithMonteCarlo({ runs, planned: 20 })], OPTIONS);
    expect(out).not.toMatch(/<script|<img/i);
    expect(out).toContain('&lt;script&gt;alert(&quot;mc&quot;)&lt;/script&gt; &amp; pipe | here');
    expect(out).toContain('<code>&lt;img src=x onerror=alert(1)&gt;</code>');
    expect(out).not.toMatch(/(?:src|href)="https?:/);
    expect(out).toContain('<h3>Monte Carlo: <code>evaluation</code> <span class="muted">measured</span></h3>');
    expect(out).toContain('<p class="notrun simulated"><strong>SIMULATION: this runner asks a model');
    expect(out).toContain(
      '<tr><th scope="row">Activation (should trigger)</th><td>0.90 (9 of 10) · 95% CI 0.60–0.98 (Wilson)</td></tr>',
    );
    const details = out.slice(out.indexOf('<details><summary>Runs: 20 runs</summary>'));
    expect(details.match(/<tr><td class="num">#\d+<\/td>/g)).toHaveLength(20);
  });

  it('greys out runs lost to infrastructure errors', async () => {
    const out = REPORTERS.html([await partial()], OPTIONS);
    expect(out).toMatch(/<tr class="muted"><td class="num">#6<\/td>.*infra error \(rate_limit\)/);
  });
});

describe('junit reporter: Monte Carlo in system-out', () => {
  it('well-formed, names the simulation, adds no failure of its own', async () => {
    const doc = parseXml(REPORTERS.junit([await measured(), await notMeasured()], OPTIONS));
    const cases = findAll(doc, 'testcase');
    const outs = cases.map((c) => findAll(c, 'system-out')[0]?.text ?? '');
    expect(outs[0]).toContain('monte carlo (evaluation): measured');
    expect(outs[0]).toContain('SIMULATION: this runner asks a model');
    expect(outs[0]).toContain('  Activation (should trigger): 0.90 (9 of 10) · 95% CI 0.60–0.98 (Wilson)');
    expect(outs[1]).toContain('monte carlo (evaluation): not measured: 5 of 5 runs lost');
    expect(outs[1]).not.toContain('Activation (should trigger)');
    expect(findAll(doc, 'failure')).toHaveLength(0);
  });
});
