/** The outputs tab's pieces: one output file as the page shows it, a run's outputs, and formal grades. */
import type { GradesView, OutputFileView } from '../model.js';
import { el } from './dom.js';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1048576).toFixed(1)} MB`;
}

function renderOutput(file: OutputFileView): HTMLElement {
  const box = el('div', { className: 'output' }, [
    el('div', {}, [
      el('span', { className: 'output-name', text: file.name }),
      el('span', { className: 'muted', text: ` \u00b7 ${formatBytes(file.bytes)}` }),
    ]),
  ]);
  if (file.note) box.append(el('p', { className: 'muted', text: file.note }));
  if (file.kind === 'text' && typeof file.text === 'string')
    box.append(el('pre', {}, [el('code', { text: file.text })]));
  else if (file.kind === 'markdown' && typeof file.html === 'string') {
    const md = el('div', { className: 'markdown' });
    // Made by plugin-eval's renderMarkdown from escaped text: the one HTML the page inserts as HTML.
    md.innerHTML = file.html;
    box.append(md);
  } else if (file.kind === 'image' && file.dataUri)
    box.append(el('img', { src: file.dataUri, alt: `Output image ${file.name}` }));
  else if (file.kind === 'pdf' && file.dataUri) {
    box.append(el('iframe', { src: file.dataUri, title: `PDF ${file.name}` }));
    box.append(
      el('p', {}, [
        el('a', { href: file.dataUri, download: file.name.split('/').pop(), text: `Download ${file.name}` }),
      ]),
    );
  } else if (file.kind === 'binary' && !file.note)
    box.append(el('p', { className: 'muted', text: 'Binary file: not shown.' }));
  return box;
}

export function renderOutputs(files: readonly OutputFileView[], into: HTMLElement): void {
  if (files.length === 0) into.append(el('p', { className: 'muted', text: 'No files in outputs/.' }));
  for (const file of files) into.append(renderOutput(file));
}

export function renderGrades(grades: GradesView, heading: string): HTMLElement {
  const box = el('details', { className: 'grades-box' }, [
    el('summary', { text: `${heading}: ${grades.passed}/${grades.total} passed` }),
  ]);
  const list = el('ul', { className: 'grades' });
  for (const g of grades.expectations) {
    list.append(
      el('li', {}, [
        el('span', { className: `badge ${g.passed ? 'pass' : 'fail'}`, text: g.passed ? 'PASS' : 'FAIL' }),
        document.createTextNode(` ${g.text}${g.method ? ` (${g.method})` : ''}`),
        el('p', { className: 'evidence', text: g.evidence }),
      ]),
    );
  }
  box.append(list);
  return box;
}
