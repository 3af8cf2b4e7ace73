/** The summary list and the badge bars above the skills table. */
import type { DashboardData } from '../model.js';
import { byId, el, plural } from '../../viewer/browser/dom.js';

export function renderSummary(data: DashboardData): void {
  const s = data.summary;
  const items: [string, string][] = [
    ['Skills', String(s.skills) + (s.plugins ? ` (+${plural(s.plugins, 'plugin')})` : '')],
    ['Mean composite', s.meanComposite],
    ['Mean coverage', s.meanCoverage],
    ['Run status', s.status],
    ['Partial results', String(s.partial)],
    ['Reused results', String(s.reused)],
    ['Skills with unmeasured dimensions', String(s.unmeasuredSkills)],
    ['Could not be scored', String(s.failures)],
  ];
  const list = byId('summary-list');
  for (const [term, value] of items) list.append(el('div', {}, [el('dt', { text: term }), el('dd', { text: value })]));
  byId('summary-how').textContent = `Scored ${s.scoredAt} with ${s.how}. plugin-eval ${s.toolVersion}, run ${s.runId}.`;
  const note = byId('summary-note');
  if (s.statusNote) note.append(el('p', { className: 'note', text: s.statusNote }));
  if (s.unmeasuredCells > 0) {
    note.append(
      el('p', {
        className: 'muted',
        text:
          `${plural(s.unmeasuredCells, 'dimension score')} not measured: shown as "not measured", never as 0, and ` +
          `left out of the composite's weight.`,
      }),
    );
  }
  if (data.failures.length > 0) {
    const failures = el(
      'ul',
      {},
      data.failures.map((f) => el('li', { text: `${f.path}: ${f.reason}` })),
    );
    note.append(el('p', { text: 'Could not be scored (not counted as results):' }), failures);
  }
  if (data.discovery.length > 0) {
    // A plugin the marketplace lists but that was not scored appears in no row: said here.
    const found = el(
      'ul',
      {},
      data.discovery.map((d) => el('li', { text: `${d.where}  ${d.severity}  ${d.rule}  ${d.message}` })),
    );
    const anyError = data.discovery.some((d) => d.severity === 'error');
    note.append(
      el('p', {
        className: anyError ? 'note' : null,
        text: 'Found while discovering targets (a plugin listed but not scored is in no row):',
      }),
      found,
    );
  }
}

export function renderBadges(data: DashboardData): void {
  const total = data.skills.length || 1;
  const list = byId('badge-bars');
  for (const b of data.badges) {
    const fill = el('div', { className: 'bar-fill' });
    // Set through the style object, which the page's policy allows (a style attribute it would block).
    fill.style.width = `${(100 * b.count) / total}%`;
    list.append(
      el('li', {}, [
        el('span', { text: b.label }),
        el('div', { className: 'bar-track', 'aria-hidden': 'true' }, [fill]),
        el('span', { className: 'num', text: String(b.count) }),
      ]),
    );
  }
}
