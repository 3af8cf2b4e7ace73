/**
 * The review page: one self-contained HTML file (inline style and script, data embedded as JSON, nothing loaded
 * from anywhere), so the static file works offline and the server sends the same page.
 *
 * The Content-Security-Policy allows only this page's own script and style (by hash), images and frames from
 * data: URIs, and requests to the page's own server (none at all for the static file). Even if some agent output
 * slipped through as HTML, no script in it could run and nothing could be fetched.
 */
import { htmlPage, pageContentSecurityPolicy, type CspAllowances } from '../../util/html-page.js';
import type { ViewerData } from './model.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';

export { embedJson } from '../../util/html-page.js';

/** What the page opens beyond its own style and script: data: images, PDFs and, when served, its own server. */
function allowances(mode: ViewerData['mode']): CspAllowances {
  return {
    'img-src': 'data:',
    // PDFs show in a frame from a data: URI; the PDF viewer inside it is a plugin.
    'frame-src': 'data:',
    'object-src': 'data:',
    'connect-src': mode === 'server' ? "'self'" : "'none'",
  };
}

/** The policy for a page in `mode`; the server also sends it as a header. */
export function contentSecurityPolicy(mode: ViewerData['mode']): string {
  return pageContentSecurityPolicy({ style: PAGE_STYLE, script: PAGE_SCRIPT, allow: allowances(mode) });
}

/** The whole page for `data`. */
export function buildPage(data: ViewerData): string {
  return htmlPage({
    title: `Review: ${data.title}`,
    style: PAGE_STYLE,
    script: PAGE_SCRIPT,
    allow: allowances(data.mode),
    body: ['<div id="app"><noscript>This page needs JavaScript to show the runs.</noscript></div>'],
    data: { id: 'viewer-data', value: data },
  });
}
