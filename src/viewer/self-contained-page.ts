/**
 * The frame of a self-contained HTML page (the review viewer's and the dashboard's): inline style and script, the
 * data embedded as JSON, and a Content-Security-Policy that allows the page's own style and script by hash. Each
 * page brings its policy, its body and its script; nothing is loaded from anywhere.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../reporters/shared.js';

/** A CSP source that allows exactly this inline script or style. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

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

export interface SelfContainedPage {
  title: string;
  contentSecurityPolicy: string;
  style: string;
  /** The body's markup, in order (the embedded data and the script are among it, where the page wants them). */
  body: readonly string[];
}

/** The whole document. */
export function selfContainedPage(page: SelfContainedPage): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(page.contentSecurityPolicy)}">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.style}</style>`,
    '</head>',
    '<body>',
    ...page.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
