import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/reporters/index.js';
import { OPTIONS, HOSTILE_PATH, hostileResult, manyResults, pluginResult, troubledSkill } from './fixtures.js';

describe('markdown reporter', () => {
  it('writes a sorted summary table and one section per result when there are several', () => {
    const results = manyResults();
    const out = REPORTERS.markdown(results, { ...OPTIONS, threshold: 70 });
    expect(out.startsWith('# plugin-eval report\n')).toBe(true);
    const summary = out.slice(out.indexOf('## Summary'), out.indexOf('## Results'));
    const rows = summary.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(results.length);
    const scores = rows.map((r) => Number(/\| (\d+\.\d)/.exec(r)?.[1]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(summary).toContain('1 of 4 below the threshold of 70');
    expect(out.match(/^### /gm)).toHaveLength(results.length);
  });

  it('shows dimensions, anti-patterns, tips, diagnostics and layers not run for one result', () => {
    const out = REPORTERS.markdown([troubledSkill()], OPTIONS);
    expect(out).not.toContain('## Summary');
    expect(out).toContain('| triggering_accuracy | 0.25 | 0.56 | F |');
    expect(out).toMatch(/\| output_quality \| 0\.15 \| — \| — \| — \| not measured: /);
    expect(out).toContain('`DEAD_CROSS_REF` ×4');
    expect(out).toContain('**Fix first**');
    const r = troubledSkill();
    // Every tip, with its gain, what it is about and its example as a code block.
    expect(out.match(/^\d\. \*\*\+\d+\.\d points\*\* · `/gm)).toHaveLength(r.tips.length);
    expect(out).toContain('   the exact text to add');
    // Evidence per measured dimension, collapsible.
    const measured = r.dimensions.filter((d) => d.measured && d.evidence.length > 0);
    expect(measured.length).toBeGreaterThan(0);
    expect(out.match(/^<details><summary><code>\w+<\/code>/gm)).toHaveLength(measured.length);
    expect(out).toContain('| `SKILL.md:3:14` | error | `frontmatter/yaml-syntax` |');
    expect(out).toContain('> **Not run:** the judge layer did not run');
    // Every table row has the same number of unescaped pipes as its header.
    const table = out.split('\n').filter((l) => l.startsWith('| '));
    for (const row of table) expect(row.replace(/\\\|/g, '').split('|').length).toBeGreaterThanOrEqual(4);
  });

  it('lists plugin components', () => {
    // One scale in the table: the agent's 0-1 check score as 0-100, beside the skills' composites.
    const out = REPORTERS.markdown([pluginResult()], OPTIONS);
    expect(out).toContain('| Kind | Name | Score (0-100) |');
    expect(out).toContain('| agent | `plugin-validator` | 80.0 |');
    expect(out).toMatch(/\| skill \| `agent-development` \| 72\.8 \|/);
    expect(REPORTERS.html([pluginResult()], OPTIONS)).toContain('<td class="num">80.0</td>');
  });

  it('neutralises raw HTML and escapes pipes inside table cells', () => {
    const out = REPORTERS.markdown([hostileResult(), ...manyResults()], OPTIONS);
    // Code spans are literal text in GFM; everywhere else markup must arrive escaped.
    const outsideCode = out.replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toMatch(/<script|<img|<b>/i);
    expect(out).toContain('bad &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('`skills/<script>alert("x")</script> & \'q\' \\| pipe`');
    const diagRow = out.split('\n').find((l) => l.includes('x/&lt;rule&gt;') || l.includes('x/<rule>'));
    expect(diagRow).toBeDefined();
    const cells = (diagRow ?? '').replace(/\\\|/g, '').split('|').length;
    expect(cells).toBe(6); // | loc | severity | rule | message |
  });
});

describe('html reporter', () => {
  it("shows every tip with its gain and example, and each dimension's evidence in <details>", () => {
    const r = troubledSkill();
    const out = REPORTERS.html([r], OPTIONS);
    const fix = out.slice(out.indexOf('<h3>Fix first</h3>'));
    expect(fix.match(/<li><strong>\+\d+\.\d points<\/strong>/g)).toHaveLength(r.tips.length);
    expect(fix).toContain('<pre><code>## ');
    const measured = r.dimensions.filter((d) => d.measured && d.evidence.length > 0);
    expect(out.match(/<details><summary><code>/g)).toHaveLength(measured.length);
    expect(out).toContain('<li>static: +0.10 the reason triggering_accuracy scored</li>');
  });

  it('is one self-contained page: inline CSS, no scripts, no external assets', () => {
    const out = REPORTERS.html(manyResults(), OPTIONS);
    expect(out.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(out.trimEnd().endsWith('</html>')).toBe(true);
    expect(out).toContain('<style>');
    expect(out).not.toMatch(/<script|<link|<img|\bsrc=|@import|url\(/i);
    expect(out).not.toMatch(/href="(?!#)/);
  });

  it('has a Content-Security-Policy that allows its own style by hash and no script, and no style attributes it would block', () => {
    const out = REPORTERS.html(manyResults(), OPTIONS);
    const style = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1] ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(out).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src ` +
        `&#39;none&#39;; style-src &#39;sha256-${hash}&#39;;`,
    );
    expect(out).not.toMatch(/\sstyle=/);
    expect(out).toMatch(/<span class="(good|ok|bad) w\d+"><\/span>/);
  });

  it('escapes every interpolated string', () => {
    const out = REPORTERS.html([hostileResult()], OPTIONS);
    expect(out).not.toMatch(/<script|<img|<b>bold/i);
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; | pipe');
    expect(out).toContain('bad &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('links to &lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<title>plugin-eval: skills/&lt;script&gt;');
    expect(HOSTILE_PATH).toContain('<script>');
  });

  it('balances its main elements', () => {
    const out = REPORTERS.html([troubledSkill(), pluginResult(), hostileResult()], OPTIONS);
    for (const tag of ['section', 'table', 'tr', 'td', 'ul', 'ol', 'li', 'p', 'code', 'span', 'h2', 'h3']) {
      const open = out.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
      const close = out.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
      expect(close, tag).toBe(open);
    }
    expect(out.match(/<section /g)).toHaveLength(3);
  });

  it('shows the dimension table with unmeasured reasons and the summary for several results', () => {
    const out = REPORTERS.html(manyResults(), { ...OPTIONS, threshold: 70 });
    expect(out).toContain('<h2>Summary</h2>');
    expect(out).toContain('not measured: no layer that ran measures this dimension');
    expect(out).toContain('1 of 4 below the threshold of 70.');
    const order = [...out.matchAll(/<section id="result-\d+">\n<h2><code>([^<]*)<\/code>/g)].map((m) => m[1]);
    expect(order[0]).toBe('skills/excellent');
    expect(order.at(-1)).toBe('plugins/plugin-dev/skills/skill-development');
  });
});
