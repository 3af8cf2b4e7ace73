/**
 * A small Markdown renderer for agent outputs shown in the review page. Agent outputs are untrusted (a run can
 * write any HTML or script into a .md file), so every piece of source text is HTML-escaped before any markup is
 * added, raw HTML is never passed through, and a link gets an href only when it is http(s). It covers what
 * outputs use: headings, paragraphs, lists, fenced and indented code, block quotes, rules, code spans,
 * emphasis and links. Anything else shows as its (escaped) text.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Markers for pieces set aside while emphasis is applied; NUL cannot occur in them, it was removed from the source. */
const SLOT = '\u0000';

/** Inline markup of one block's text: code spans and links are set aside first so emphasis cannot reach into them. */
export function renderInline(source: string): string {
  const slots: string[] = [];
  const keep = (html: string): string => `${SLOT}${slots.push(html) - 1}${SLOT}`;
  let text = source.split(SLOT).join('');
  text = text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_m, _ticks: string, code: string) => keep(`<code>${escapeHtml(code.trim())}</code>`));
  // Images would load from anywhere: shown as their alt text.
  text = text.replace(/!\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, (_m, alt: string) => keep(`<span class="md-image">[image: ${escapeHtml(alt)}]</span>`));
  text = text.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (whole, label: string, url: string) =>
    /^https?:\/\//i.test(url) && !url.includes(SLOT) ? keep(`<a href="${escapeHtml(url)}" rel="noopener noreferrer nofollow" target="_blank">${escapeHtml(label)}</a>`) : keep(escapeHtml(whole)),
  );
  let html = escapeHtml(text);
  html = html.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>');
  html = html.replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?!\*)/g, '$1<em>$2</em>');
  html = html.replace(/(^|[^_\w])_(?=\S)([^_]*?\S)_(?![_\w])/g, '$1<em>$2</em>');
  // A set-aside piece can hold another (a code span inside a link that was not made a link): restore until none is left.
  const slot = new RegExp(`${SLOT}(\\d+)${SLOT}`, 'g');
  for (let round = 0; round <= slots.length && html.includes(SLOT); round++) html = html.replace(slot, (_m, i: string) => slots[Number(i)] ?? '');
  return html;
}

type ListKind = 'ul' | 'ol';
const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)/;

/** Render Markdown source to HTML in which all source text is escaped. */
export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { kind: ListKind; items: string[] } | undefined;

  const flushParagraph = (): void => {
    if (paragraph.length > 0) out.push(`<p>${renderInline(paragraph.join('\n'))}</p>`);
    paragraph = [];
  };
  const flushList = (): void => {
    if (list) out.push(`<${list.kind}>${list.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${list.kind}>`);
    list = undefined;
  };
  const flush = (): void => {
    flushParagraph();
    flushList();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      // The page's own headings go to h3; an output's headings sit below them.
      const level = Math.min(heading[1]!.length + 3, 6);
      out.push(`<h${level}>${renderInline(heading[2]!)}</h${level}>`);
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push('<hr>');
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flushParagraph();
      const kind: ListKind = item[1] === undefined ? 'ol' : 'ul';
      if (list && list.kind !== kind) flushList();
      list ??= { kind, items: [] };
      list.items.push(item[3]!);
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      // A continuation line of the last item (nested lists are shown as part of it).
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      flush();
      const quoted: string[] = [];
      while (i < lines.length && /^\s{0,3}>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s{0,3}>\s?/, ''));
      i--;
      out.push(`<blockquote>${renderMarkdown(quoted.join('\n'))}</blockquote>`);
      continue;
    }
    if (paragraph.length === 0 && !list && /^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]!) || lines[i]!.trim() === '')) body.push(lines[i++]!.replace(/^( {4}|\t)/, ''));
      i--;
      out.push(`<pre><code>${escapeHtml(body.join('\n').replace(/\n+$/, ''))}</code></pre>`);
      continue;
    }
    flushList();
    paragraph.push(line.trim());
  }
  flush();
  return out.join('\n');
}
