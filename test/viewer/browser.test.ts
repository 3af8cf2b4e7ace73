import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectViewerData, resolvePreviousTarget, resolveViewTarget } from '../../src/web/viewer/collect.js';
import { buildPage, contentSecurityPolicy } from '../../src/web/viewer/page.js';
import { startViewerServer, type ViewerServer } from '../../src/web/viewer/server.js';
import { launchChromium } from './chromium.js';
import { writeGoldenWorkspace } from './golden-workspace.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

/**
 * The browser globals the page callbacks read, typed here because the project compiles without the DOM library.
 * Callbacks run in the page, so each casts `globalThis` itself (they cannot call a helper from this file).
 */
interface PageGlobals {
  __pwned?: number;
  document: {
    getElementById(id: string): { textContent: string | null } | null;
    documentElement: { scrollWidth: number };
  };
  localStorage: { getItem(key: string): string | null };
}

/** Screenshots kept as test artefacts (git-ignored). */
const ARTEFACTS = path.resolve(import.meta.dirname, '../../test-results');

let browser: Awaited<ReturnType<typeof launchChromium>>;
// Starting Chromium takes over 10 s (vitest's hook default) when the machine's two cores are busy with other files.
beforeAll(async () => {
  browser = await launchChromium();
}, HANG_LIMIT_MS);
afterAll(async () => {
  await browser?.close();
});

/** A fresh page that records every request it makes and every CSP violation it reports. */
async function openPage(): Promise<{ page: Page; requests: string[]; cspViolations: string[] }> {
  const page = await browser.context.newPage();
  const requests: string[] = [];
  const cspViolations: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  return { page, requests, cspViolations };
}

const position = (page: Page) => page.locator('#position').textContent();
const waitForStatus = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) =>
      new RegExp(source).test(
        (globalThis as unknown as PageGlobals).document.getElementById('save-status')?.textContent ?? '',
      ),
    pattern.source,
  );

const isPng = (file: string): boolean =>
  readFileSync(file)
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

describe('viewer in Chromium: server mode', () => {
  const ws = writeGoldenWorkspace({ bigTextBytes: 2000 });
  const target = resolveViewTarget(ws.root);
  const previous = resolvePreviousTarget(target, undefined);
  let server: ViewerServer;
  beforeAll(async () => {
    server = await startViewerServer({
      port: 0,
      feedbackDir: ws.iteration2,
      page: async () => buildPage(await collectViewerData(target, { previous, mode: 'server' })),
      contentSecurityPolicy: contentSecurityPolicy('server'),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loads, shows outputs safely, moves with the arrow keys, autosaves feedback that survives a reload, and submits', async () => {
    const { page, cspViolations } = await openPage();
    await page.goto(server.url);
    expect(await position(page)).toBe('1/4');
    expect(await page.locator('#run-title').textContent()).toBe('ocean');
    // Agent output holding HTML and script is shown as text; none of it ran (the Markdown, the .html file, the SVG).
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__pwned)).toBeUndefined();
    expect(await page.locator('.output pre code', { hasText: '<script>window.__pwned = 1</script>' }).count()).toBe(1);
    expect(await page.locator('.markdown strong').first().textContent()).toBe('tides');
    expect(
      await page
        .locator('img[alt="Output image chart.png"]')
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(2);
    expect(await page.locator('a[download="summary.pdf"]').count()).toBe(1);
    expect(await page.locator('details.previous summary').textContent()).toBe('Previous output (iteration-1)');
    expect(await page.locator('.previous-feedback').textContent()).toBe('too short, no tides');
    mkdirSync(ARTEFACTS, { recursive: true });
    const shot = path.join(ARTEFACTS, 'viewer-outputs.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(isPng(shot)).toBe(true);

    await page.locator('body').press('ArrowRight');
    expect(await position(page)).toBe('2/4');
    expect(await page.locator('.notice.infra').textContent()).toContain(
      'Infrastructure error: the run did not complete',
    );
    expect(await page.locator('.notice.infra').textContent()).toContain('api_error (HTTP 529): overloaded');

    await page.locator('#feedback').fill('baseline never ran: rerun it');
    // Arrow keys in the text box move the caret, not the run.
    await page.locator('#feedback').press('ArrowLeft');
    expect(await position(page)).toBe('2/4');
    await waitForStatus(page, /^Saved /);
    const saved = JSON.parse(readFileSync(path.join(ws.iteration2, 'feedback.json'), 'utf8'));
    expect(saved.reviews).toEqual([
      { run_id: 'eval-0-without_skill-run-1', feedback: 'baseline never ran: rerun it', timestamp: expect.any(String) },
    ]);

    await page.reload();
    expect(await position(page)).toBe('2/4');
    expect(await page.locator('#feedback').inputValue()).toBe('baseline never ran: rerun it');

    await page.locator('#submit').click();
    await waitForStatus(page, /^All reviews submitted/);
    const submitted = JSON.parse(readFileSync(path.join(ws.iteration2, 'feedback.json'), 'utf8'));
    expect(submitted.status).toBe('complete');
    expect(submitted.reviews.map((r: { run_id: string }) => r.run_id).sort()).toEqual([
      'eval-0-with_skill-run-1',
      'eval-0-without_skill-run-1',
      'eval-1-with_skill-run-1',
      'eval-2-without_skill',
    ]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it('the Benchmark tab shows the delta with its interval, the tables and the notes (as text)', async () => {
    const { page } = await openPage();
    await page.goto(server.url);
    await page.locator('#tab-benchmark').click();
    expect(await page.locator('#panel-outputs').isHidden()).toBe(true);
    expect(await page.locator('.delta').textContent()).toBe(
      'Delta with_skill − without_skill: pass rate +0.50 (95% CI -0.25 to +1.00), time +13.0 s, tokens +1100',
    );
    expect(await page.locator('#panel-benchmark td.mixed').first().textContent()).toBe('1/2');
    expect(await page.locator('#panel-benchmark li').first().textContent()).toContain(
      '</script><script>window.__pwned = 3</script>',
    );
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__pwned)).toBeUndefined();
    // Arrow keys do not move runs while the benchmark is shown.
    await page.locator('body').press('ArrowRight');
    await page.locator('#tab-outputs').click();
    expect(await position(page)).toBe('1/4');
    await page.locator('#tab-benchmark').click();
    const shot = path.join(ARTEFACTS, 'viewer-benchmark.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(isPng(shot)).toBe(true);
    await page.close();
  });
});

describe('viewer in Chromium: static file', () => {
  const ws = writeGoldenWorkspace({ bigTextBytes: 2000 });
  const file = path.join(ws.root, 'review.html');

  it('opens from file:// with no network request, and keeps feedback in localStorage across a reload', async () => {
    const target = resolveViewTarget(ws.root);
    const data = await collectViewerData(target, {
      previous: resolvePreviousTarget(target, undefined),
      mode: 'static',
    });
    writeFileSync(file, buildPage(data));
    const { page, requests, cspViolations } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pathToFileURL(file).href);
    expect(await position(page)).toBe('1/4');
    await page.locator('body').press('ArrowRight');
    await page.locator('body').press('ArrowRight');
    expect(await position(page)).toBe('3/4');
    await page.locator('#feedback').fill('reef output is fine');
    await waitForStatus(page, /^Saved in this browser$/);
    await page.reload();
    expect(await position(page)).toBe('3/4');
    expect(await page.locator('#feedback').inputValue()).toBe('reef output is fine');
    const stored = await page.evaluate(
      (key) => (globalThis as unknown as PageGlobals).localStorage.getItem(key),
      `plugin-eval-view:${data.storageKey}`,
    );
    expect(JSON.parse(stored!).reviews).toEqual([
      { run_id: 'eval-1-with_skill-run-1', feedback: 'reef output is fine', timestamp: expect.any(String) },
    ]);
    // At phone width nothing is wider than the screen.
    expect(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    const shot = path.join(ARTEFACTS, 'viewer-static-phone.png');
    await page.screenshot({ path: shot });
    expect(isPng(shot)).toBe(true);
    // Only the file itself, its data: URIs, and the browser's own built-in PDF viewer (chrome:, chrome-extension:,
    // loaded from inside the browser) for the PDF output: nothing went to the network.
    expect(requests.filter((url) => !/^(file|data|chrome|chrome-extension):/.test(url))).toEqual([]);
    expect(requests.some((url) => url.startsWith('file:'))).toBe(true);
    // The PDF output is shown: the browser's PDF viewer was loaded into its frame.
    expect(requests.some((url) => url.startsWith('chrome-extension://'))).toBe(true);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
