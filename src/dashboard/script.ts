/**
 * The dashboard's script, inlined in the page (the Content-Security-Policy allows exactly this text by its hash).
 * It reads the embedded data and builds everything with createElement and textContent: every string that came
 * from a skill (names, evidence, tips, diagnostics) is untrusted and is never parsed as HTML.
 *
 * Plain JavaScript in a String.raw literal (no backticks, no dollar-brace) so it ships exactly as written;
 * test/dashboard/browser.test.ts exercises it.
 */
import { DASHBOARD_CHARTS } from './script-charts.js';

const DASHBOARD_MAIN = String.raw`
  var data = JSON.parse(document.getElementById('dashboard-data').textContent);
  var dims = data.dimensions;
  // Rows drawn at once: sorting and filtering see every result, the DOM holds a page of them (a marketplace of
  // thousands stays quick to sort); "Show more" draws the next page.
  var PAGE = 250;
  var state = { key: 'composite', dir: 'descending', text: '', badge: '', limit: PAGE };
  var opener = null;

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      var value = props[key];
      if (value === undefined || value === null || value === false) return;
      if (key === 'text') node.textContent = value;
      else if (key === 'className') node.className = value;
      else node.setAttribute(key, value === true ? '' : value);
    });
    (children || []).forEach(function (child) { if (child) node.append(child); });
    return node;
  }
  function byId(id) { return document.getElementById(id); }
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  function renderSummary() {
    var s = data.summary;
    var items = [
      ['Skills', String(s.skills) + (s.plugins ? ' (+' + plural(s.plugins, 'plugin') + ')' : '')],
      ['Mean composite', s.meanComposite],
      ['Mean coverage', s.meanCoverage],
      ['Run status', s.status],
      ['Partial results', String(s.partial)],
      ['Reused results', String(s.reused)],
      ['Skills with unmeasured dimensions', String(s.unmeasuredSkills)],
      ['Could not be scored', String(s.failures)]
    ];
    var list = byId('summary-list');
    items.forEach(function (item) {
      list.append(el('div', {}, [el('dt', { text: item[0] }), el('dd', { text: item[1] })]));
    });
    byId('summary-how').textContent = 'Scored ' + s.scoredAt + ' with ' + s.how + '. plugin-eval ' + s.toolVersion + ', run ' + s.runId + '.';
    if (s.statusNote) byId('summary-note').append(el('p', { className: 'note', text: s.statusNote }));
    if (s.unmeasuredCells > 0) byId('summary-note').append(el('p', { className: 'muted', text: plural(s.unmeasuredCells, 'dimension score') + ' not measured: shown as "not measured", never as 0, and left out of the composite\'s weight.' }));
    if (data.failures.length > 0) {
      var failures = el('ul', {});
      data.failures.forEach(function (f) { failures.append(el('li', { text: f.path + ': ' + f.reason })); });
      byId('summary-note').append(el('p', { text: 'Could not be scored (not counted as results):' }), failures);
    }
    if (data.discovery.length > 0) {
      // A plugin the marketplace lists but that was not scored appears in no row: said here.
      var found = el('ul', {});
      data.discovery.forEach(function (d) { found.append(el('li', { text: d.where + '  ' + d.severity + '  ' + d.rule + '  ' + d.message })); });
      byId('summary-note').append(el('p', { className: data.discovery.some(function (d) { return d.severity === 'error'; }) ? 'note' : null, text: 'Found while discovering targets (a plugin listed but not scored is in no row):' }), found);
    }
  }

  function renderBadges() {
    var total = data.skills.length || 1;
    var list = byId('badge-bars');
    data.badges.forEach(function (b) {
      var fill = el('div', { className: 'bar-fill' });
      fill.style.width = (100 * b.count / total) + '%';
      list.append(el('li', {}, [
        el('span', { text: b.label }),
        el('div', { className: 'bar-track', 'aria-hidden': 'true' }, [fill]),
        el('span', { className: 'num', text: String(b.count) })
      ]));
    });
  }

  function columns() {
    var cols = [
      { key: 'name', label: 'Skill', first: 'ascending', value: function (s) { return s.name.toLowerCase(); } },
      { key: 'composite', label: 'Composite', first: 'descending', value: function (s) { return s.composite; } },
      { key: 'badge', label: 'Badge', first: 'descending', value: function (s) { return 4 - s.badgeRank; } },
      { key: 'elo', label: 'Elo', first: 'descending', value: function (s) { return s.elo; } },
      { key: 'coverage', label: 'Coverage', first: 'descending', value: function (s) { return s.coverage; } }
    ];
    dims.forEach(function (d, i) {
      cols.push({ key: d.name, label: d.short, full: d.label, first: 'descending', value: function (s) { return s.cells[i].score; } });
    });
    return cols;
  }
  var COLUMNS = columns();

  function sortedSkills() {
    var col = COLUMNS.filter(function (c) { return c.key === state.key; })[0];
    var sign = state.dir === 'ascending' ? 1 : -1;
    var text = state.text.trim().toLowerCase();
    var rows = data.skills.filter(function (s) {
      if (state.badge && s.badge !== state.badge) return false;
      return !text || s.name.toLowerCase().indexOf(text) >= 0 || s.path.toLowerCase().indexOf(text) >= 0;
    });
    return rows.sort(function (a, b) {
      var x = col.value(a), y = col.value(b);
      // Unmeasured (null) sorts last in either direction: it is not a low score.
      if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : (x === null ? 1 : -1);
      if (typeof x === 'string') return sign * x.localeCompare(y) || a.path.localeCompare(b.path);
      return sign * (x - y) || a.name.localeCompare(b.name);
    });
  }

  function renderHead() {
    var row = byId('skills-head');
    row.textContent = '';
    COLUMNS.forEach(function (c, i) {
      var sorted = state.key === c.key;
      var button = el('button', { type: 'button', 'data-sort': c.key, title: c.full ? 'Sort by ' + c.full : null, text: c.label });
      // The accessible name starts with the visible short label (WCAG 2.5.3), then says the dimension in full.
      if (c.full) button.setAttribute('aria-label', c.label + ' (' + c.full + ')');
      button.addEventListener('click', function () {
        if (state.key === c.key) state.dir = state.dir === 'ascending' ? 'descending' : 'ascending';
        else { state.key = c.key; state.dir = c.first; }
        state.limit = PAGE;
        render();
        byId('skills-head').querySelector('[data-sort="' + c.key + '"]').focus();
      });
      row.append(el('th', { scope: 'col', 'aria-sort': sorted ? state.dir : 'none', className: i > 0 ? 'num' : null }, [button]));
      if (i === 0) row.append(el('th', { scope: 'col', text: 'Trend' }));
    });
  }

  function nameCell(s) {
    var button = el('button', { type: 'button', 'aria-haspopup': 'dialog', 'data-skill': s.id, text: s.name });
    button.addEventListener('click', function () { openDetail(s, button); });
    var flags = [];
    if (s.partial) flags.push(el('span', { className: 'flag flag-partial', text: 'partial' }));
    if (s.reused) flags.push(el('span', { className: 'flag flag-reused', text: 'reused' }));
    return el('td', { className: 'name' }, [button].concat(flags, [el('div', { className: 'muted', text: s.path })]));
  }

  function renderTable(rows) {
    var body = byId('skills-body');
    var fragment = document.createDocumentFragment();
    rows.forEach(function (s) {
      var tr = el('tr', { 'data-id': s.id }, [
        nameCell(s),
        el('td', {}, [sparkline(s.history, s.detail.trendText)]),
        el('td', { className: 'num composite', text: s.compositeText }),
        el('td', {}, [el('span', { className: 'badge badge-' + s.badge, text: s.badgeLabel })]),
        el('td', { className: 'num', text: s.eloText }),
        el('td', { className: 'num', text: s.coverageText })
      ]);
      s.cells.forEach(function (cell) { tr.append(el('td', { className: 'num', text: cell.text })); });
      fragment.append(tr);
    });
    body.textContent = '';
    body.append(fragment);
  }

  function renderHeat(rows) {
    var body = byId('heat-body');
    var fragment = document.createDocumentFragment();
    rows.forEach(function (s) {
      var tr = el('tr', {}, [el('th', { scope: 'row', className: 'rowhead', text: s.name })]);
      s.cells.forEach(function (cell, i) {
        tr.append(el('td', { className: 'cell heat-' + cell.bin, title: dims[i].label + ': ' + cell.text, text: cell.text }));
      });
      fragment.append(tr);
    });
    body.textContent = '';
    body.append(fragment);
  }

  function render() {
    var rows = sortedSkills();
    var shown = rows.slice(0, state.limit);
    renderHead();
    renderTable(shown);
    renderHeat(shown);
    var col = COLUMNS.filter(function (c) { return c.key === state.key; })[0];
    var count = rows.length + ' of ' + plural(data.skills.length, 'result') + ' shown, sorted by ' + (col.full || col.label) + ' ' + state.dir + '.';
    if (shown.length < rows.length) count += ' The first ' + shown.length + ' are listed; use Show more or the filter for the rest.';
    byId('result-count').textContent = count;
    var more = byId('show-more');
    more.hidden = shown.length >= rows.length;
    more.textContent = 'Show ' + Math.min(PAGE, rows.length - shown.length) + ' more (' + (rows.length - shown.length) + ' not listed)';
  }

  function renderControls() {
    var select = byId('filter-badge');
    data.badges.forEach(function (b) { select.append(el('option', { value: b.badge, text: b.label + ' (' + b.count + ')' })); });
    select.addEventListener('change', function () { state.badge = select.value; state.limit = PAGE; render(); });
    var input = byId('filter-text');
    input.addEventListener('input', function () { state.text = input.value; state.limit = PAGE; render(); });
    byId('show-more').addEventListener('click', function () { state.limit += PAGE; render(); });
    var head = byId('heat-head');
    head.append(el('th', { scope: 'col', text: 'Skill' }));
    dims.forEach(function (d) { head.append(el('th', { scope: 'col', text: d.short, title: d.label, 'aria-label': d.short + ' (' + d.label + ')' })); });
  }
`;

const DASHBOARD_START = String.raw`
  renderSummary();
  renderBadges();
  renderControls();
  render();
  // Focus goes back to the button that opened the drill-down (or its row's new button, if the table was redrawn).
  byId('detail').addEventListener('close', function () {
    if (!opener) return;
    var target = opener.isConnected ? opener : document.querySelector('[data-skill="' + opener.getAttribute('data-skill') + '"]');
    if (target) target.focus();
  });
  byId('detail-close').addEventListener('click', function () { byId('detail').close(); });
`;

export const DASHBOARD_SCRIPT = `(function () {\n  'use strict';\n${DASHBOARD_MAIN}${DASHBOARD_CHARTS}${DASHBOARD_START}})();\n`;
