/**
 * The description optimisation report: one self-contained HTML page (the frame in util/html-page.ts: inline CSS, no
 * script, nothing fetched), every piece of text escaped (descriptions and queries are user and model text). And the
 * text summary for the terminal.
 */
import { formatCost } from '../../providers/pricing.js';

/** A cost, or unknown: the warnings say why (a model without a price, replies without usage reported). */
const costOf = (usd: number | null): string => (usd === null ? 'unknown (the warnings say why)' : formatCost(usd));
import { escapeHtml, htmlPage } from '../../util/html-page.js';
import type { OptimizeIteration, OptimizeResults, SetScore } from '../schemas/optimize-results.js';

const scoreText = (s: SetScore | null): string => {
  if (s === null) return '-';
  return s.score === null
    ? `not measured (${s.errors} of ${s.total} queries errored)`
    : `${s.passed}/${s.total} (${s.score.toFixed(2)})`;
};

const SIMULATION = 'SIMULATION: the messages runner asked a model for routing decisions; no agent ran.';

function cell(r: OptimizeIteration['results'][number] | undefined): string {
  if (r === undefined) return '<td class="none">-</td>';
  const rate = r.trigger_rate === null ? 'n/a' : `${r.triggers}/${r.runs}`;
  const label = r.pass === null ? 'error' : r.pass ? 'pass' : 'fail';
  const errors = r.errors > 0 ? ` +${r.errors} err` : '';
  return (
    `<td class="${label}" ` +
    `title="${escapeHtml(r.error_messages.join('\n'))}">${label} ${escapeHtml(rate)}${errors}</td>`
  );
}

const OPTIMIZE_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;margin:1rem 0}
td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}.desc{max-width:50rem;white-space:pre-wrap}
.best{background:#eef8ee}.pass{background:#dff0d8}.fail{background:#f8d7da}.error{background:#fff3cd}.none{color:#999}
.banner{background:#fff3cd;border:1px solid #e0c36c;padding:.5rem}
`;

export function renderOptimizeHtml(results: OptimizeResults): string {
  const e = escapeHtml;
  const evaluated = results.iterations;
  const queries = [
    ...results.split.train.map((q) => ({ ...q, set: 'train' })),
    ...results.split.test.map((q) => ({ ...q, set: 'test' })),
  ];
  const rows = evaluated.map(
    (it) => `<tr${it.iteration === results.best_iteration ? ' class="best"' : ''}>
<td>${it.iteration}${it.iteration === results.best_iteration ? ' (best)' : ''}</td><td>${e(it.status)}${it.reason ? `: ${e(it.reason)}` : ''}</td>
<td>${e(scoreText(it.train))}</td><td>${e(scoreText(it.test))}</td><td>${it.chars}</td><td class="desc">${e(it.description)}</td></tr>`,
  );
  const grid = queries.map(
    (q) =>
      `<tr><td>${e(q.set)}</td><td>${q.should_trigger ? 'yes' : 'no'}</td><td class="desc">${e(q.query)}</td>${evaluated
        .map((it) =>
          it.status === 'evaluated' ? cell(it.results.find((r) => r.query === q.query)) : '<td class="none">-</td>',
        )
        .join('')}</tr>`,
  );
  return htmlPage({
    title: `Description optimisation: ${results.skill_name}`,
    style: OPTIMIZE_STYLE,
    body: [
      `${results.settings.simulated ? `<p class="banner">${e(SIMULATION)}</p>` : ''}
<h1>${e(`Description optimisation: ${results.skill_name}`)}</h1>
<p>${e(`${results.status === 'measured' ? 'Measured' : 'NOT MEASURED'}; stopped: ${results.stop_reason}. Best: iteration ${results.best_iteration}, test score ${results.best_test_score ?? 'n/a'} (original ${results.original_test_score ?? 'n/a'}); ${results.improved ? 'better than the original' : 'not better than the original'}${results.applied ? '; written into SKILL.md' : ''}.`)}</p>
<p>${e(`Runner ${results.settings.runner} (${results.settings.agent_model}), improver ${results.settings.improver_model}; ${results.settings.runs_per_query} runs per query, threshold ${results.settings.threshold}; split: ${results.split.train.length} train, ${results.split.test.length} test (holdout ${results.settings.holdout}, seed ${results.settings.seed}); agent cost ${costOf(results.cost.agent_usd)}, improver cost ${costOf(results.cost.improver_usd)}. The improver saw train results only.`)}</p>
<h2>Iterations</h2>
<table><tr><th>#</th><th>status</th><th>train</th><th>test</th><th>chars</th><th>description</th></tr>
${rows.join('\n')}</table>
<h2>Queries</h2>
<table><tr><th>set</th><th>should trigger</th><th>query</th>${evaluated.map((it) => `<th>${it.iteration}</th>`).join('')}</tr>
${grid.join('\n')}</table>
${results.warnings.length > 0 ? `<h2>Warnings</h2><ul>${results.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul>` : ''}`,
    ],
  });
}

export function renderOptimizeText(results: OptimizeResults, files: { dir: string }): string {
  const lines: string[] = [];
  if (results.settings.simulated) lines.push(SIMULATION, '');
  lines.push(
    `${results.skill_name}: description optimisation, ${results.split.train.length} train ` +
      `/ ${results.split.test.length} test queries (seed ${results.settings.seed})`,
    '',
  );
  for (const it of results.iterations) {
    const mark = it.iteration === results.best_iteration ? ' <- best' : '';
    lines.push(
      `${String(it.iteration).padStart(2)}. ${it.status === 'failed' ? `failed: ${it.reason ?? ''}` : `train ${scoreText(it.train)}, test ${scoreText(it.test)}`}${mark}`,
    );
    lines.push(`    ${JSON.stringify(it.description)}`);
  }
  lines.push('', `stopped: ${results.stop_reason}`);
  lines.push(
    results.status === 'not-measured'
      ? 'NOT MEASURED: the original description could not be scored on the test set; nothing was compared'
      : results.improved
        ? `best: iteration ${results.best_iteration}, test ${results.best_test_score?.toFixed(2)} vs ` +
          `original ${results.original_test_score?.toFixed(2)}`
        : 'no candidate beat the original on the test set',
  );
  lines.push(`agent cost ${costOf(results.cost.agent_usd)}, improver cost ${costOf(results.cost.improver_usd)}`);
  for (const w of results.warnings) lines.push(`warning: ${w}`);
  lines.push(`results: ${files.dir}/results.json, report: ${files.dir}/report.html`);
  if (results.settings.simulated) lines.push('', SIMULATION);
  return `${lines.join('\n')}\n`;
}
