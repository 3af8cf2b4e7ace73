/**
 * The frame of every HTML page the tool writes or serves (the HTML report, the description optimisation report,
 * the review viewer, the dashboard), and the one HTML escaper. A page is self-contained: its one style and its
 * one script are inline, its data is embedded as JSON, and its Content-Security-Policy allows exactly that style
 * and that script (by their SHA-256) and nothing else unless the page names it. Text from a skill, a model or an
 * agent output that slipped through as markup could therefore neither run nor load anything.
 */
import { nodeCrypto } from './node-crypto.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for element content and for quoted attribute values. C0 control characters (other than tab, line
 * feed and carriage return) and DEL are dropped: HTML cannot carry them. One pass, so the cost is linear in the text.
 */
export function escapeHtml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F&<>"']/g, (c) => HTML_ESCAPES[c] ?? '');
}

/** A CSP source that allows exactly this inline script or style. */
export const cspHash = (text: string): string =>
  `'sha256-${nodeCrypto().createHash('sha256').update(text, 'utf8').digest('base64')}'`;

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

/** A CSP directive a page opens beyond the frame's defaults, e.g. `{ 'img-src': 'data:' }`. */
export type CspAllowances = Readonly<Record<string, string>>;

export interface HtmlPage {
  title: string;
  /** The page's whole style sheet. */
  style: string;
  /** The page's whole script, run after the body; none for a page without one (its policy then allows no script). */
  script?: string;
  /** Data for the script: `<script type="application/json" id="...">`, written just before the script. */
  data?: { id: string; value: unknown };
  /** The body's markup, in order. */
  body: readonly string[];
  /** Directives beyond the defaults (everything 'none' but the page's own style and script). */
  allow?: CspAllowances;
}

/** The policy of a page with this style, script and allowances; a server sends the same text as a header. */
export function pageContentSecurityPolicy(page: Pick<HtmlPage, 'style' | 'script' | 'allow'>): string {
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': page.script === undefined ? "'none'" : cspHash(page.script),
    'style-src': cspHash(page.style),
    'img-src': "'none'",
    'connect-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    ...page.allow,
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** The whole document. */
export function htmlPage(page: HtmlPage): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(pageContentSecurityPolicy(page))}">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.style}</style>`,
    '</head>',
    '<body>',
    ...page.body,
    ...(page.data === undefined
      ? []
      : [`<script type="application/json" id="${escapeHtml(page.data.id)}">${embedJson(page.data.value)}</script>`]),
    ...(page.script === undefined ? [] : [`<script>${page.script}</script>`]),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
