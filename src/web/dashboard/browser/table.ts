/**
 * The skills table and the heat map: sorted and filtered over every result, drawn a page of rows at a time (a
 * marketplace of thousands stays quick to sort); "Show more" draws the next page.
 */
import type { DashboardData, SkillRow } from '../model.js';
import { byId, el, plural } from '../../viewer/browser/dom.js';
import { sparkline } from './charts.js';
import { openDetail } from './detail.js';

const PAGE = 250;

type Direction = 'ascending' | 'descending';

interface Column {
  key: string;
  label: string;
  /** The dimension in full, for a column whose label is short. */
  full?: string;
  first: Direction;
  value(s: SkillRow): string | number | null;
}

function columns(data: DashboardData): Column[] {
  const cols: Column[] = [
    { key: 'name', label: 'Skill', first: 'ascending', value: (s) => s.name.toLowerCase() },
    { key: 'composite', label: 'Composite', first: 'descending', value: (s) => s.composite },
    { key: 'badge', label: 'Badge', first: 'descending', value: (s) => 4 - s.badgeRank },
    { key: 'elo', label: 'Elo', first: 'descending', value: (s) => s.elo },
    { key: 'coverage', label: 'Coverage', first: 'descending', value: (s) => s.coverage },
  ];
  data.dimensions.forEach((d, i) =>
    cols.push({
      key: d.name,
      label: d.short,
      full: d.label,
      first: 'descending',
      value: (s) => s.cells[i]?.score ?? null,
    }),
  );
  return cols;
}

export function skillsTable(data: DashboardData): { render(): void; wireControls(): void } {
  const dims = data.dimensions;
  const state = { key: 'composite', dir: 'descending' as Direction, text: '', badge: '', limit: PAGE };
  const COLUMNS = columns(data);
  const current = (): Column => COLUMNS.find((c) => c.key === state.key) ?? COLUMNS[0]!;

  function sortedSkills(): SkillRow[] {
    const col = current();
    const sign = state.dir === 'ascending' ? 1 : -1;
    const text = state.text.trim().toLowerCase();
    const rows = data.skills.filter((s) => {
      if (state.badge && s.badge !== state.badge) return false;
      return !text || s.name.toLowerCase().includes(text) || s.path.toLowerCase().includes(text);
    });
    return rows.sort((a, b) => {
      // By composite, low coverage and not scored rank after the measured results in either direction.
      if (col.key === 'composite' && a.rankGroup !== b.rankGroup) return a.rankGroup - b.rankGroup;
      const x = col.value(a);
      const y = col.value(b);
      // Unmeasured (null) sorts last in either direction: it is not a low score.
      if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
      if (typeof x === 'string') return sign * x.localeCompare(String(y)) || a.path.localeCompare(b.path);
      return sign * (x - Number(y)) || a.name.localeCompare(b.name);
    });
  }

  function renderHead(): void {
    const row = byId('skills-head');
    row.textContent = '';
    COLUMNS.forEach((c, i) => {
      const sorted = state.key === c.key;
      const button = el('button', {
        type: 'button',
        'data-sort': c.key,
        title: c.full ? `Sort by ${c.full}` : null,
        text: c.label,
      });
      // The accessible name starts with the visible short label (WCAG 2.5.3), then says the dimension in full.
      if (c.full) button.setAttribute('aria-label', `${c.label} (${c.full})`);
      button.addEventListener('click', () => {
        if (state.key === c.key) state.dir = state.dir === 'ascending' ? 'descending' : 'ascending';
        else {
          state.key = c.key;
          state.dir = c.first;
        }
        state.limit = PAGE;
        render();
        byId('skills-head').querySelector<HTMLElement>(`[data-sort="${c.key}"]`)?.focus();
      });
      row.append(
        el('th', { scope: 'col', 'aria-sort': sorted ? state.dir : 'none', className: i > 0 ? 'num' : null }, [button]),
      );
      if (i === 0) row.append(el('th', { scope: 'col', text: 'Trend' }));
    });
  }

  function nameCell(s: SkillRow): HTMLElement {
    const button = el('button', { type: 'button', 'aria-haspopup': 'dialog', 'data-skill': s.id, text: s.name });
    button.addEventListener('click', () => openDetail(s, button));
    return el('td', { className: 'name' }, [
      button,
      s.partial && el('span', { className: 'flag flag-partial', text: 'partial' }),
      s.reused && el('span', { className: 'flag flag-reused', text: 'reused' }),
      s.coverageFlag ? el('span', { className: 'flag flag-coverage', text: s.coverageFlag }) : null,
      el('div', { className: 'muted', text: s.path }),
    ]);
  }

  function renderTable(rows: readonly SkillRow[]): void {
    const fragment = document.createDocumentFragment();
    for (const s of rows) {
      const tr = el('tr', { 'data-id': s.id }, [
        nameCell(s),
        el('td', {}, [sparkline(s.history, s.detail.trendText)]),
        el('td', { className: 'num composite', text: s.compositeText }),
        el('td', {}, [el('span', { className: `badge badge-${s.badge}`, text: s.badgeLabel })]),
        el('td', { className: 'num', text: s.eloText }),
        el('td', { className: 'num', text: s.coverageText }),
      ]);
      for (const cell of s.cells) tr.append(el('td', { className: 'num', text: cell.text }));
      fragment.append(tr);
    }
    byId('skills-body').replaceChildren(fragment);
  }

  function renderHeat(rows: readonly SkillRow[]): void {
    const fragment = document.createDocumentFragment();
    for (const s of rows) {
      const tr = el('tr', {}, [el('th', { scope: 'row', className: 'rowhead', text: s.name })]);
      s.cells.forEach((cell, i) =>
        tr.append(
          el('td', {
            className: `cell heat-${cell.bin}`,
            title: `${dims[i]?.label ?? ''}: ${cell.text}`,
            text: cell.text,
          }),
        ),
      );
      fragment.append(tr);
    }
    byId('heat-body').replaceChildren(fragment);
  }

  function render(): void {
    const rows = sortedSkills();
    const shown = rows.slice(0, state.limit);
    renderHead();
    renderTable(shown);
    renderHeat(shown);
    const col = current();
    let count = `${rows.length} of ${plural(data.skills.length, 'result')} shown, sorted by ${col.full ?? col.label} ${state.dir}.`;
    if (shown.length < rows.length)
      count += ` The first ${shown.length} are listed; use Show more or the filter for the rest.`;
    byId('result-count').textContent = count;
    const more = byId('show-more');
    more.hidden = shown.length >= rows.length;
    more.textContent = `Show ${Math.min(PAGE, rows.length - shown.length)} more (${rows.length - shown.length} not listed)`;
  }

  function wireControls(): void {
    const select = byId<HTMLSelectElement>('filter-badge');
    for (const b of data.badges) select.append(el('option', { value: b.badge, text: `${b.label} (${b.count})` }));
    select.addEventListener('change', () => {
      state.badge = select.value;
      state.limit = PAGE;
      render();
    });
    const input = byId<HTMLInputElement>('filter-text');
    input.addEventListener('input', () => {
      state.text = input.value;
      state.limit = PAGE;
      render();
    });
    byId('show-more').addEventListener('click', () => {
      state.limit += PAGE;
      render();
    });
    const head = byId('heat-head');
    head.append(el('th', { scope: 'col', text: 'Skill' }));
    for (const d of dims)
      head.append(el('th', { scope: 'col', text: d.short, title: d.label, 'aria-label': `${d.short} (${d.label})` }));
  }

  return { render, wireControls };
}
