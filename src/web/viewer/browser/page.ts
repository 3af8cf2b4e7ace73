/**
 * The review page's script (bundled by scripts/bundle-browser.mjs into ../page-script.ts and inlined in the page,
 * whose Content-Security-Policy allows exactly that text by its hash). It reads the embedded data and builds the
 * page with createElement and textContent only: every string from the workspace is untrusted (an agent can write
 * any HTML or script into an output). The one exception is a Markdown file's HTML, which renderMarkdown made from
 * escaped text on the Node side. The browser tests in test/viewer/ exercise it.
 */
import type { ViewerData } from '../model.js';
import { renderBenchmark } from './benchmark.js';
import { el, embeddedData } from './dom.js';
import { feedbackStore } from './feedback.js';
import { renderGrades, renderOutputs } from './outputs.js';

const data = embeddedData<ViewerData>('viewer-data');
const runs = data.runs;

const app = document.getElementById('app');
const tabOutputs = el('button', {
  id: 'tab-outputs',
  role: 'tab',
  type: 'button',
  'aria-controls': 'panel-outputs',
  text: 'Outputs',
});
const tabBenchmark = el('button', {
  id: 'tab-benchmark',
  role: 'tab',
  type: 'button',
  'aria-controls': 'panel-benchmark',
  text: 'Benchmark',
});
const header = el('header', {}, [
  el('h1', { text: `Review: ${data.title}` }),
  el('div', { role: 'tablist', 'aria-label': 'Views' }, [tabOutputs, tabBenchmark]),
]);
const panelOutputs = el('section', { id: 'panel-outputs', role: 'tabpanel', 'aria-labelledby': 'tab-outputs' });
const panelBenchmark = el('section', { id: 'panel-benchmark', role: 'tabpanel', 'aria-labelledby': 'tab-benchmark' });
const main = el(
  'main',
  {},
  data.problems.map((p) => el('div', { className: 'notice problem', text: `Could not read: ${p}` })),
);
main.append(panelOutputs, panelBenchmark);
app?.replaceChildren(header, main);

function showTab(name: 'outputs' | 'benchmark'): void {
  const outputs = name === 'outputs';
  tabOutputs.setAttribute('aria-selected', String(outputs));
  tabBenchmark.setAttribute('aria-selected', String(!outputs));
  panelOutputs.hidden = !outputs;
  panelBenchmark.hidden = outputs;
}
tabOutputs.addEventListener('click', () => showTab('outputs'));
tabBenchmark.addEventListener('click', () => showTab('benchmark'));

// ---- Outputs tab ----
const prevButton = el('button', {
  id: 'prev',
  type: 'button',
  text: '\u2190 Previous',
  'aria-keyshortcuts': 'ArrowLeft',
});
const nextButton = el('button', { id: 'next', type: 'button', text: 'Next \u2192', 'aria-keyshortcuts': 'ArrowRight' });
const position = el('span', { id: 'position', className: 'position', 'aria-live': 'polite' });
const saveStatus = el('span', { id: 'save-status', className: 'muted', role: 'status' });
const submitButton = el('button', { id: 'submit', type: 'button', className: 'primary', text: 'Submit all reviews' });
const article = el('article', { id: 'run', 'aria-labelledby': 'run-title' });
const textarea = el('textarea', { id: 'feedback', 'aria-describedby': 'feedback-help' });
const help = el('p', {
  id: 'feedback-help',
  className: 'muted',
  text:
    data.mode === 'server'
      ? 'Saved to feedback.json as you type. Arrow keys move between runs when the text box is not focused.'
      : 'Saved in this browser as you type; "Submit all reviews" downloads feedback.json. Arrow keys move between ' +
        'runs when the text box is not focused.',
});
const previousFeedback = el('div', { id: 'previous-feedback' });
let index = 0;

if (runs.length === 0) {
  panelOutputs.append(el('p', { className: 'muted', text: 'No runs in this iteration.' }));
} else {
  panelOutputs.append(
    el('div', { className: 'toolbar' }, [
      prevButton,
      position,
      nextButton,
      el('span', { className: 'spacer' }),
      saveStatus,
      submitButton,
    ]),
    article,
    el('label', { for: 'feedback', text: 'Your feedback on this run' }),
    textarea,
    help,
    previousFeedback,
  );
}

const feedback = feedbackStore(data, (text) => {
  saveStatus.textContent = text;
});

function renderRun(): void {
  const run = runs[index];
  if (run === undefined) return;
  const head = el('div', { className: 'run-head' }, [
    el('h2', { id: 'run-title', text: run.evalName }),
    el('span', {
      className: `badge${run.configuration === 'with_skill' ? ' with_skill' : ''}`,
      text: run.configuration,
    }),
    el('span', { className: 'muted', text: `run ${run.runNumber} \u00b7 ${run.id}` }),
  ]);
  article.replaceChildren(head);
  if (run.status.kind === 'infra') {
    article.append(
      el('div', {
        className: 'notice infra',
        role: 'note',
        text:
          `Infrastructure error: the run did not complete, so it says nothing about the skill and is not ` +
          `graded. ${run.status.message}`,
      }),
    );
  }
  for (const p of run.problems)
    article.append(el('div', { className: 'notice problem', text: `Could not read: ${p}` }));
  article.append(el('h3', { text: 'Prompt' }));
  if (run.prompt === null)
    article.append(
      el('p', {
        className: 'muted',
        text: 'No prompt found (no eval_metadata.json, and no "## Eval Prompt" section in transcript.md).',
      }),
    );
  else {
    article.append(el('pre', { className: 'prompt', text: run.prompt }));
    if (run.promptSource === 'transcript') article.append(el('p', { className: 'muted', text: 'From transcript.md.' }));
  }
  article.append(el('h3', { text: 'Outputs' }));
  renderOutputs(run.outputs, article);
  if (run.previous) {
    const prev = el('details', { className: 'previous' }, [
      el('summary', { text: `Previous output (${run.previous.source})` }),
    ]);
    renderOutputs(run.previous.outputs, prev);
    if (run.previous.grades)
      prev.append(el('p', { text: `Grades then: ${run.previous.grades.passed}/${run.previous.grades.total} passed` }));
    article.append(prev);
  }
  if (run.grades) article.append(renderGrades(run.grades, 'Formal grades'));
  else if (run.status.kind === 'ok')
    article.append(el('p', { className: 'muted', text: 'Not graded (no grading.json).' }));
  previousFeedback.replaceChildren();
  if (run.previous && run.previous.feedback !== null) {
    previousFeedback.append(
      el('h3', { text: `Previous feedback (${run.previous.source})` }),
      el('div', { className: 'previous-feedback', text: run.previous.feedback || '(empty: no complaints)' }),
    );
  }
  textarea.value = feedback.feedbackOf(run.id) ?? '';
  position.textContent = `${index + 1}/${runs.length}`;
  prevButton.disabled = index === 0;
  nextButton.disabled = index === runs.length - 1;
}

textarea.addEventListener('input', () => {
  const run = runs[index];
  if (run !== undefined) feedback.edit(run.id, textarea.value);
});
window.addEventListener('pagehide', () => feedback.flush(true));

/** The static file's submit: feedback.json as a download. */
function download(): void {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(feedback.everyRun(), null, 2)}\n`], { type: 'application/json' }),
  );
  const link = el('a', { href: url, download: 'feedback.json' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

submitButton.addEventListener('click', () => {
  void feedback.submitAll().then((ok) => {
    if (!ok) return;
    if (data.mode === 'static') {
      download();
      saveStatus.textContent = 'All reviews submitted: feedback.json downloaded';
    } else saveStatus.textContent = 'All reviews submitted to feedback.json';
  });
});

function go(i: number): void {
  if (runs.length === 0) return;
  feedback.flush(false);
  index = Math.max(0, Math.min(runs.length - 1, i));
  renderRun();
  history.replaceState(null, '', `#${encodeURIComponent(runs[index]?.id ?? '')}`);
}
prevButton.addEventListener('click', () => go(index - 1));
nextButton.addEventListener('click', () => go(index + 1));
document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || panelOutputs.hidden) return;
  const t = e.target;
  if (
    t instanceof HTMLElement &&
    (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.isContentEditable)
  )
    return;
  if (e.key === 'ArrowLeft') {
    e.preventDefault();
    go(index - 1);
  } else if (e.key === 'ArrowRight') {
    e.preventDefault();
    go(index + 1);
  }
});

// ---- Benchmark tab ----
renderBenchmark(data.benchmark, panelBenchmark);

let fromHash = '';
try {
  fromHash = decodeURIComponent(location.hash.slice(1));
} catch {
  // A hand-edited hash: start at the first run.
}
const start = runs.findIndex((r) => r.id === fromHash);
showTab(runs.length === 0 && data.benchmark ? 'benchmark' : 'outputs');
go(start < 0 ? 0 : start);
