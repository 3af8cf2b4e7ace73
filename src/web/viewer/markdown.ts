/**
 * Markdown of agent outputs for the review page, rendered by markdown-it (a CommonMark parser whose cost grows
 * linearly with the input: a hand-written regex renderer took 15 s on 4 KB of `![a](`, holding up the server).
 * Agent outputs are untrusted (a run can write any HTML or script into a .md file), so raw HTML is off (shown as
 * escaped text), a link gets an href only when it is http(s) and then opens without referrer or opener, and
 * images are shown as their alt text (they would load from anywhere). markdown-it is loaded on first use.
 */
import type { MarkdownIt, RendererRule } from 'markdown-it';
import { escapeHtml } from '../../util/html-page.js';

/**
 * Nesting past this (quotes in lists in quotes...) bounds the parser's recursion. markdown-it shows nothing past
 * that depth, so it is set far above what real outputs nest (markdown-it's own default).
 */
const MAX_NESTING = 100;

function configure(md: MarkdownIt): MarkdownIt {
  md.validateLink = (url) => /^https?:\/\//i.test(url);
  const rules = md.renderer.rules;
  rules.image = (tokens, i, options, env, self) =>
    `<span ` +
    `class="md-image">[image: ${escapeHtml(self.renderInlineAsText(tokens[i]!.children ?? [], options, env))}]</span>`;
  rules.link_open = (tokens, i, options, _env, self) => {
    tokens[i]!.attrSet('rel', 'noopener noreferrer nofollow');
    tokens[i]!.attrSet('target', '_blank');
    return self.renderToken(tokens, i, options);
  };
  // The page's own headings go to h3; an output's headings sit below them.
  const belowPageHeadings: RendererRule = (tokens, i, options, _env, self) => {
    tokens[i]!.tag = `h${Math.min(Number(tokens[i]!.tag.slice(1)) + 3, 6)}`;
    return self.renderToken(tokens, i, options);
  };
  rules.heading_open = belowPageHeadings;
  rules.heading_close = belowPageHeadings;
  return md;
}

let loaded: Promise<MarkdownIt> | undefined;

/** The configured parser, loaded once. */
function markdownIt(): Promise<MarkdownIt> {
  loaded ??= import('markdown-it').then(({ default: Parser }) =>
    configure(new Parser('default', { html: false, linkify: false, typographer: false, maxNesting: MAX_NESTING })),
  );
  return loaded;
}

/** Render Markdown source to HTML in which all source text is escaped. */
export async function renderMarkdown(source: string): Promise<string> {
  return (await markdownIt()).render(source);
}
