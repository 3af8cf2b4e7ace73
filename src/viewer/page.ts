/**
 * The review page: one self-contained HTML file (inline style and script, data embedded as JSON, nothing loaded
 * from anywhere), so the static file works offline and the server sends the same page.
 *
 * The Content-Security-Policy allows only this page's own script and style (by hash), images and frames from
 * data: URIs, and requests to the page's own server (none at all for the static file). Even if some agent output
 * slipped through as HTML, no script in it could run and nothing could be fetched.
 */
import { cspHash, embedJson, selfContainedPage } from './self-contained-page.js';
import type { ViewerData } from './model.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';

export { embedJson } from './self-contained-page.js';

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
  return selfContainedPage({
    title: `Review: ${data.title}`,
    contentSecurityPolicy: contentSecurityPolicy(data.mode),
    style: PAGE_STYLE,
    body: [
      `<script type="application/json" id="viewer-data">${embedJson(data)}</script>`,
      '<div id="app"><noscript>This page needs JavaScript to show the runs.</noscript></div>',
      `<script>${PAGE_SCRIPT}</script>`,
    ],
  });
}
