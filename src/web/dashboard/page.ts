/**
 * `renderDashboard(run, options)`: the marketplace dashboard as one self-contained HTML file. Style and script
 * are inline, the data is embedded as JSON (with `<`, `>`, `&`, U+2028/9 escaped, so nothing in it can close the
 * element), and no font, image or script is loaded from anywhere. The Content-Security-Policy allows this page's
 * own style and script by hash and nothing else: even a string that slipped through as markup could not run or
 * fetch anything.
 */
import type { ScoreRun } from '../../model/run.js';
import { escapeHtml, htmlPage, pageContentSecurityPolicy } from '../../util/html-page.js';
import { PAGE_SCRIPT as DASHBOARD_SCRIPT } from './page-script.js';
import { shapeDashboard, type DashboardOptions } from './shape.js';
import { DASHBOARD_STYLE } from './style.js';

export function dashboardContentSecurityPolicy(): string {
  return pageContentSecurityPolicy({ style: DASHBOARD_STYLE, script: DASHBOARD_SCRIPT });
}

/** The page's fixed markup: landmarks, headings and the empty regions the script fills. */
function body(title: string, generatedAt: string, meaning: string | null): string {
  return `<a class="sr-only skip" href="#skills">Skip to the skills table</a>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="muted">Generated ${escapeHtml(generatedAt)} by plugin-eval report.</p>
${meaning === null ? '' : `<p id="score-meaning">${escapeHtml(meaning)}</p>\n`}</header>
<main>
<noscript><p>This page needs JavaScript to show the results.</p></noscript>
<section aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>
<dl class="summary" id="summary-list"></dl>
<p class="muted" id="summary-how"></p>
<div id="summary-note"></div>
</section>
<section aria-labelledby="badges-h"><h2 id="badges-h">Badges</h2>
<ul class="bars" id="badge-bars"></ul>
</section>
<section aria-labelledby="skills-h" id="skills"><h2 id="skills-h">Skills</h2>
<div class="controls" role="search">
<div><label for="filter-text">Filter by name or path</label><input id="filter-text" type="search" autocomplete="off"></div>
<div><label for="filter-badge">Badge</label><select id="filter-badge"><option value="">All badges</option></select></div>
</div>
<p id="result-count" aria-live="polite" role="status"></p>
<div class="scroll" role="region" aria-labelledby="skills-h" tabindex="0">
<table id="skills-table"><caption class="sr-only">Skills; sort with the column buttons; open a skill's details with its name</caption>
<thead><tr id="skills-head"></tr></thead><tbody id="skills-body"></tbody></table>
</div>
<p><button type="button" id="show-more" hidden></button></p>
</section>
<section aria-labelledby="heat-h"><h2 id="heat-h">Dimension heat map</h2>
<p class="muted">Each cell is the dimension's score (0-1) as shown in reports; colour repeats the grade (A best, F worst). "not measured" means no layer measured it: it is not a 0.</p>
<ul class="legend" aria-label="Colour legend"><li class="heat-A">A ≥ 0.90</li><li class="heat-B">B 0.80-0.89</li><li class="heat-C">C 0.70-0.79</li><li class="heat-D">D 0.60-0.69</li><li class="heat-F">F &lt; 0.60</li><li class="heat-none">not measured</li></ul>
<div class="scroll" role="region" aria-labelledby="heat-h" tabindex="0">
<table class="heat" id="heat-table"><caption class="sr-only">Dimension scores per skill, in the skills table's order and filter</caption>
<thead><tr id="heat-head"></tr></thead><tbody id="heat-body"></tbody></table>
</div>
</section>
</main>
<footer class="muted"><p>Composite 0-100; dimensions 0-1. Unmeasured dimensions are left out of the composite's weight (see coverage).</p></footer>
<dialog id="detail" aria-labelledby="detail-title">
<div class="dialog-head"><h2 id="detail-title"></h2><button type="button" id="detail-close">Close</button></div>
<div class="dialog-body" id="detail-body"></div>
</dialog>`;
}

/** The whole dashboard page for one run (and the history of its targets). Pure: same input, same bytes. */
export function renderDashboard(run: ScoreRun, options: DashboardOptions): string {
  const data = shapeDashboard(run, options);
  return htmlPage({
    title: data.title,
    style: DASHBOARD_STYLE,
    script: DASHBOARD_SCRIPT,
    body: [body(data.title, data.generatedAt, data.summary.meaning)],
    data: { id: 'dashboard-data', value: data },
  });
}
