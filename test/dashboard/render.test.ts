import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  COLOURS,
  contrastRatio,
  dashboardContentSecurityPolicy,
  dimensionCell,
  graphicPairs,
  HEAT_BINS,
  NOT_MEASURED,
  renderDashboard,
  shapeDashboard,
  textPairs,
  trendPoints,
  trendText,
  DashboardData,
} from '../../src/web/dashboard/index.js';
import { PAGE_SCRIPT as DASHBOARD_SCRIPT } from '../../src/web/dashboard/page-script.js';
import { DASHBOARD_STYLE } from '../../src/web/dashboard/style.js';
import { DIMENSIONS } from '../../src/model/dimensions.js';
import { ScoreRun } from '../../src/model/run.js';
import { embeddedData, HOSTILE_EVIDENCE, HOSTILE_NAME, historyOf, marketplace } from './fixture.js';

const GENERATED = '2026-11-23T12:00:00.000Z';

describe('renderDashboard: hostile text stays data', () => {
  it('embeds names, evidence, diagnostics and tips as escaped JSON, never as markup', async () => {
    const { run, history } = await marketplace(3);
    const html = renderDashboard(run, { history, generatedAt: GENERATED });
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html).not.toContain('<b onmouseover');
    expect(html).not.toContain('<svg onload');
    expect(html).not.toContain('\u2028');
    // Exactly the page's own two script elements open and close: nothing in the data ends one early.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const data = embeddedData(html) as DashboardData;
    expect(data.skills[0]!.name).toBe(HOSTILE_NAME);
    expect(data.skills[0]!.detail.dimensions.flatMap((d) => d.evidence)).toContain(HOSTILE_EVIDENCE);
    expect(data).toEqual(JSON.parse(JSON.stringify(shapeDashboard(run, { history, generatedAt: GENERATED }))));
    // What the page embeds matches its schema (the shape the page script reads).
    expect(DashboardData.parse(data)).toEqual(data);
  });

  it('escapes a hostile --title in the markup and loads nothing from anywhere', async () => {
    const { run } = await marketplace(1);
    const html = renderDashboard(run, { generatedAt: GENERATED, title: '</title><script>alert(1)</script>' });
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/@import|url\(|@font-face/);
    const hash = createHash('sha256').update(DASHBOARD_SCRIPT, 'utf8').digest('base64');
    const policy = dashboardContentSecurityPolicy();
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    expect(policy).toContain("default-src 'none'");
    expect(html).toContain(`content="${policy.replace(/'/g, '&#39;')}"`);
  });
});

describe('the page always has a name', () => {
  it('a blank --title (an unset variable) falls back to the default instead of an empty <title>', async () => {
    const { run } = await marketplace(1);
    for (const title of ['', '   ']) {
      const html = renderDashboard(run, { generatedAt: GENERATED, title });
      expect(html, JSON.stringify(title)).toContain('<title>plugin-eval dashboard: 1 result</title>');
    }
  });
});

describe('shapeDashboard: honest numbers', () => {
  it('shows an unmeasured dimension as "not measured" and a measured 0 as 0.00', async () => {
    const { run } = await marketplace(3);
    const data = shapeDashboard(run, { generatedAt: GENERATED });
    const unmeasured = run.results[0]!.dimensions.filter((d) => !d.measured).map((d) => DIMENSIONS.indexOf(d.name));
    expect(unmeasured.length).toBeGreaterThan(0);
    for (const i of unmeasured)
      expect(data.skills[0]!.cells[i]).toEqual({ score: null, text: NOT_MEASURED, bin: 'none' });
    const disclosure = DIMENSIONS.indexOf('progressive_disclosure');
    expect(data.skills[2]!.cells[disclosure]).toEqual({ score: 0, text: '0.00', bin: 'F' });
    expect(dimensionCell(undefined).text).toBe(NOT_MEASURED);
    expect(dimensionCell(0.895).bin).toBe('A'); // the grade of the score as displayed (0.90)
    expect(data.summary.unmeasuredCells).toBe(3 * unmeasured.length);
    expect(data.summary.unmeasuredSkills).toBe(3);
    expect(data.skills[0]!.detail.dimensions.filter((d) => d.text === NOT_MEASURED)).toHaveLength(unmeasured.length);
  });

  it('flags partial and reused results and counts them in the summary', async () => {
    const { run, history } = await marketplace(3);
    const data = shapeDashboard(run, { history, generatedAt: GENERATED });
    expect(data.skills.map((s) => s.partial)).toEqual([false, true, false]);
    // Result 0's history holds a point of this run marked reused; result 2's reused point belongs to another run.
    expect(data.skills.map((s) => s.reused)).toEqual([true, false, false]);
    expect(data.summary).toMatchObject({ partial: 1, reused: 1, status: 'partial', skills: 3 });
    expect(data.summary.statusNote).toMatch(/partial/);
    expect(data.skills[1]!.detail.gaps.join('\n')).toContain(
      'token_efficiency: not measured by static: tokenizer crashed',
    );
    const flagged = shapeDashboard(run, { generatedAt: GENERATED, reused: new Set([run.results[2]!.target.path]) });
    expect(flagged.skills.map((s) => s.reused)).toEqual([false, false, true]);
  });

  it('flags the results the run log lists as reused (score --only-changed)', async () => {
    const { run } = await marketplace(3);
    const data = shapeDashboard({ ...run, reused: [run.results[1]!.target.path] }, { generatedAt: GENERATED });
    expect(data.skills.map((s) => s.reused)).toEqual([false, true, false]);
    expect(data.summary.reused).toBe(1);
  });

  it('counts badges, gives findings with file:line and tips biggest gain first', async () => {
    const { run } = await marketplace(10);
    const data = shapeDashboard(run, { generatedAt: GENERATED });
    expect(data.badges.map((b) => [b.badge, b.count])).toEqual([
      ['platinum', 2],
      ['gold', 2],
      ['silver', 2],
      ['bronze', 2],
      ['none', 2],
    ]);
    expect(data.skills.map((s) => s.badgeRank)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
    const d = data.skills[0]!.detail;
    expect(d.diagnostics).toContainEqual({
      where: 'SKILL.md:7:3',
      severity: 'warning',
      rule: 'test/hostile',
      message: '<b onmouseover=alert(2)>bold</b>',
    });
    const gains = run.results[0]!.tips.map((t) => t.gain).sort((a, b) => b - a);
    expect(d.tips.map((t) => t.gain)).toEqual(gains.map((g) => `+${g.toFixed(1)} points`));
    expect(data.skills[0]!.eloText).toBe('not rated');
  });
});

describe('empty and failed runs', () => {
  it('renders a run with no results (streamed, or every target failed) without inventing numbers', async () => {
    const { run } = await marketplace(0);
    const failed = ScoreRun.parse({
      ...run,
      status: 'partial',
      failures: [
        { target: { path: 'skills/<broken>', kind: 'skill' }, reason: 'SKILL.md: unreadable', diagnostics: [] },
      ],
    });
    const data = shapeDashboard(failed, { generatedAt: GENERATED });
    expect(data.summary).toMatchObject({
      skills: 0,
      meanComposite: 'no results',
      meanCoverage: 'no results',
      failures: 1,
      unmeasuredCells: 0,
    });
    expect(data.failures).toEqual([{ path: 'skills/<broken>', reason: 'SKILL.md: unreadable' }]);
    expect(data.badges.every((b) => b.count === 0)).toBe(true);
    expect(renderDashboard(failed, { generatedAt: GENERATED })).not.toContain('skills/<broken>');
  });

  it('carries the discovery diagnostics (a listed plugin that was not scored is in no row)', async () => {
    const { run } = await marketplace(1);
    const missing = {
      file: './.claude-plugin/marketplace.json',
      line: 0,
      column: 0,
      severity: 'error' as const,
      ruleId: 'marketplace/missing-source',
      message: 'plugin "gone" not scored: source ./plugins/gone does not exist',
    };
    const data = shapeDashboard(ScoreRun.parse({ ...run, diagnostics: [missing] }), { generatedAt: GENERATED });
    expect(data.discovery).toEqual([
      {
        where: './.claude-plugin/marketplace.json',
        severity: 'error',
        rule: 'marketplace/missing-source',
        message: missing.message,
      },
    ]);
    expect(shapeDashboard(run, { generatedAt: GENERATED }).discovery).toEqual([]);
    // The page's data (escaped JSON) holds it for the summary to list.
    expect(renderDashboard(ScoreRun.parse({ ...run, diagnostics: [missing] }), { generatedAt: GENERATED })).toContain(
      'source ./plugins/gone does not exist',
    );
  });
});

describe('Elo', () => {
  it('shows a measured rating with its interval and record, and an unmeasured one with its reason', async () => {
    const { run } = await marketplace(2, { hostile: false });
    const elo = {
      status: 'measured',
      infrastructureFailure: false,
      rating: 1543.6,
      ciLow: 1490.2,
      ciHigh: 1601.9,
      ciMethod: 'bootstrap',
      bradleyTerry: {
        status: 'measured',
        rating: 1601.3,
        ciLow: 1402.4,
        ciHigh: 1820.6,
        anchor: 1500,
        samples: 500,
        degenerateSamples: 3,
        seed: 0,
      },
      initialRating: 1500,
      k: 32,
      matches: 10,
      wins: 6,
      losses: 3,
      ties: 1,
      positionBiasCount: 0,
      unmeasured: 2,
      percentile: 65,
      references: [],
      notes: ['widened to 5 references'],
      judge: null,
      usage: null,
    };
    const rated = ScoreRun.parse({
      ...run,
      results: [
        { ...run.results[0]!, elo, composite: { ...run.results[0]!.composite, elo: 1543.6 } },
        {
          ...run.results[1]!,
          elo: { ...elo, status: 'unmeasured', rating: null, ciLow: null, ciHigh: null, reason: 'no corpus index' },
        },
      ],
    });
    const data = shapeDashboard(rated, { generatedAt: GENERATED });
    expect(data.skills[0]!.eloText).toBe('1544');
    expect(data.skills[0]!.detail.elo).toEqual({
      // Each rating beside its own interval: the online one, then the Bradley-Terry fit.
      summary:
        'Elo 1544 (online, 95% interval 1490–1602); Bradley-Terry 1601, 95% interval 1402–1821: 6 won, 3 lost, ' +
        '1 tied of 10 measured matchups (2 unmeasured)',
      notes: ['widened to 5 references'],
    });
    expect(data.skills[1]!.eloText).toBe(NOT_MEASURED);
    expect(data.skills[1]!.detail.elo?.summary).toBe('Elo not measured: no corpus index');
  });
});

describe('trend', () => {
  it('marks content changes and reused points, and says every point in words', async () => {
    const { run } = await marketplace(1);
    const points = trendPoints(historyOf(run.results[0]!, 4, run.runId));
    expect(points.map((p) => p.contentChanged)).toEqual([false, false, true, false]);
    expect(points.map((p) => p.reused)).toEqual([false, false, false, true]);
    const text = trendText(points);
    expect(text).toBe(
      'Composite over 4 recorded runs: 2026-11-10 60.0; 2026-11-11 64.0; 2026-11-12 68.0 (content changed); ' +
        '2026-11-13 72.0 (reused, not measured again). Change since the first: +12.0.',
    );
    expect(trendText([])).toBe('No recorded history.');
  });
});

describe('palette', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('gives every text colour, heat-map cells included, at least 4.5:1 against its background (WCAG AA)', () => {
    const pairs = textPairs();
    expect(pairs.filter((p) => p.name.startsWith('heat-map'))).toHaveLength(6);
    const failing = pairs
      .filter((p) => contrastRatio(p.fg, p.bg) < 4.5)
      .map((p) => `${p.name}: ${contrastRatio(p.fg, p.bg).toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it('builds the style sheet from the palette the contrast tests check', () => {
    for (const [bin, c] of Object.entries(HEAT_BINS))
      expect(DASHBOARD_STYLE).toContain(`.heat-${bin} { background: ${c.bg}; color: ${c.fg}; }`);
    expect(DASHBOARD_STYLE).toContain(`:focus-visible { outline: 3px solid ${COLOURS.focus}; outline-offset: 2px; }`);
  });

  it('gives the focus ring, bars, chart lines and borders at least 3:1 (WCAG 1.4.11)', () => {
    const failing = graphicPairs()
      .filter((p) => contrastRatio(p.fg, p.bg) < 3)
      .map((p) => `${p.name}: ${contrastRatio(p.fg, p.bg).toFixed(2)}`);
    expect(failing).toEqual([]);
  });
});

describe('size', () => {
  it('grows linearly with the number of results (2,000 results is about twice 1,000)', async () => {
    const sizes = [];
    for (const n of [500, 1000, 2000]) {
      const { run, history } = await marketplace(n, { hostile: false });
      sizes.push(Buffer.byteLength(renderDashboard(run, { history, generatedAt: GENERATED })));
    }
    const [s500, s1000, s2000] = sizes as [number, number, number];
    // Linear: equal increments for equal steps of results (a quadratic page would double its increment).
    const perResultLow = (s1000 - s500) / 500;
    const perResultHigh = (s2000 - s1000) / 1000;
    expect(perResultHigh / perResultLow).toBeGreaterThan(0.95);
    expect(perResultHigh / perResultLow).toBeLessThan(1.05);
    expect(s2000 / s1000).toBeLessThan(2.05);
  });
});
