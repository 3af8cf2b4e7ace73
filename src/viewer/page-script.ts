/**
 * The review page's script, inlined in the page (the CSP allows exactly this text by its hash). It reads the
 * embedded data and builds the page with createElement and textContent only: every string from the workspace is
 * untrusted (an agent can write any HTML or script into an output). The one exception is a Markdown file's HTML,
 * which renderMarkdown made from escaped text on the Node side.
 *
 * Plain JavaScript in a String.raw literal (no backticks, no dollar-brace) so it is shipped exactly as written;
 * the browser tests in test/viewer/ exercise it.
 */
export const PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('viewer-data').textContent);
  var runs = data.runs;
  var reviews = new Map();
  var status = data.feedback.status || 'in_progress';
  var storageName = 'plugin-eval-view:' + data.storageKey;
  data.feedback.reviews.forEach(function (r) { reviews.set(r.run_id, { feedback: r.feedback, timestamp: r.timestamp }); });
  if (data.mode === 'static') {
    try {
      var stored = JSON.parse(localStorage.getItem(storageName) || 'null');
      if (stored && Array.isArray(stored.reviews)) {
        stored.reviews.forEach(function (r) { if (r && typeof r.run_id === 'string' && typeof r.feedback === 'string') reviews.set(r.run_id, { feedback: r.feedback, timestamp: String(r.timestamp || '') }); });
        if (typeof stored.status === 'string') status = stored.status;
      }
    } catch (e) { /* unreadable storage: start from the embedded feedback */ }
  }

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      var value = props[key];
      if (value === undefined || value === null) return;
      if (key === 'text') node.textContent = value;
      else if (key === 'className') node.className = value;
      else node.setAttribute(key, value);
    });
    (children || []).forEach(function (child) { if (child) node.append(child); });
    return node;
  }
  function formatBytes(n) {
    if (n < 1024) return n + ' B';
    if (n < 1048576) return (n / 1024).toFixed(1) + ' KB';
    return (n / 1048576).toFixed(1) + ' MB';
  }

  var app = document.getElementById('app');
  var tabOutputs = el('button', { id: 'tab-outputs', role: 'tab', type: 'button', 'aria-controls': 'panel-outputs', text: 'Outputs' });
  var tabBenchmark = el('button', { id: 'tab-benchmark', role: 'tab', type: 'button', 'aria-controls': 'panel-benchmark', text: 'Benchmark' });
  var header = el('header', {}, [el('h1', { text: 'Review: ' + data.title }), el('div', { role: 'tablist', 'aria-label': 'Views' }, [tabOutputs, tabBenchmark])]);
  var panelOutputs = el('section', { id: 'panel-outputs', role: 'tabpanel', 'aria-labelledby': 'tab-outputs' });
  var panelBenchmark = el('section', { id: 'panel-benchmark', role: 'tabpanel', 'aria-labelledby': 'tab-benchmark' });
  var main = el('main', {}, data.problems.map(function (p) { return el('div', { className: 'notice problem', text: 'Could not read: ' + p }); }));
  main.append(panelOutputs, panelBenchmark);
  app.replaceChildren(header, main);

  function showTab(name) {
    var outputs = name === 'outputs';
    tabOutputs.setAttribute('aria-selected', String(outputs));
    tabBenchmark.setAttribute('aria-selected', String(!outputs));
    panelOutputs.hidden = !outputs;
    panelBenchmark.hidden = outputs;
  }
  tabOutputs.addEventListener('click', function () { showTab('outputs'); });
  tabBenchmark.addEventListener('click', function () { showTab('benchmark'); });

  // ---- Outputs tab ----
  var prevButton = el('button', { id: 'prev', type: 'button', text: '\u2190 Previous', 'aria-keyshortcuts': 'ArrowLeft' });
  var nextButton = el('button', { id: 'next', type: 'button', text: 'Next \u2192', 'aria-keyshortcuts': 'ArrowRight' });
  var position = el('span', { id: 'position', className: 'position', 'aria-live': 'polite' });
  var saveStatus = el('span', { id: 'save-status', className: 'muted', role: 'status' });
  var submitButton = el('button', { id: 'submit', type: 'button', className: 'primary', text: 'Submit all reviews' });
  var article = el('article', { id: 'run', 'aria-labelledby': 'run-title' });
  var textarea = el('textarea', { id: 'feedback', 'aria-describedby': 'feedback-help' });
  var help = el('p', { id: 'feedback-help', className: 'muted', text: data.mode === 'server' ? 'Saved to feedback.json as you type. Arrow keys move between runs when the text box is not focused.' : 'Saved in this browser as you type; "Submit all reviews" downloads feedback.json. Arrow keys move between runs when the text box is not focused.' });
  var previousFeedback = el('div', { id: 'previous-feedback' });
  var index = 0;

  if (runs.length === 0) {
    panelOutputs.append(el('p', { className: 'muted', text: 'No runs in this iteration.' }));
  } else {
    panelOutputs.append(
      el('div', { className: 'toolbar' }, [prevButton, position, nextButton, el('span', { className: 'spacer' }), saveStatus, submitButton]),
      article,
      el('label', { for: 'feedback', text: 'Your feedback on this run' }), textarea, help, previousFeedback);
  }

  function renderOutput(file) {
    var box = el('div', { className: 'output' }, [el('div', {}, [el('span', { className: 'output-name', text: file.name }), el('span', { className: 'muted', text: ' \u00b7 ' + formatBytes(file.bytes) })])]);
    if (file.note) box.append(el('p', { className: 'muted', text: file.note }));
    if (file.kind === 'text' && typeof file.text === 'string') box.append(el('pre', {}, [el('code', { text: file.text })]));
    else if (file.kind === 'markdown' && typeof file.html === 'string') {
      var md = el('div', { className: 'markdown' });
      md.innerHTML = file.html; // made by plugin-eval's renderMarkdown from escaped text
      box.append(md);
    } else if (file.kind === 'image' && file.dataUri) box.append(el('img', { src: file.dataUri, alt: 'Output image ' + file.name }));
    else if (file.kind === 'pdf' && file.dataUri) {
      box.append(el('iframe', { src: file.dataUri, title: 'PDF ' + file.name }));
      box.append(el('p', {}, [el('a', { href: file.dataUri, download: file.name.split('/').pop(), text: 'Download ' + file.name })]));
    } else if (file.kind === 'binary' && !file.note) box.append(el('p', { className: 'muted', text: 'Binary file: not shown.' }));
    return box;
  }
  function renderOutputs(files, into) {
    if (files.length === 0) into.append(el('p', { className: 'muted', text: 'No files in outputs/.' }));
    files.forEach(function (f) { into.append(renderOutput(f)); });
  }
  function renderGrades(grades, heading) {
    var box = el('details', { className: 'grades-box' }, [el('summary', { text: heading + ': ' + grades.passed + '/' + grades.total + ' passed' })]);
    var list = el('ul', { className: 'grades' });
    grades.expectations.forEach(function (g) {
      list.append(el('li', {}, [
        el('span', { className: 'badge ' + (g.passed ? 'pass' : 'fail'), text: g.passed ? 'PASS' : 'FAIL' }),
        document.createTextNode(' ' + g.text + (g.method ? ' (' + g.method + ')' : '')),
        el('p', { className: 'evidence', text: g.evidence })]));
    });
    box.append(list);
    return box;
  }

  function renderRun() {
    var run = runs[index];
    var head = el('div', { className: 'run-head' }, [
      el('h2', { id: 'run-title', text: run.evalName }),
      el('span', { className: 'badge' + (run.configuration === 'with_skill' ? ' with_skill' : ''), text: run.configuration }),
      el('span', { className: 'muted', text: 'run ' + run.runNumber + ' \u00b7 ' + run.id })]);
    article.replaceChildren(head);
    if (run.status.kind === 'infra') article.append(el('div', { className: 'notice infra', role: 'note', text: 'Infrastructure error: the run did not complete, so it says nothing about the skill and is not graded. ' + run.status.message }));
    run.problems.forEach(function (p) { article.append(el('div', { className: 'notice problem', text: 'Could not read: ' + p })); });
    article.append(el('h3', { text: 'Prompt' }));
    if (run.prompt === null) article.append(el('p', { className: 'muted', text: 'No prompt found (no eval_metadata.json, and no "## Eval Prompt" section in transcript.md).' }));
    else {
      article.append(el('pre', { className: 'prompt', text: run.prompt }));
      if (run.promptSource === 'transcript') article.append(el('p', { className: 'muted', text: 'From transcript.md.' }));
    }
    article.append(el('h3', { text: 'Outputs' }));
    renderOutputs(run.outputs, article);
    if (run.previous) {
      var prev = el('details', { className: 'previous' }, [el('summary', { text: 'Previous output (' + run.previous.source + ')' })]);
      renderOutputs(run.previous.outputs, prev);
      if (run.previous.grades) prev.append(el('p', { text: 'Grades then: ' + run.previous.grades.passed + '/' + run.previous.grades.total + ' passed' }));
      article.append(prev);
    }
    if (run.grades) article.append(renderGrades(run.grades, 'Formal grades'));
    else if (run.status.kind === 'ok') article.append(el('p', { className: 'muted', text: 'Not graded (no grading.json).' }));
    previousFeedback.replaceChildren();
    if (run.previous && run.previous.feedback !== null) {
      previousFeedback.append(el('h3', { text: 'Previous feedback (' + run.previous.source + ')' }), el('div', { className: 'previous-feedback', text: run.previous.feedback || '(empty: no complaints)' }));
    }
    var review = reviews.get(run.id);
    textarea.value = review ? review.feedback : '';
    position.textContent = (index + 1) + '/' + runs.length;
    prevButton.disabled = index === 0;
    nextButton.disabled = index === runs.length - 1;
  }

  // ---- Feedback: autosave 800 ms after typing stops; saves run one after another, in order ----
  var timer = null;
  var saving = Promise.resolve(true);
  function setStatus(text) { saveStatus.textContent = text; }
  function payload(everyRun) {
    var now = new Date().toISOString();
    if (everyRun) runs.forEach(function (r) { if (!reviews.has(r.id)) reviews.set(r.id, { feedback: '', timestamp: now }); });
    var list = [];
    reviews.forEach(function (v, id) { list.push({ run_id: id, feedback: v.feedback, timestamp: v.timestamp || now }); });
    return { reviews: list, status: status };
  }
  function store(body, keepalive) {
    if (data.mode === 'static') {
      try { localStorage.setItem(storageName, JSON.stringify(body)); setStatus('Saved in this browser'); return Promise.resolve(true); }
      catch (e) { setStatus('Not saved: ' + e.message); return Promise.resolve(false); }
    }
    setStatus('Saving\u2026');
    return fetch('/api/feedback', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: !!keepalive })
      .then(function (res) {
        if (!res.ok) return res.text().then(function (t) { throw new Error(t || ('HTTP ' + res.status)); });
        setStatus('Saved ' + new Date().toLocaleTimeString());
        return true;
      })
      .catch(function (e) { setStatus('Not saved: ' + e.message); return false; });
  }
  function save(everyRun, keepalive) {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    var body = payload(everyRun);
    saving = saving.then(function () { return store(body, keepalive); });
    return saving;
  }
  function flush(keepalive) { if (timer !== null) save(false, keepalive); }
  textarea.addEventListener('input', function () {
    reviews.set(runs[index].id, { feedback: textarea.value, timestamp: new Date().toISOString() });
    setStatus('Unsaved changes');
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(function () { timer = null; save(false); }, 800);
  });
  window.addEventListener('pagehide', function () { flush(true); });
  submitButton.addEventListener('click', function () {
    status = 'complete';
    save(true).then(function (ok) {
      if (!ok) return;
      if (data.mode === 'static') {
        var url = URL.createObjectURL(new Blob([JSON.stringify(payload(true), null, 2) + '\n'], { type: 'application/json' }));
        var link = el('a', { href: url, download: 'feedback.json' });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
        setStatus('All reviews submitted: feedback.json downloaded');
      } else setStatus('All reviews submitted to feedback.json');
    });
  });

  function go(i) {
    if (runs.length === 0) return;
    flush(false);
    index = Math.max(0, Math.min(runs.length - 1, i));
    renderRun();
    history.replaceState(null, '', '#' + encodeURIComponent(runs[index].id));
  }
  prevButton.addEventListener('click', function () { go(index - 1); });
  nextButton.addEventListener('click', function () { go(index + 1); });
  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || panelOutputs.hidden) return;
    var t = e.target;
    if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (e.key === 'ArrowLeft') { e.preventDefault(); go(index - 1); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); go(index + 1); }
  });

  // ---- Benchmark tab ----
  function renderTable(table) {
    var head = el('tr', {}, table.headers.map(function (h) { return el('th', { scope: 'col', text: h }); }));
    var body = el('tbody', {}, table.rows.map(function (row) {
      return el('tr', {}, row.map(function (cell) {
        return typeof cell === 'string' ? el('td', { text: cell }) : el('td', { className: cell.tone, text: cell.text });
      }));
    }));
    return el('div', { className: 'table-wrap' }, [el('table', {}, [el('caption', { text: table.caption }), el('thead', {}, [head]), body])]);
  }
  var bench = data.benchmark;
  if (!bench) panelBenchmark.append(el('p', { className: 'muted', text: 'No benchmark.json in this iteration.' }));
  else {
    panelBenchmark.append(el('h2', { text: 'Benchmark: ' + bench.skillName }));
    bench.delta.forEach(function (line) { panelBenchmark.append(el('p', { className: 'delta', text: line })); });
    panelBenchmark.append(renderTable(bench.summary));
    if (bench.perEval.length > 0) panelBenchmark.append(el('h3', { text: 'Per eval' }));
    bench.perEval.forEach(function (t) { panelBenchmark.append(renderTable(t)); });
    if (bench.grid.length > 0) panelBenchmark.append(el('h3', { text: 'Per expectation' }));
    bench.grid.forEach(function (t) { panelBenchmark.append(renderTable(t)); });
    if (bench.notes.length > 0) panelBenchmark.append(el('h3', { text: 'Analyst notes' }), el('ul', {}, bench.notes.map(function (n) { return el('li', { text: n }); })));
    bench.extras.forEach(function (t) { panelBenchmark.append(renderTable(t)); });
  }

  var fromHash = '';
  try { fromHash = decodeURIComponent(location.hash.slice(1)); } catch (e) { /* a hand-edited hash: start at the first run */ }
  var start = runs.findIndex(function (r) { return r.id === fromHash; });
  showTab(runs.length === 0 && bench ? 'benchmark' : 'outputs');
  go(start < 0 ? 0 : start);
})();
`;
