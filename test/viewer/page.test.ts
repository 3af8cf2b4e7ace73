import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/web/viewer/markdown.js';
import { escapeHtml } from '../../src/util/html-page.js';
import type { ViewerData } from '../../src/web/viewer/model.js';
import { ViewerData as ViewerDataSchema } from '../../src/web/viewer/model.js';
import { buildPage, contentSecurityPolicy, embedJson } from '../../src/web/viewer/page.js';
import { PAGE_SCRIPT } from '../../src/web/viewer/page-script.js';
import { PAGE_STYLE } from '../../src/web/viewer/page-style.js';

describe('viewer: the Markdown renderer', () => {
  it('renders headings (below the page headings), lists, code, emphasis, quotes and rules', async () => {
    const html = await renderMarkdown(
      '# Title\n\nSome *em* and **strong** and `code <b>`.\n\n- one\n- two\n\n1. first\n2. second\n\n```js\nlet ' +
        'a = "<x>";\n```\n\n> quoted\n\n---\n\n    indented <code>\n',
    );
    expect(html).toBe(
      [
        '<h4>Title</h4>',
        '<p>Some <em>em</em> and <strong>strong</strong> and <code>code &lt;b&gt;</code>.</p>',
        '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
        '<ol>\n<li>first</li>\n<li>second</li>\n</ol>',
        '<pre><code class="language-js">let a = &quot;&lt;x&gt;&quot;;\n</code></pre>',
        '<blockquote>\n<p>quoted</p>\n</blockquote>',
        '<hr>',
        '<pre><code>indented &lt;code&gt;\n</code></pre>\n',
      ].join('\n'),
    );
  });

  it('escapes raw HTML everywhere: text, headings, list items, link labels and URLs', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '# <img src=x onerror=alert(1)>',
      '- <iframe src="https://evil.example">',
      '[<b>label</b>](https://ok.example/?q="><script>alert(1)</script>)',
      '<a href="javascript:alert(1)">x</a>',
      '```"><script>\n</script>\n```',
    ].join('\n\n');
    const html = await renderMarkdown(hostile);
    expect(html).not.toMatch(/<(script|img|iframe|b)\b/i);
    expect(html).not.toMatch(/<a href="javascript/i);
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    // A URL is percent-encoded: the attribute cannot be closed from inside it.
    expect(html).toContain(
      '<a href="https://ok.example/?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E" rel="noopener noreferrer ' +
        'nofollow" target="_blank">&lt;b&gt;label&lt;/b&gt;</a>',
    );
  });

  it('links only http(s); other schemes and images stay text', async () => {
    expect(
      await renderMarkdown(
        '[a](https://x.example/p) [b](javascript:alert(1)) [c](data:text/html,hi) ![d](https://x.example/i.png) ' +
          '![e](javascript:x)',
      ),
    ).toBe(
      '<p><a href="https://x.example/p" rel="noopener noreferrer nofollow" target="_blank">a</a> ' +
        '[b](javascript:alert(1)) [c](data:text/html,hi) <span class="md-image">[image: d]</span> ' +
        '![e](javascript:x)</p>\n',
    );
  });

  it('applies no emphasis inside code spans or URLs', async () => {
    expect(await renderMarkdown('`a*b*c` [x](https://e.example/*y*) **z**')).toBe(
      '<p><code>a*b*c</code> <a href="https://e.example/*y*" rel="noopener noreferrer nofollow" ' +
        'target="_blank">x</a> <strong>z</strong></p>\n',
    );
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('renders hostile shapes that once took seconds (4 KB of "![a](") as their escaped text', async () => {
    const opens = '![a]('.repeat(700);
    expect(await renderMarkdown(opens)).toBe(`<p>${opens}</p>\n`);
    const brackets = `${'[<i>'.repeat(2000)}](javascript:x)`;
    const html = await renderMarkdown(brackets);
    expect(html).not.toMatch(/<(i|a)\b/);
    expect(html).toBe(`<p>${'[&lt;i&gt;'.repeat(2000)}](javascript:x)</p>\n`);
    // Nesting stops at the parser's limit (what lies deeper is not shown) rather than recursing further.
    const deep = await renderMarkdown(`${'> '.repeat(200)}deep`);
    expect(deep.match(/<blockquote>/g)).toHaveLength(100);
  });
});

const minimalData = (over: Partial<ViewerData> = {}): ViewerData => ({
  title: 'skill: iteration-1',
  mode: 'static',
  storageKey: 'abc',
  runs: [],
  feedback: { reviews: [], status: 'in_progress' },
  benchmark: null,
  problems: [],
  ...over,
});

/** The text of the one JSON data block of a page. */
const dataBlock = (page: string): string => {
  const match = /<script type="application\/json" id="viewer-data">([\s\S]*?)<\/script>/.exec(page);
  if (!match) throw new Error('no data block');
  return match[1]!;
};

describe('viewer: the page', () => {
  it('embeds data that cannot end the script element or open a comment, and reads back unchanged', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028 & </SCRIPT >';
    const data = minimalData({ title: hostile, problems: [hostile] });
    const page = buildPage(data);
    const block = dataBlock(page);
    expect(block).not.toMatch(/[<>&]/);
    expect(JSON.parse(block)).toEqual(data);
    expect(embedJson('</script>')).toBe('"\\u003c/script\\u003e"');
    // Exactly two script elements: the data block and the page's own script.
    expect(page.match(/<script\b/gi)).toHaveLength(2);
    expect(page).toContain(
      '<title>Review: &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- \u2028 &amp; &lt;/SCRIPT ' +
        '&gt;</title>',
    );
  });

  it('has a strict CSP that allows exactly its own script and style, and no network in the static file', () => {
    const page = buildPage(minimalData());
    const sha = (text: string) => createHash('sha256').update(text).digest('base64');
    const csp = contentSecurityPolicy('static');
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp.replace(/'/g, '&#39;')}">`);
    expect(csp).toContain(`script-src 'sha256-${sha(PAGE_SCRIPT)}'`);
    expect(csp).toContain(`style-src 'sha256-${sha(PAGE_STYLE)}'`);
    expect(csp).toMatch(/^default-src 'none'; /);
    expect(csp).toContain("connect-src 'none'");
    expect(contentSecurityPolicy('server')).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // The inline script and style are byte for byte what the hashes cover.
    expect(page).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(page).toContain(`<style>${PAGE_STYLE}</style>`);
  });

  it('loads nothing from elsewhere (no CDN, no external fonts), and the page script never puts workspace strings in as HTML', () => {
    const page = buildPage(minimalData());
    expect(page).not.toMatch(/\b(src|href)=["']?https?:/i);
    expect(PAGE_STYLE).not.toMatch(/@import|url\(|@font-face/i);
    // The only innerHTML is the Markdown renderer's output; every other string goes through textContent.
    expect(PAGE_SCRIPT.match(/innerHTML/g)).toHaveLength(1);
    expect(PAGE_SCRIPT).toContain('md.innerHTML = file.html;');
    expect(PAGE_SCRIPT).not.toMatch(/outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
  });

  it('the embedded data validates against the page data schema', () => {
    expect(ViewerDataSchema.safeParse(JSON.parse(dataBlock(buildPage(minimalData())))).success).toBe(true);
  });
});
