/** The benchmark tab: benchmark.json's tables, already shaped on the Node side (web/viewer/benchmark-view.ts). */
import type { BenchmarkView, TableView } from '../model.js';
import { el } from './dom.js';

function renderTable(table: TableView): HTMLElement {
  const head = el(
    'tr',
    {},
    table.headers.map((h) => el('th', { scope: 'col', text: h })),
  );
  const body = el(
    'tbody',
    {},
    table.rows.map((row) =>
      el(
        'tr',
        {},
        row.map((cell) =>
          typeof cell === 'string' ? el('td', { text: cell }) : el('td', { className: cell.tone, text: cell.text }),
        ),
      ),
    ),
  );
  return el('div', { className: 'table-wrap' }, [
    el('table', {}, [el('caption', { text: table.caption }), el('thead', {}, [head]), body]),
  ]);
}

export function renderBenchmark(bench: BenchmarkView | null, panel: HTMLElement): void {
  if (!bench) {
    panel.append(el('p', { className: 'muted', text: 'No benchmark.json in this iteration.' }));
    return;
  }
  panel.append(el('h2', { text: `Benchmark: ${bench.skillName}` }));
  for (const line of bench.delta) panel.append(el('p', { className: 'delta', text: line }));
  panel.append(renderTable(bench.summary));
  if (bench.perEval.length > 0) panel.append(el('h3', { text: 'Per eval' }));
  for (const t of bench.perEval) panel.append(renderTable(t));
  if (bench.grid.length > 0) panel.append(el('h3', { text: 'Per expectation' }));
  for (const t of bench.grid) panel.append(renderTable(t));
  if (bench.notes.length > 0)
    panel.append(
      el('h3', { text: 'Analyst notes' }),
      el(
        'ul',
        {},
        bench.notes.map((n) => el('li', { text: n })),
      ),
    );
  for (const t of bench.extras) panel.append(renderTable(t));
}
