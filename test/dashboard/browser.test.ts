/**
 * The dashboard in headless Chromium (one launch for the file), opened from its file:// URL as a user would:
 * sorting, filtering, the keyboard-only drill-down, the heat map, trend charts, hostile text, and phone width.
 * Screenshots are kept in test-artifacts/ (git-ignored).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDashboard } from '../../src/web/dashboard/index.js';
import { tempTree } from '../support/tmp.js';
import { launchChromium } from '../viewer/chromium.js';
import { HOSTILE_NAME, marketplace } from './fixture.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

/**
 * What page callbacks read, typed here because the project compiles without the DOM library. Callbacks run in the
 * page, so each casts `globalThis` itself (they cannot call a helper from this file).
 */
interface PageGlobals {
  __pwned?: number;
  document: {
    activeElement: { getAttribute(name: string): string | null; id: string } | null;
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(selector: string): { length: number };
  };
}

const ARTEFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const tree = tempTree('plugin-eval-dashboard-');
let browser: Awaited<ReturnType<typeof launchChromium>>;
let url: string;
let bigUrl: string;
let bigLowest = 0;
let runSkills = 0;

beforeAll(async () => {
  const { run, history } = await marketplace(12);
  runSkills = run.results.length;
  const file = tree.write(
    'dashboard.html',
    renderDashboard(run, { history, generatedAt: '2026-11-23T12:00:00.000Z', title: 'Test marketplace' }),
  );
  url = pathToFileURL(file).href;
  const big = await marketplace(600, { hostile: false });
  bigLowest = Math.min(...big.run.results.map((r) => r.composite.score!));
  bigUrl = pathToFileURL(
    tree.write('big.html', renderDashboard(big.run, { generatedAt: '2026-11-23T12:00:00.000Z' })),
  ).href;
  // Starting Chromium takes over 10 s (vitest's hook default) when the machine's two cores are busy.
  browser = await launchChromium();
}, HANG_LIMIT_MS);
afterAll(async () => {
  await browser?.close();
});

async function open(at = url): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await browser.context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(at);
  return { page, requests, errors };
}

const composites = async (page: Page): Promise<number[]> =>
  (await page.locator('#skills-body td.composite').allTextContents()).map(Number);
const sortState = (page: Page, key: string) =>
  page.locator(`#skills-head th:has(button[data-sort="${key}"])`).getAttribute('aria-sort');

describe('dashboard in Chromium', () => {
  it('lists the discovery diagnostics in the summary: a plugin the marketplace lists but that was not scored', async () => {
    const { run } = await marketplace(1, { hostile: false });
    const missing = {
      file: './.claude-plugin/marketplace.json',
      line: 0,
      column: 0,
      severity: 'error' as const,
      ruleId: 'marketplace/missing-source',
      message: 'plugin "gone" not scored: source ./plugins/gone does not exist',
    };
    const at = pathToFileURL(
      tree.write(
        'discovery.html',
        renderDashboard({ ...run, diagnostics: [missing] }, { generatedAt: '2026-11-23T12:00:00.000Z' }),
      ),
    ).href;
    const { page, errors } = await open(at);
    expect(errors).toEqual([]);
    const note = await page.locator('#summary-note').textContent();
    expect(note).toContain('Found while discovering targets');
    expect(note).toContain(
      './.claude-plugin/marketplace.json  error  marketplace/missing-source  plugin "gone" not scored',
    );
    await page.close();
  });

  it('loads from file:// without fetching anything, shows hostile text as text and runs none of it', async () => {
    const { page, requests, errors } = await open();
    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__pwned)).toBeUndefined();
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as PageGlobals).document.querySelectorAll('img, #skills-body svg[onload], b').length,
      ),
    ).toBe(0);
    expect(await page.locator(`#skills-body button[data-skill="skill-1"]`).textContent()).toBe(HOSTILE_NAME);
    expect(await page.locator('h1').textContent()).toBe('Test marketplace');
    expect(await page.locator('#badge-bars li').allTextContents()).toContain('Platinum ★★★★★3');
    await page.close();
  });

  it('sorts by composite both ways, with aria-sort on the header', async () => {
    const { page } = await open();
    const initial = await composites(page);
    expect(initial).toHaveLength(runSkills);
    expect(initial).toEqual([...initial].sort((a, b) => b - a));
    expect(await sortState(page, 'composite')).toBe('descending');
    await page.locator('button[data-sort="composite"]').click();
    const ascending = await composites(page);
    expect(ascending).toEqual([...initial].sort((a, b) => a - b));
    expect(await sortState(page, 'composite')).toBe('ascending');
    expect(await sortState(page, 'name')).toBe('none');
    // A dimension sorts its unmeasured cells last whichever way: "not measured" is not a low score.
    const tokenColumn = 6 + 5; // skill, trend, composite, badge, Elo, coverage, then the sixth dimension
    const tokens = () => page.locator(`#skills-body tr td:nth-child(${tokenColumn + 1})`).allTextContents();
    await page.getByRole('button', { name: 'Token efficiency' }).click();
    expect(await sortState(page, 'token_efficiency')).toBe('descending');
    const down = await tokens();
    expect(down.at(-1)).toBe('not measured');
    expect(down.slice(0, -1).map(Number)).toEqual(
      down
        .slice(0, -1)
        .map(Number)
        .sort((a, b) => b - a),
    );
    await page.getByRole('button', { name: 'Token efficiency' }).click();
    expect((await tokens()).at(-1)).toBe('not measured');
    await page.locator('button[data-sort="name"]').click();
    const names = await page.locator('#skills-body button[data-skill]').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await page.close();
  });

  it('filters by text and by badge, announcing the count', async () => {
    const { page } = await open();
    expect(await page.locator('#result-count').getAttribute('aria-live')).toBe('polite');
    await page.getByLabel('Filter by name or path').fill('skill-0003');
    expect(await page.locator('#skills-body tr').count()).toBe(1);
    expect(await page.locator('#heat-body tr').count()).toBe(1);
    expect(await page.locator('#result-count').textContent()).toMatch(/^1 of 12 results shown/);
    await page.getByLabel('Filter by name or path').fill('');
    await page.getByLabel('Badge', { exact: true }).selectOption('gold');
    const badges = await page.locator('#skills-body .badge').allTextContents();
    expect(badges.length).toBe(3);
    expect(badges.every((b) => b.startsWith('Gold'))).toBe(true);
    expect(await page.locator('#result-count').textContent()).toMatch(/^3 of 12 results shown/);
    await page.close();
  });

  it('opens and closes a drill-down from the keyboard alone, focus returning to the row', async () => {
    const { page } = await open();
    // Tab from the top of the page to the first skill button.
    let focused: string | null = null;
    for (let i = 0; i < 60 && focused === null; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(
        () => (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('data-skill') ?? null,
      );
    }
    expect(focused).not.toBeNull();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog#detail');
    expect(await dialog.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id)).toBe(
      'detail-close',
    );
    expect(await page.locator('#detail-body h3').allTextContents()).toEqual(
      expect.arrayContaining(['Tips, biggest gain first', 'Findings', 'Measurement gaps', 'Dimensions']),
    );
    await page.keyboard.press('Escape');
    expect(await dialog.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(false);
    expect(
      await page.evaluate(
        () => (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('data-skill') ?? null,
      ),
    ).toBe(focused);
    await page.keyboard.press('Space');
    expect(await dialog.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    await page.keyboard.press('Enter'); // on the focused Close button
    expect(await dialog.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(false);
    expect(
      await page.evaluate(
        () => (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('data-skill') ?? null,
      ),
    ).toBe(focused);
    await page.close();
  });

  it('prints numbers in the heat map cells and says "not measured" where nothing measured', async () => {
    const { page } = await open();
    expect(await page.locator('#heat-body tr').count()).toBe(runSkills);
    const cells = await page.locator('#heat-body tr').first().locator('td').allTextContents();
    expect(cells).toHaveLength(10);
    expect(cells.every((c) => /^\d\.\d\d$/.test(c) || c === 'not measured')).toBe(true);
    expect(cells).toContain('not measured');
    expect(cells.some((c) => /^\d\.\d\d$/.test(c))).toBe(true);
    await page.close();
  });

  it('draws trend lines with text alternatives: a sparkline in the row and a chart in the drill-down', async () => {
    const { page } = await open();
    const spark = page.locator('tr[data-id="skill-1"] svg.spark');
    expect(await spark.getAttribute('role')).toBe('img');
    expect(await spark.getAttribute('aria-label')).toMatch(
      /^Composite over 4 recorded runs: .*content changed.*reused, not measured again/,
    );
    expect(await page.locator('tr[data-id="skill-1"] .flag-reused').textContent()).toBe('reused');
    await page.locator('button[data-skill="skill-1"]').click();
    const chart = page.locator('#trend-chart');
    expect(await chart.getAttribute('aria-labelledby')).toBe('trend-text');
    expect(await page.locator('#trend-text').textContent()).toContain('2026-11-12 68.0 (content changed)');
    expect(await chart.locator('circle').count()).toBe(4);
    expect(await chart.locator('line.change').count()).toBe(1);
    expect(await chart.locator('circle.dot-reused').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.locator('tr[data-id="skill-2"] td').nth(1).textContent()).toBe('no history');
    await page.close();
  });

  it('lists a large marketplace a page at a time, sorting and filtering every result', async () => {
    const { page, errors } = await open(bigUrl);
    expect(errors).toEqual([]);
    expect(await page.locator('#skills-body tr').count()).toBe(250);
    expect(await page.locator('#heat-body tr').count()).toBe(250);
    expect(await page.locator('#result-count').textContent()).toBe(
      '600 of 600 results shown, sorted by Composite descending. The first 250 are listed; use Show more or the ' +
        'filter for the rest.',
    );
    const more = page.getByRole('button', { name: 'Show 250 more (350 not listed)' });
    await more.click();
    expect(await page.locator('#skills-body tr').count()).toBe(500);
    expect(await page.locator('#heat-body tr').count()).toBe(500);
    await page.getByRole('button', { name: 'Show 100 more (100 not listed)' }).click();
    expect(await page.locator('#skills-body tr').count()).toBe(600);
    expect(await page.locator('#show-more').isHidden()).toBe(true);
    // The top of an ascending sort comes from all 600, not from the rows that were listed.
    await page.locator('button[data-sort="composite"]').click();
    expect(await page.locator('#skills-body tr').count()).toBe(250);
    expect(await page.locator('#skills-body td.composite').first().textContent()).toBe(bigLowest.toFixed(1));
    await page.getByLabel('Filter by name or path').fill('skill-059');
    expect(await page.locator('#skills-body tr').count()).toBe(10);
    await page.close();
  });

  it('fits a 375 px phone with no horizontal page scroll; screenshots are saved', async () => {
    mkdirSync(ARTEFACTS, { recursive: true });
    const desktop = await open();
    const desktopShot = path.join(ARTEFACTS, 'dashboard-desktop.png');
    writeFileSync(desktopShot, await desktop.page.screenshot({ fullPage: true }));
    await desktop.page.close();

    const { page } = await open();
    await page.setViewportSize({ width: 375, height: 740 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const root = (globalThis as unknown as PageGlobals).document.documentElement;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(clientWidth).toBe(375);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // The wide table scrolls inside its own labelled region instead.
    const region = page.locator('div.scroll:has(#skills-table)');
    expect(await region.getAttribute('role')).toBe('region');
    expect(
      await region.evaluate(
        (r) =>
          (r as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth >
          (r as unknown as { clientWidth: number }).clientWidth,
      ),
    ).toBe(true);
    const phoneShot = path.join(ARTEFACTS, 'dashboard-phone.png');
    writeFileSync(phoneShot, await page.screenshot({ fullPage: true }));
    await page.locator('button[data-skill="skill-1"]').click();
    const dialogWidth = await page
      .locator('dialog#detail')
      .evaluate((d) => (d as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect().right);
    expect(dialogWidth).toBeLessThanOrEqual(375);
    writeFileSync(path.join(ARTEFACTS, 'dashboard-phone-detail.png'), await page.screenshot());
    await page.close();

    for (const shot of [desktopShot, phoneShot]) {
      expect(statSync(shot).size).toBeGreaterThan(1000);
      expect(readFileSync(shot).subarray(0, 8).equals(PNG)).toBe(true);
    }
  });
});
