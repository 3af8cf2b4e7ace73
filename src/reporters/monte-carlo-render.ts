/**
 * The Monte Carlo section of the text, Markdown and HTML reports, from the views in ./monte-carlo.ts. Each
 * reporter calls one function here, so the section reads the same everywhere and stays out of their layout code.
 */
import { padEnd, wrap } from './layout.js';
import { SIMULATION_NOTICE, monteCarloViews, type McRunRow, type McView } from './monte-carlo.js';
import type { ScoreResult } from '../model/result.js';
import { escapeHtml as h } from '../util/html-page.js';
import { escapeMarkdownCell as cell, escapeMarkdownInline as inline } from './shared.js';

const INDENT = '  ';

export interface TextStyle {
  width: number;
  bold: (s: string) => string;
  dim: (s: string) => string;
  warn: (s: string) => string;
}

function textView(v: McView, style: TextStyle): string[] {
  const { width, bold, dim, warn } = style;
  const lines = wrap(`Monte Carlo · ${v.skill} · ${v.headline}`, width, '', INDENT).map((l, i) =>
    i === 0 ? bold(l) : l,
  );
  if (v.status !== 'measured') lines[0] = warn(lines[0]!);
  if (v.simulated) lines.push(...wrap(SIMULATION_NOTICE, width, INDENT, INDENT).map(warn));
  const labelW = Math.max(...v.rows.map((r) => r.label.length));
  // Label and value side by side when a value still gets a useful width; else the value wraps under its label.
  const sideBySide = width - INDENT.length - labelW - 2 >= 30;
  for (const row of v.rows) {
    if (sideBySide) {
      const head = `${INDENT}${padEnd(row.label, labelW)}  `;
      lines.push(...wrap(row.value, width, head, ' '.repeat(head.length)));
    } else lines.push(...wrap(`${row.label}: ${row.value}`, width, INDENT, INDENT.repeat(2)));
  }
  for (const n of v.notes) lines.push(...wrap(n, width, `${INDENT}- `, `${INDENT}  `).map(dim));
  if (v.runs.length > 0)
    lines.push(
      ...wrap(
        `Runs: ${v.runsCaption}; each is listed in --output markdown, html or json`,
        width,
        INDENT,
        INDENT.repeat(2),
      ).map(dim),
    );
  return lines;
}

/** The text report's Monte Carlo section (no lines when Layer 3 did not run). */
export function monteCarloTextLines(result: ScoreResult, style: TextStyle): string[] {
  return monteCarloViews(result).flatMap((v, i) => [...(i > 0 ? [''] : []), ...textView(v, style)]);
}

function markdownRunTable(runs: readonly McRunRow[]): string[] {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['Run', 'Prompt', 'Expected', 'Activated', 'Evidence', 'Quality', 'Tokens', 'Note']),
    row(['---:', '---', '---', '---', '---', '---:', '---:', '---']),
    ...runs.map((r) =>
      row([r.run, cell(r.prompt), r.expected, cell(r.activated), cell(r.evidence), r.quality, r.tokens, cell(r.note)]),
    ),
  ];
}

function markdownView(v: McView): string[] {
  const lines = [`**Monte Carlo** · ${inline(v.skill)} · ${inline(v.headline)}`, ''];
  if (v.simulated) lines.push(`> ⚠️ **${inline(SIMULATION_NOTICE)}**`, '');
  lines.push(
    '| Monte Carlo | Value |',
    '| --- | --- |',
    ...v.rows.map((r) => `| ${cell(r.label)} | ${cell(r.value)} |`),
  );
  if (v.notes.length > 0) lines.push('', ...v.notes.map((n) => `- ${inline(n).replace(/\r?\n/g, ' ')}`));
  if (v.runs.length > 0) {
    lines.push(
      '',
      `<details><summary>Runs: ${inline(v.runsCaption)}</summary>`,
      '',
      ...markdownRunTable(v.runs),
      '',
      '</details>',
    );
  }
  return lines;
}

/** The Markdown report's Monte Carlo section: a table per skill, then its runs (collapsed). */
export function monteCarloMarkdown(result: ScoreResult): string[] {
  return monteCarloViews(result).flatMap((v) => ['', ...markdownView(v)]);
}

function htmlView(v: McView): string {
  const parts = [
    `<h3>Monte Carlo: <code>${h(v.skill)}</code> <span ` +
      `class="${v.status === 'measured' ? 'muted' : 'ok'}">${h(v.headline)}</span></h3>`,
  ];
  if (v.simulated) parts.push(`<p class="notrun simulated"><strong>${h(SIMULATION_NOTICE)}</strong></p>`);
  const rows = v.rows.map((r) => `<tr><th scope="row">${h(r.label)}</th><td>${h(r.value)}</td></tr>`).join('\n');
  parts.push(`<table class="monte-carlo">\n<tbody>\n${rows}\n</tbody></table>`);
  if (v.notes.length > 0) parts.push(`<ul class="muted">${v.notes.map((n) => `<li>${h(n)}</li>`).join('')}</ul>`);
  if (v.runs.length > 0) {
    const runRows = v.runs
      .map(
        (r) =>
          `<tr${r.infra ? ' class="muted"' : ''}><td ` +
          `class="num">${h(r.run)}</td><td>${h(r.prompt)}</td><td>${h(r.expected)}</td><td>${h(r.activated)}</td>` +
          `<td><code>${h(r.evidence)}</code></td><td class="num">${h(r.quality)}</td><td ` +
          `class="num">${h(r.tokens)}</td><td>${h(r.note)}</td></tr>`,
      )
      .join('\n');
    parts.push(`<details><summary>Runs: ${h(v.runsCaption)}</summary>
<table><thead><tr><th class="num">Run</th><th>Prompt</th><th>Expected</th><th>Activated</th><th>Evidence</th><th class="num">Quality</th><th class="num">Tokens</th><th>Note</th></tr></thead>
<tbody>
${runRows}
</tbody></table>
</details>`);
  }
  return parts.join('\n');
}

/** The HTML report's Monte Carlo section ('' when Layer 3 did not run). Every string is escaped. */
export function monteCarloHtml(result: ScoreResult): string {
  return monteCarloViews(result).map(htmlView).join('\n');
}
