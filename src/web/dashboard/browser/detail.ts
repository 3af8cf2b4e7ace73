/** A skill's drill-down: a modal dialog with its tips, findings, gaps, dimensions and trend. */
import type { SkillRow } from '../model.js';
import { byId, el } from '../../viewer/browser/dom.js';
import { trendChart } from './charts.js';

/** The button that opened the dialog: focus goes back to it when the dialog closes. */
let opener: HTMLElement | null = null;

function section(title: string, items: readonly HTMLElement[], empty: string): HTMLElement[] {
  return [
    el('h3', { text: title }),
    items.length === 0 ? el('p', { className: 'muted', text: empty }) : el('ul', {}, items),
  ];
}

function detailBody(s: SkillRow): Element[] {
  const d = s.detail;
  const parts: Element[] = [];
  if (s.partial)
    parts.push(
      el('p', {
        className: 'note',
        text:
          'Partial: some layer failed to measure part of this result; it rests only on what was measured and ' +
          'passes no threshold.',
      }),
    );
  if (s.reused)
    parts.push(
      el('p', {
        className: 'note',
        text: 'Reused: taken from an earlier run (content and plan unchanged), not measured again by this run.',
      }),
    );
  // Whether the skill helps, when measured, before the form scores.
  if (d.uplift) parts.push(el('p', { text: d.uplift }));
  parts.push(el('p', { text: `Composite ${s.compositeText} \u00b7 ${s.badgeLabel}` }));
  parts.push(el('p', { className: 'muted', text: `${d.confidence}; ${d.coverage}; ${d.penalty}.` }));
  parts.push(el('p', { className: 'muted', text: s.path }));
  if (d.elo) {
    parts.push(el('h3', { text: 'Elo' }), el('p', { text: d.elo.summary }));
    for (const n of d.elo.notes) parts.push(el('p', { className: 'muted', text: n }));
  }
  parts.push(el('h3', { text: 'Trend' }));
  if (s.history.length > 0) parts.push(trendChart(s.history, 'trend-text'));
  parts.push(el('p', { id: 'trend-text', text: d.trendText }));
  const tips = d.tips.map((t) =>
    el('li', {}, [
      el('strong', { text: t.gain }),
      document.createTextNode(` \u00b7 ${t.subject}: ${t.action}`),
      t.example ? el('pre', { text: t.example }) : null,
    ]),
  );
  parts.push(...section('Tips, biggest gain first', tips, 'No tips: nothing found to improve.'));
  const findings = [
    ...d.diagnostics.map((x) =>
      el('li', {}, [el('code', { text: x.where }), document.createTextNode(` ${x.severity} ${x.rule}: ${x.message}`)]),
    ),
    ...d.antiPatterns.map((a) =>
      el('li', {}, [
        el('strong', { text: a.flag }),
        document.createTextNode(`${a.where ? ` at ${a.where}` : ''}: ${a.description}`),
      ]),
    ),
  ];
  parts.push(...section('Findings', findings, 'No diagnostics or anti-patterns.'));
  parts.push(
    ...section(
      'Measurement gaps',
      d.gaps.map((g) => el('li', { text: g })),
      'None: every layer that ran measured all it set out to.',
    ),
  );
  parts.push(el('h3', { text: 'Dimensions' }));
  for (const x of d.dimensions) {
    const items = [...x.notes.map((n) => el('li', { text: n })), ...x.evidence.map((e) => el('li', { text: e }))];
    parts.push(el('h4', { text: `${x.label}: ${x.text}${x.grade ? ` (${x.grade})` : ''}` }));
    parts.push(el('p', { className: 'muted', text: x.layers }));
    if (items.length > 0) parts.push(el('ul', {}, items));
  }
  return parts;
}

export function openDetail(s: SkillRow, button: HTMLElement): void {
  opener = button;
  byId('detail-title').textContent = s.name;
  byId('detail-body').replaceChildren(...detailBody(s));
  byId<HTMLDialogElement>('detail').showModal();
  byId('detail-close').focus();
}

export function wireDetailDialog(): void {
  const dialog = byId<HTMLDialogElement>('detail');
  // Focus goes back to the button that opened the drill-down (or its row's new button, if the table was redrawn).
  dialog.addEventListener('close', () => {
    if (!opener) return;
    const target = opener.isConnected
      ? opener
      : document.querySelector<HTMLElement>(`[data-skill="${opener.getAttribute('data-skill') ?? ''}"]`);
    target?.focus();
  });
  byId('detail-close').addEventListener('click', () => dialog.close());
}
