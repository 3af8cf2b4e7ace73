/**
 * The review page: one self-contained HTML file (inline style and script, data embedded as JSON, nothing loaded
 * from anywhere), so the static file works offline and the server sends the same page.
 *
 * The Content-Security-Policy allows only this page's own script and style (by hash), images and frames from
 * data: URIs, and requests to the page's own server (none at all for the static file). Even if some agent output
 * slipped through as HTML, no script in it could run and nothing could be fetched.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from './markdown.js';
import type { ViewerData } from './model.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';

const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * JSON that can sit inside `<script type="application/json">`: `<`, `>` and `&` are written as \u escapes (which
 * JSON.parse reads back unchanged), so no `</script>` or `<!--` in the data can end or change the element.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The policy for a page in `mode`; the server also sends it as a header. */
export function contentSecurityPolicy(mode: ViewerData['mode']): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(PAGE_SCRIPT)}`,
    `style-src ${cspHash(PAGE_STYLE)}`,
    'img-src data:',
    // PDFs show in a frame from a data: URI; the PDF viewer inside it is a plugin.
    'frame-src data:',
    'object-src data:',
    mode === 'server' ? "connect-src 'self'" : "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The whole page for `data`. */
export function buildPage(data: ViewerData): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(data.mode))}">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(`Review: ${data.title}`)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    `<script type="application/json" id="viewer-data">${embedJson(data)}</script>`,
    '<div id="app"><noscript>This page needs JavaScript to show the runs.</noscript></div>',
    `<script>${PAGE_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
