/**
 * What a static-only composite measures is said in every report's header, with the figures of the one data module,
 * and only when static analysis is all that measured the result.
 */
import { describe, expect, it } from 'vitest';
import { QUICK_SCORE_RHO, QUICK_SCORE_VALIDITY_TASKS } from '../../src/data/quick-score-validity.js';
import type { ScoreResult } from '../../src/model/result.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { renderDashboard, shapeDashboard } from '../../src/web/dashboard/index.js';
import { baseRun } from '../dashboard/fixture.js';
import { OPTIONS } from './fixtures.js';

const GENERATED = '2026-11-23T12:00:00.000Z';
const HEAD = 'Quick score: form and conformance, not whether the skill helps';

/** The real quick result of the example skill, and a copy the judge also measured. */
async function results(): Promise<{ quick: ScoreResult; judged: ScoreResult }> {
  const run = await baseRun();
  const quick = run.results[0]!;
  const judged = structuredClone(quick);
  judged.layersRun = ['static', 'judge'];
  delete judged.scoreMeaning;
  return { quick, judged };
}

const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('quick-score meaning', () => {
  it('JSON carries it as a field with the measured figures', async () => {
    const { quick } = await results();
    expect(quick.scoreMeaning).toMatchObject({
      measures: 'form and conformance',
      rhoWithUplift: QUICK_SCORE_RHO.default,
      tasks: QUICK_SCORE_VALIDITY_TASKS,
    });
    const json = JSON.parse(REPORTERS.json([quick], OPTIONS)) as { results: ScoreResult[] };
    expect(json.results[0]!.scoreMeaning?.note).toContain(`rho ${QUICK_SCORE_RHO.default.toFixed(2)}`);
  });

  it('text, markdown and html say it in the header, before the composite, within two lines of text', async () => {
    const { quick } = await results();
    const text = REPORTERS.text([quick], OPTIONS);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Quick score:'));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(lines.findIndex((l) => l.startsWith('Composite')));
    expect(lines[at + 1]).toMatch(/^ {2}\S/);
    expect(lines[at + 2]).toBe('');
    expect(flat(lines.slice(at, at + 2).join(' '))).toContain(
      `rho ${QUICK_SCORE_RHO.default.toFixed(2)} vs uplift on ${QUICK_SCORE_VALIDITY_TASKS} SkillsBench tasks`,
    );
    expect(flat(text)).toContain("help: certify's measured uplift, evals run");
    const markdown = REPORTERS.markdown([quick], OPTIONS);
    expect(markdown.indexOf(HEAD)).toBeGreaterThan(0);
    expect(markdown.indexOf(HEAD)).toBeLessThan(markdown.indexOf('**Composite'));
    const html = REPORTERS.html([quick], OPTIONS);
    expect(html).toMatch(/<p class="meaning">Quick score: form and conformance/);
    expect(html.indexOf(HEAD)).toBeLessThan(html.indexOf('composite">'));
  });

  it('says it once for a run of static-only results, not once per result', async () => {
    const { quick } = await results();
    const other = structuredClone(quick);
    other.target = { ...other.target, path: 'elsewhere/skill', name: 'skill' };
    for (const name of ['text', 'markdown', 'html'] as const) {
      const out = REPORTERS[name]([quick, other], OPTIONS);
      expect(out.split(HEAD)).toHaveLength(2);
    }
  });

  it('is left out when the judge also measured the result', async () => {
    const { quick, judged } = await results();
    for (const name of ['text', 'markdown', 'html'] as const) {
      expect(REPORTERS[name]([judged], OPTIONS)).not.toContain(HEAD);
      // A run with one judged result does not speak for all of them either.
      expect(REPORTERS[name]([quick, judged], OPTIONS).split(HEAD).length).toBeLessThanOrEqual(2);
    }
  });

  it('the dashboard says it under its title, escaped, and not when a deeper layer measured a result', async () => {
    const { quick, judged } = await results();
    const run = await baseRun();
    const html = renderDashboard({ ...run, results: [quick] }, { generatedAt: GENERATED });
    const rho = QUICK_SCORE_RHO.default.toFixed(2).replace('.', '\\.');
    expect(html).toMatch(new RegExp(`<p id="score-meaning">Quick score: form and conformance[^<]*rho ${rho}`));
    expect(html.indexOf('id="score-meaning"')).toBeLessThan(html.indexOf('</header>'));
    expect(shapeDashboard({ ...run, results: [judged] }, { generatedAt: GENERATED }).summary.meaning).toBeNull();
  });
});

describe('the figures quoted in prose', () => {
  it('README and docs/output-formats.md quote the data module', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = (await readFile(new URL('../../README.md', import.meta.url), 'utf8')).replace(/\s+/g, ' ');
    const formats = await readFile(new URL('../../docs/output-formats.md', import.meta.url), 'utf8');
    expect(readme).toContain(`Spearman rho ${QUICK_SCORE_RHO.default.toFixed(2)} (default methodology`);
    expect(readme).toContain(`and ${QUICK_SCORE_RHO.compat.toFixed(2)} (compat)`);
    expect(formats).toContain(`(rho ${QUICK_SCORE_RHO.default.toFixed(2)} vs uplift`);
    expect(formats).toContain(
      `(default ${QUICK_SCORE_RHO.default.toFixed(2)}, compat ${QUICK_SCORE_RHO.compat.toFixed(2)} over`,
    );
  });
});
