import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlPage, pageContentSecurityPolicy } from '../../src/util/html-page.js';

const sha = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const metaPolicy = (page: string): string => {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page);
  if (!match) throw new Error('no policy');
  return match[1]!.replace(/&#39;/g, "'");
};

describe('html page frame', () => {
  it('escapes markup characters and drops the control characters HTML cannot carry, in one pass', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml('a\u0000b\u0007c\u007fd\te\nf\rg')).toBe('abcd\te\nf\rg');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('allows exactly the page style and script by hash, and nothing else unless the page names it', () => {
    const page = htmlPage({
      title: 't',
      style: 'p{}',
      script: 'void 0;',
      body: ['<p>x</p>'],
      data: { id: 'd', value: { a: '</script>' } },
    });
    const policy = metaPolicy(page);
    expect(policy).toBe(pageContentSecurityPolicy({ style: 'p{}', script: 'void 0;' }));
    expect(policy).toBe(
      `default-src 'none'; script-src ${sha('void 0;')}; style-src ${sha('p{}')}; img-src 'none'; connect-src ` +
        `'none'; base-uri 'none'; form-action 'none'`,
    );
    expect(page).toContain('<style>p{}</style>');
    expect(page).toContain(
      '<script type="application/json" id="d">{"a":"\\u003c/script\\u003e"}</script>\n<script>void ' +
        '0;</script>\n</body>',
    );
  });

  it('a page without a script allows none, and a page opens only the directives it names', () => {
    expect(pageContentSecurityPolicy({ style: '' })).toContain("script-src 'none'");
    const opened = pageContentSecurityPolicy({ style: '', allow: { 'img-src': 'data:', 'frame-src': 'data:' } });
    expect(opened).toContain('img-src data:');
    expect(opened).toContain('frame-src data:');
    expect(opened).not.toContain("img-src 'none'");
  });

  it('escapes the title', () => {
    expect(htmlPage({ title: '</title><script>x</script>', style: '', body: [] })).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>',
    );
  });
});
