import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/reporters/index.js';
import { HOSTILE_PATH, OPTIONS, hostileResult, manyResults, skillResult } from './fixtures.js';
import { findAll, parseXml } from './xml.js';

describe('junit reporter', () => {
  it('is well-formed XML with one testsuite and one testcase per result', () => {
    const results = manyResults();
    const doc = parseXml(REPORTERS.junit(results, OPTIONS));
    expect(doc.name).toBe('testsuites');
    const suites = findAll(doc, 'testsuite');
    expect(suites).toHaveLength(1);
    const cases = findAll(doc, 'testcase');
    expect(cases).toHaveLength(results.length);
    expect(cases.map((c) => c.attrs.name)).toEqual(results.map((r) => r.target.path));
    expect(suites[0]?.attrs.tests).toBe(String(results.length));
  });

  it('fails only results with error diagnostics when there is no threshold', () => {
    const doc = parseXml(REPORTERS.junit(manyResults(), OPTIONS));
    const failed = findAll(doc, 'testcase').filter((c) => findAll(c, 'failure').length > 0);
    expect(failed.map((c) => c.attrs.name)).toEqual(['plugins/plugin-dev/skills/skill-development']);
    const failure = findAll(failed[0] ?? doc, 'failure')[0];
    expect(failure?.attrs.type).toBe('diagnostics');
    expect(failure?.text).toContain('SKILL.md:3:14  frontmatter/yaml-syntax');
    expect(doc.attrs.failures).toBe('1');
  });

  it('fails results below the threshold and counts the failures', () => {
    const results = manyResults();
    const doc = parseXml(REPORTERS.junit(results, { ...OPTIONS, threshold: 80 }));
    const failures = findAll(doc, 'failure');
    // 94.8 passes; 72.1, 72.1 and 54.4 (which also has an error) fail.
    expect(failures).toHaveLength(3);
    expect(findAll(doc, 'testsuite')[0]?.attrs.failures).toBe('3');
    expect(failures.map((f) => f.attrs.type).sort()).toEqual(['threshold', 'threshold', 'threshold,diagnostics']);
    expect(failures[0]?.attrs.message).toMatch(/composite 72\.1 is below the threshold 80/);
    expect(findAll(doc, 'property')[0]?.attrs).toEqual({ name: 'threshold', value: '80' });
  });

  it('passes a clean result above the threshold', () => {
    const doc = parseXml(REPORTERS.junit([skillResult({ path: 'skills/ok' })], { ...OPTIONS, threshold: 70 }));
    expect(findAll(doc, 'failure')).toHaveLength(0);
    expect(findAll(doc, 'system-out')[0]?.text).toContain('composite 72.1 (Silver ★★★)');
  });

  it('escapes markup, quotes and ampersands, and drops characters XML cannot carry', () => {
    const out = REPORTERS.junit([hostileResult()], OPTIONS);
    expect(out).not.toContain('<script');
    expect(out).not.toContain('\u0007');
    const doc = parseXml(out);
    const tc = findAll(doc, 'testcase')[0];
    expect(tc?.attrs.name).toBe(HOSTILE_PATH);
    expect(findAll(doc, 'failure')[0]?.text).toContain('x/<rule>&  bad <script>alert(1)</script> | "quoted" & bell');
  });

  it('writes an empty suite for no results', () => {
    const doc = parseXml(REPORTERS.junit([], OPTIONS));
    expect(doc.attrs.tests).toBe('0');
    expect(findAll(doc, 'testcase')).toHaveLength(0);
  });
});

describe('the test XML checker', () => {
  const decl = '<?xml version="1.0" encoding="UTF-8"?>\n';
  it.each([
    ['a bare ampersand', `${decl}<a>&</a>`],
    ['a bare < in an attribute', `${decl}<a b="<"/>`],
    ['mismatched tags', `${decl}<a><b></a></b>`],
    ['two roots', `${decl}<a/><b/>`],
    ['an unclosed element', `${decl}<a>`],
    ['a control character', `${decl}<a>\u0007</a>`],
  ])('rejects %s', (_name, doc) => {
    expect(() => parseXml(doc)).toThrow();
  });
});
