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

  // What Claude Code 2.1.330's `claude plugin validate` says of each: the quoted value fails to parse ("loads with
  // empty metadata"), the plain one is silently cut, and `...` closes no frontmatter ("No frontmatter block found").
  it.each([
    ['---\nname: a\ndescription: "before --- after"\n---\nBody\n', 3, 'empty metadata'],
    ['---\nname: a\ndescription: before --- after\nlicense: MIT\n---\nBody\n', 3, 'reads only what comes before it'],
    ['---\nname: a\ndescription: x\n...\nBody\n', 4, 'does not accept'],
  ])('%j is read differently by Claude Code', (text, line, words) => {
    const fm = parseFrontmatter(text, 'SKILL.md');
    const fence = fm.diagnostics.filter((d) => d.ruleId === 'frontmatter/claude-code-fence');
    expect(fence.map((d) => [d.severity, d.line])).toEqual([['error', line]]);
    expect(fence[0]!.message).toContain(words);
    // Our own reading is the YAML one, so every other rule still sees the keys.
    expect(fm.data?.name).toBe('a');
  });

  it('a frontmatter with no `---` inside and a `---` close has no fence problem', () => {
    const fm = parseFrontmatter('---\nname: a\ndescription: a - b -- c\n---\nx --- y\n', 'SKILL.md');
    expect(fm.diagnostics).toEqual([]);
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
    ['name: a # comment', false],
    ['name: a\nname: b', false],
    // booleans: only the two spellings YAML 1.1 and 1.2 both read as booleans
    ['user-invocable: true\ndisable-model-invocation: false', true],
    ['user-invocable: True', false],
    ['user-invocable: yes', false],
    // block lists of one-line strings
    ['allowed-tools:\n  - Read\n  - Bash(ls *)\n  - Bash(git:*)\nname: a', true],
    ["allowed-tools:\n- Read\n- \"Write\"\n\n- 'it''s'\nname: a", true],
    ['tools:\n  - Read\n    - Write', false],
    ['tools:\n  - Read\n - Write', false],
    ['tools:\n  - Read\n    continued', false],
    ['tools:\n  - Read\n  # note\nname: a', false],
    ['tools:\n  - a: b', false],
    ['tools:\n  - true', false],
    ['tools:\n  - 1.5', false],
    ['tools:\n  -', false],
    ['tools:\n  - - nested', false],
    ['tools:\nname: a', false],
    ['tools:', false],
    ['tools:\n\t- Read', false],
    // flow lists of simple words
    ['tags: [a, b]', true],
    ['allowed-tools: [Read, Glob, Grep, Bash]', true],
    ['tags: []', true],
    ['tags: [a, b,]', false],
    ['tags: [a, yes]', false],
    ['tags: [a, null]', false],
    ['tags: [a, 1]', false],
    ['tags: [Bash(git:*)]', false],
    ['tags: [a b]', false],
    ['tags: [a, [b]]', false],
    ['tags: [a] # c', false],
    ['tags: {a: b}', false],
    // a value starting with `<` (an argument hint), but not YAML 1.1's merge key
    ['argument-hint: <required-arg> [optional-arg]', true],
    ['argument-hint: <file>\nname: a', true],
    ['argument-hint: <<', false],
    ['argument-hint: << x', false],
    ['tags: [<a>]', false],
    // a double-quoted string wrapped over indented lines, opened on the key's line or alone on the next
    ['description:\n  "Solve a\n  b c"', true],
    ['description: "a b\n  c d"\nname: x', true],
    ['description: "a b  \n    c d  "', true],
    ['description:\n  "a #b\n  c: d"', true],
    ['description:\n  "a"', true],
    ['description:\n  "a\n\n  b"', false],
    ['description: "a\nb"', false],
    ['description:\n  "a"\n  x', false],
    ['description: "a\n  \\"b\\""', false],
    ['description: "a\n  b\\n c"', false],
    ['description: "a\n\t b"', false],
    // keys YAML 1.1 reads as booleans
    ['on: x', false],
    ['n: x\nname: a', false],
  ])('%j (fast path taken: %s)', (yamlText, taken) => {
    const fast = parseSimpleYaml(yamlText);
    expect(fast !== undefined).toBe(taken);
    if (fast) {
      expect(fast.data).toEqual(parseYaml(yamlText));
      expect(fast.data).toEqual(parseYaml(yamlText, { version: '1.1' }));
    }
  });

  it('on generated frontmatters built from tricky pieces, under YAML 1.2 and 1.1', () => {
    // Keys, values and list items that sit on the edge of what the fast path takes: each generated text the fast
    // path accepts must read exactly as the yaml package reads it, keys' lines included.
    const values = [
      'plain words',
      'a:b',
      'a: b',
      'x #y',
      'x#y',
      "'q''d'",
      '"d \\"q\\""',
      '"bad',
      'true',
      'false',
      'True',
      'no',
      'on',
      '~',
      'null',
      '0.1.0',
      '1.0',
      '-x',
      '*x',
      '&a',
      '[a, b]',
      '[a,b]',
      '[]',
      '[ a , b ]',
      '[a, on]',
      '[a, 0x1]',
      '[.a]',
      '[a, b]]',
      'é à',
      'C#',
      'Bash(ls *)',
      '<arg> [opt]',
      '<',
      '<<',
      '<<a',
      '< a: b',
      '<a #b',
      '"wrapped\n  across lines"',
      '"a  \n    b  "',
      '"a\n  b\n  c: d #e"',
      '\n  "on the next\n  line"',
      '\n  "next line"',
      '\n    "deeper\n  less"',
      '"\n  x"',
      '"x\n  "',
      '"x\n"',
      '"x\n  y" z',
      '\n  "x\ny"',
    ];
    const items = [
      'Read',
      'Bash(ls *)',
      '<file>',
      '<<',
      '"q"',
      "'s'",
      'a: b',
      'yes',
      'true',
      '1',
      'x #c',
      '- y',
      'mcp__a__b',
      '',
    ];
    const indents = ['', '  ', '    '];
    let seed = 7;
    const pick = <T>(xs: readonly T[]): T => xs[(seed = (seed * 1103515245 + 12345) % 2147483648) % xs.length]!;
    let taken = 0;
    let wrapped = 0;
    for (let n = 0; n < 3000; n++) {
      const lines: string[] = [];
      const keys = 1 + (n % 4);
      for (let k = 0; k < keys; k++) {
        const key = pick(['name', 'description', 'allowed-tools', 'tags', 'name', 'on', 'y']);
        if (pick([0, 1]) === 0) lines.push(`${key}: ${pick(values)}`);
        else {
          lines.push(`${key}:`);
          const indent = pick(indents);
          for (let i = 0, count = pick([0, 1, 2, 3]); i < count; i++)
            lines.push(`${pick([indent, indent, pick(indents)])}- ${pick(items)}`);
          if (pick([0, 1, 2, 3]) === 0) lines.push(pick(['', '  cont', '# c']));
        }
      }
      const text = lines.join('\n');
      const fast = parseSimpleYaml(text);
      if (!fast) continue;
      taken++;
      if (Object.values(fast.data).some((v) => v === 'wrapped across lines' || v === 'on the next line')) wrapped++;
      expect(fast.data, text).toEqual(parseYaml(text));
      expect(fast.data, text).toEqual(parseYaml(text, { version: '1.1' }));
      expect(parseFrontmatter(`---\n${text}\n---\n`, 'SKILL.md').keyLines, text).toEqual(
        Object.fromEntries(Object.entries(fast.keyLines).map(([k, l]) => [k, l + 1])),
      );
    }
    // Most texts hold something the fast path declines; enough are taken for the comparison to mean something.
    expect(taken).toBeGreaterThan(200);
    expect(wrapped).toBeGreaterThan(5);
  });

  it('on every corpus markdown file whose frontmatter the fast path takes, under YAML 1.2 and 1.1', () => {
    const files = execSync(`find ${CORPUS_DIR} -name '*.md' -not -path '*/expected-plugineval/*'`)
      .toString()
      .trim()
      .split('\n');
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

  it('takes the corpus frontmatters that hold only lists of strings and booleans besides strings', () => {
    // allowed-tools lists and user-invocable flags are common in real skills: they no longer need the YAML parser.
    const configure = readFileSync(
      `${CORPUS_DIR}/claude-plugins-official/external_plugins/discord/skills/configure/SKILL.md`,
      'utf8',
    );
    const fast = parseSimpleYaml(/^---\n([\s\S]*?)\n---/.exec(configure)![1]!);
    expect(fast?.data['allowed-tools']).toEqual(['Read', 'Write', 'Bash(ls *)', 'Bash(mkdir *)']);
    expect(fast?.data['user-invocable']).toBe(true);
  });

  it('compat keeps PyYAML semantics: duplicate keys, last wins', () => {
    expect(compatFrontmatter('---\ndescription: one\ndescription: two\n---\n').data).toEqual({ description: 'two' });
  });
});
