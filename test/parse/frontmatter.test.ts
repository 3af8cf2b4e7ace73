import { describe, expect, it } from 'vitest';
import { compatFrontmatter, parseFrontmatter } from '../../src/parse/frontmatter.js';
import { parseSimpleYaml } from '../../src/parse/simple-yaml.js';
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { CORPUS_DIR } from '../support/corpus.js';

describe('parseFrontmatter', () => {
  it.each([
    ['---\nname: a\n---\nBody\n', { name: 'a' }, 'Body\n', 4],
    ['---\r\nname: a\r\n---\r\nBody\r\n', { name: 'a' }, 'Body\n', 4],
    ['---\nname: a\n...\nBody', { name: 'a' }, 'Body', 4],
    ['---\nname: a\n---', { name: 'a' }, '', 4],
    ['---  \nname: "x: y"\n---  \n\n# T\n', { name: 'x: y' }, '\n# T\n', 4],
  ])('%j', (text, data, body, bodyStartLine) => {
    const fm = parseFrontmatter(text, 'SKILL.md');
    expect(fm.present).toBe(true);
    expect(fm.data).toEqual(data);
    expect(fm.body).toBe(body);
    expect(fm.bodyStartLine).toBe(bodyStartLine);
    expect(fm.keyLines.name).toBe(2);
  });

  it.each([
    ['No frontmatter\n', 'frontmatter/missing'],
    ['---\nname: a\n', 'frontmatter/unclosed'],
    ['---\n---\nBody\n', 'frontmatter/empty'],
  ])('%j -> %s', (text, rule) => {
    expect(parseFrontmatter(text, 'SKILL.md').diagnostics.map((d) => d.ruleId)).toContain(rule);
  });
});

describe('the frontmatter fast path agrees with the yaml package', () => {
  it.each([
    ['name: a\ndescription: plain words here', true],
    ["name: 'it''s'\ndescription: \"quoted: fine\"", true],
    ['name: yes', false],
    ['version: 1.0', false],
    ['version: 0.1.0', true],
    ['version: 1.2.3\nname: a', true],
    ['version: 1.0.0-beta', false],
    ['version: 1.2.3.', false],
    ['description: "say \\"go\\" \\u00e9\\/ \\\\ done"', true],
    ['description: "tab\\tand\\nnewline"', true],
    ['description: "\\x41"', false],
    ['description: "bad \\q"', false],
    ['description: >\n  folded', false],
    ['tags: [a, b]', false],
    ['name: a # comment', false],
    ['name: a\nname: b', false],
  ])('%j (fast path taken: %s)', (yamlText, taken) => {
    const fast = parseSimpleYaml(yamlText);
    expect(fast !== undefined).toBe(taken);
    if (fast) expect(fast.data).toEqual(parseYaml(yamlText));
  });

  it('on every corpus markdown file whose frontmatter the fast path takes, under YAML 1.2 and 1.1', () => {
    const files = execSync(`find ${CORPUS_DIR} -name '*.md' -not -path '*/expected-plugineval/*'`).toString().trim().split('\n');
    let taken = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const m = /^---\n([\s\S]*?)\n---/.exec(text);
      if (!m) continue;
      const fast = parseSimpleYaml(m[1]!);
      if (!fast) continue;
      taken++;
      expect(fast.data, file).toEqual(parseYaml(m[1]!));
      expect(fast.data, file).toEqual(parseYaml(m[1]!, { version: '1.1' }));
    }
    expect(taken).toBeGreaterThan(15);
  });

  it('compat keeps PyYAML semantics: duplicate keys, last wins', () => {
    expect(compatFrontmatter('---\ndescription: one\ndescription: two\n---\n').data).toEqual({ description: 'two' });
  });
});
