/**
 * The page script's trend charts and drill-down (part of DASHBOARD_SCRIPT, see ./script.ts). Charts are SVG
 * built with createElementNS; each has a text alternative that says every point in words, and marks where the
 * skill's content changed and which points were reused rather than measured.
 */
export const DASHBOARD_CHARTS = String.raw`
  var SVG = 'http://www.w3.org/2000/svg';
  function svgEl(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, String(attrs[key])); });
    return node;
  }

  // x, y of each point in a box; composites are 0-100, so the y scale is fixed and charts compare at a glance.
  function layout(points, width, height, pad) {
    var n = points.length;
    return points.map(function (p, i) {
      var x = n === 1 ? width / 2 : pad + (width - 2 * pad) * i / (n - 1);
      var y = height - pad - (height - 2 * pad) * Math.max(0, Math.min(100, p.composite)) / 100;
      return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, p: p };
    });
  }

  function drawPoints(svg, placed, height, radius) {
    placed.forEach(function (q) {
      if (q.p.contentChanged) svg.append(svgEl('line', { x1: q.x, x2: q.x, y1: 0, y2: height, 'class': 'change' }));
    });
    if (placed.length > 1) svg.append(svgEl('polyline', { points: placed.map(function (q) { return q.x + ',' + q.y; }).join(' '), 'class': 'line' }));
    placed.forEach(function (q) {
      svg.append(svgEl('circle', { cx: q.x, cy: q.y, r: radius, 'class': q.p.reused ? 'dot-reused' : 'dot' }));
    });
  }

  function sparkline(points, text) {
    if (points.length === 0) return el('span', { className: 'muted', text: 'no history' });
    var svg = svgEl('svg', { width: 84, height: 22, viewBox: '0 0 84 22', 'class': 'spark', role: 'img', 'aria-label': text });
    drawPoints(svg, layout(points, 84, 22, 3), 22, 1.8);
    return svg;
  }

  function trendChart(points, textId) {
    var width = 640, height = 200, pad = 28;
    var svg = svgEl('svg', { viewBox: '0 0 ' + width + ' ' + height, width: width, height: height, 'class': 'chart', role: 'img', 'aria-labelledby': textId, id: 'trend-chart' });
    [0, 50, 100].forEach(function (v) {
      var y = height - pad - (height - 2 * pad) * v / 100;
      svg.append(svgEl('line', { x1: pad, x2: width - pad, y1: y, y2: y, 'class': 'axis' }));
      var label = svgEl('text', { x: 2, y: y + 4 });
      label.textContent = String(v);
      svg.append(label);
    });
    var placed = layout(points, width, height, pad);
    drawPoints(svg, placed, height, 4);
    [placed[0], placed[placed.length - 1]].forEach(function (q, i) {
      if (i === 1 && placed.length === 1) return;
      var label = svgEl('text', { x: Math.min(width - 80, Math.max(pad, q.x - 30)), y: height - 6 });
      label.textContent = q.p.date;
      svg.append(label);
    });
    return svg;
  }

  function section(title, items, empty) {
    var nodes = [el('h3', { text: title })];
    if (items.length === 0) nodes.push(el('p', { className: 'muted', text: empty }));
    else nodes.push(el('ul', {}, items));
    return nodes;
  }

  function detailBody(s) {
    var d = s.detail;
    var parts = [];
    var flags = [];
    if (s.partial) flags.push('Partial: some layer failed to measure part of this result; it rests only on what was measured and passes no threshold.');
    if (s.reused) flags.push('Reused: taken from an earlier run (content and plan unchanged), not measured again by this run.');
    flags.forEach(function (f) { parts.push(el('p', { className: 'note', text: f })); });
    parts.push(el('p', { text: 'Composite ' + s.compositeText + ' · ' + s.badgeLabel }));
    parts.push(el('p', { className: 'muted', text: d.confidence + '; ' + d.coverage + '; ' + d.penalty + '.' }));
    parts.push(el('p', { className: 'muted', text: s.path }));
    if (d.elo) {
      parts.push(el('h3', { text: 'Elo' }), el('p', { text: d.elo.summary }));
      d.elo.notes.forEach(function (n) { parts.push(el('p', { className: 'muted', text: n })); });
    }
    parts.push(el('h3', { text: 'Trend' }));
    if (s.history.length > 0) parts.push(trendChart(s.history, 'trend-text'));
    parts.push(el('p', { id: 'trend-text', text: d.trendText }));
    parts = parts.concat(section('Tips, biggest gain first', d.tips.map(function (t) {
      return el('li', {}, [el('strong', { text: t.gain }), document.createTextNode(' · ' + t.subject + ': ' + t.action), t.example ? el('pre', { text: t.example }) : null]);
    }), 'No tips: nothing found to improve.'));
    parts = parts.concat(section('Findings', d.diagnostics.map(function (x) {
      return el('li', {}, [el('code', { text: x.where }), document.createTextNode(' ' + x.severity + ' ' + x.rule + ': ' + x.message)]);
    }).concat(d.antiPatterns.map(function (a) {
      return el('li', {}, [el('strong', { text: a.flag }), document.createTextNode((a.where ? ' at ' + a.where : '') + ': ' + a.description)]);
    })), 'No diagnostics or anti-patterns.'));
    parts = parts.concat(section('Measurement gaps', d.gaps.map(function (g) { return el('li', { text: g }); }), 'None: every layer that ran measured all it set out to.'));
    parts.push(el('h3', { text: 'Dimensions' }));
    d.dimensions.forEach(function (x) {
      var items = x.notes.map(function (n) { return el('li', { text: n }); }).concat(x.evidence.map(function (e) { return el('li', { text: e }); }));
      parts.push(el('h4', { text: x.label + ': ' + x.text + (x.grade ? ' (' + x.grade + ')' : '') }));
      parts.push(el('p', { className: 'muted', text: x.layers }));
      if (items.length > 0) parts.push(el('ul', {}, items));
    });
    return parts;
  }

  function openDetail(s, button) {
    opener = button;
    var dialog = byId('detail');
    byId('detail-title').textContent = s.name;
    var body = byId('detail-body');
    body.textContent = '';
    detailBody(s).forEach(function (node) { body.append(node); });
    dialog.showModal();
    byId('detail-close').focus();
  }
`;
