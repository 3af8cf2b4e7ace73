/**
 * Every kind of page the tool writes or serves, in Chromium: its Content-Security-Policy must not block its own
 * script or style. A policy that did would leave the viewer and the dashboard blank (their content is built by the
 * script) and the reports unstyled, while every string test still passed. Violations are caught two ways: the
 * page's securitypolicyviolation events (listened for before any of the page runs) and Chromium's console report.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDashboard } from '../../src/web/dashboard/index.js';
import { renderOptimizeHtml } from '../../src/evals/optimise/optimize-report.js';
import { OptimizeResults } from '../../src/evals/schemas/optimize-results.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { collectViewerData, resolvePreviousTarget, resolveViewTarget } from '../../src/web/viewer/collect.js';
import { buildPage, contentSecurityPolicy } from '../../src/web/viewer/page.js';
import { startViewerServer, type ViewerServer } from '../../src/web/viewer/server.js';
import { marketplace } from '../dashboard/fixture.js';
import { manyResults, OPTIONS } from '../reporters/fixtures.js';
import { tempTree } from '../support/tmp.js';
import { launchChromium } from './chromium.js';
import { writeGoldenWorkspace } from './golden-workspace.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-page-policy-');
let browser: Awaited<ReturnType<typeof launchChromium>>;
let server: ViewerServer;
const ws = writeGoldenWorkspace();
const target = resolveViewTarget(ws.root);

beforeAll(async () => {
  server = await startViewerServer({
    port: 0,
    feedbackDir: ws.iteration2,
    page: async () =>
      buildPage(
        await collectViewerData(target, { previous: resolvePreviousTarget(target, undefined), mode: 'server' }),
      ),
    contentSecurityPolicy: contentSecurityPolicy('server'),
  });
  // Starting Chromium takes over 10 s (vitest's hook default) when the machine's two cores are busy.
  browser = await launchChromium();
}, HANG_LIMIT_MS);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const RECORD_VIOLATIONS = `
  globalThis.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => globalThis.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
`;

/** What a page callback reads, typed here because the project compiles without the DOM library. */
interface PageGlobals {
  __cspViolations: string[];
  getComputedStyle(node: unknown): { getPropertyValue(name: string): string };
  document: { querySelector(selector: string): unknown };
}

/** Opens `url` and reports every policy violation it raised. */
async function open(url: string): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.context.newPage();
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript({ content: RECORD_VIOLATIONS });
  await page.goto(url);
  await page.waitForLoadState('load');
  const events = await page.evaluate(() => (globalThis as unknown as PageGlobals).__cspViolations);
  return { page, violations: [...events, ...console] };
}

/** A computed style of the first element matching `selector`: proof the inline style sheet applied. */
const styleOf = (page: Page, selector: string, property: string): Promise<string> =>
  page.evaluate(
    ([s, p]) => {
      const g = globalThis as unknown as PageGlobals;
      return g.getComputedStyle(g.document.querySelector(s!)).getPropertyValue(p!);
    },
    [selector, property],
  );

const file = (name: string, html: string): string => pathToFileURL(tree.write(name, html)).href;

function optimizeResults(): OptimizeResults {
  const score = { passed: 1, failed: 0, errors: 0, total: 1, score: 1 };
  return OptimizeResults.parse({
    skill_name: 'demo',
    skill_path: 'skills/demo',
    status: 'measured',
    stop_reason: 'all train queries pass',
    original_description: 'Old.',
    original_test_score: 0.5,
    best_description: 'New.',
    best_iteration: 1,
    best_test_score: 1,
    improved: true,
    applied: false,
    settings: {
      holdout: 0.4,
      seed: 1,
      max_iterations: 1,
      runs_per_query: 1,
      threshold: 0.5,
      timeout_ms: 1000,
      runner: 'messages',
      simulated: true,
      agent_model: 'm',
      improver_model: 'm',
    },
    split: { train: [{ query: 'q1', should_trigger: true }], test: [{ query: 'q2', should_trigger: false }] },
    iterations: [
      {
        iteration: 1,
        status: 'evaluated',
        description: 'New.',
        chars: 4,
        train: score,
        test: score,
        results: [],
        agent_cost_usd: null,
      },
    ],
    cost: { agent_usd: null, improver_usd: null },
    warnings: [],
  });
}

describe('every page in Chromium: the policy allows its own script and style', () => {
  it('the review viewer, served: the script builds the page under the header and meta policy', async () => {
    const { page, violations } = await open(server.url);
    await page.locator('#position').waitFor();
    expect(violations).toEqual([]);
    expect(await page.locator('#tab-outputs').textContent()).toBe('Outputs');
    await page.close();
  });

  it('the review viewer, static file', async () => {
    const data = await collectViewerData(target, { mode: 'static' });
    const { page, violations } = await open(file('review.html', buildPage(data)));
    await page.locator('#position').waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('the dashboard', async () => {
    const { run, history } = await marketplace(3, { hostile: false });
    const { page, violations } = await open(
      file('dashboard.html', renderDashboard(run, { history, generatedAt: '2026-11-23T12:00:00.000Z' })),
    );
    await page.locator('#skills-body tr').first().waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('the HTML report (no script; its style applies)', async () => {
    const { page, violations } = await open(file('report.html', REPORTERS.html(manyResults(), OPTIONS)));
    expect(violations).toEqual([]);
    expect(await styleOf(page, '.bar', 'display')).toBe('inline-block');
    await page.close();
  });

  it('the description optimisation report (no script; its style applies)', async () => {
    const { page, violations } = await open(file('optimize.html', renderOptimizeHtml(optimizeResults())));
    expect(violations).toEqual([]);
    expect(await styleOf(page, '.banner', 'border-top-style')).toBe('solid');
    await page.close();
  });

  it('and the check sees a violation when a page script is not the one its policy allows', async () => {
    const data = await collectViewerData(target, { mode: 'static' });
    const tampered = buildPage(data).replace('<script>"use strict";', '<script>"use strict"; ');
    const { page, violations } = await open(file('tampered.html', tampered));
    expect(violations.join('\n')).toMatch(/script-src/);
    expect(await page.locator('#position').count()).toBe(0);
    await page.close();
  });
});
