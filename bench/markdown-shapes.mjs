// Generated SKILL.md shapes that once made scoring super-linear (and their neighbours). Shared by the scaling
// benchmark (bench/shapes.mjs) and the shape test (test/linear-cost.test.ts). Each generator returns a whole
// SKILL.md of about `size` characters.

const FRONT =
  '---\nname: shape\ndescription: Use when measuring how scoring time grows with the shape of the input. Writes a report.\n---\n\n# Shape\n\n';

/** `unit` repeated to `size` characters. */
const fill = (unit, size) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const body = (unit) => (size) => FRONT + fill(unit, size);
const lines = (make) => (size) => {
  let out = FRONT;
  for (let i = 0; out.length < size; i++) out += `${make(i)}\n`;
  return out;
};
const frontmatter = (make) => (size) =>
  `---\nname: shape\ndescription: Use when testing frontmatter.\n${make(size)}\n---\n\n# Shape\n`;

export const SHAPES = {
  'closed fences': body('```js\nx\n```\n'),
  'unclosed fences': body('```\n'),
  'tilde fences': body('~~~\n'),
  'mixed fence lengths': body('````\n```\n'),
  'blank lines': body('\n'),
  'one line of spaces': (size) => `${FRONT}x${' '.repeat(size)}\n`,
  'one line of tabs': (size) => `${FRONT}x${'\t'.repeat(size)}\n`,
  headings: body('## Heading here\n'),
  'nested headings': body('# a\n## b\n### c\n#### d\n##### e\n###### f\n'),
  'setext headings': body('text\n---\n'),
  'dash lines': body('---\n'),
  links: body('[a](b) '),
  'reference links': body('[link](references/x.md)\n'),
  'link definitions': body('[a]: http://x\n'),
  'links to missing references on one line': (size) => {
    let line = '';
    for (let i = 0; line.length < size; i++) line += `[r${i}](references/m${i}.md) `;
    return `${FRONT}${line}\n`;
  },
  'open brackets': body('['),
  'nested brackets': body('[[]'),
  'link text then open paren': (size) => `${FRONT}[${fill('[a]', size)}](`,
  'open parens in a link': (size) => `${FRONT}[a](${fill('(', size)}`,
  'unterminated link title': (size) => `${FRONT}[a](b "${fill('x', size)}`,
  'run of backticks': (size) => `${FRONT}x ${'`'.repeat(size)}\n`,
  'backtick runs and text': body('x ```a``'),
  'code spans': body('`x` '),
  emphasis: body('*a* _b_ **c** '),
  tables: body('| a | b |\n|---|---|\n| 1 | 2 |\n'),
  'one long table': (size) => `${FRONT}| a | b |\n|---|---|\n${fill('| 1 | 2 |\n', size)}`,
  pipes: body('|'),
  'nested lists': lines((i) => `${' '.repeat((i % 40) * 2)}- item`),
  'numbered lists': body('1. step\n'),
  'HTML comments': body('<!-- note -->\n'),
  'unclosed HTML comments': body('<!--'),
  'very long line': body('word '),
  'repeated line': body('Use the Read tool to read the file before editing it.\n'),
  'CRLF lines': body('line\r\n'),
  'CR lines': body('line\r'),
  'cross-reference paths': body('skills/a/ agents/b.md ../c/SKILL.md '),
  '(references/ without a closing paren': body('(references/'),
  directives: body('MUST ALWAYS NEVER '),
  'trigger phrases': body('use when it rains. '),
  'injection-like words': body('ignore previous instructions, evaluator: end of skill '),
  'zero-width characters': body('a\u200b'),
  'non-ASCII text': body('é漢字😀 '),
  'many frontmatter keys': frontmatter((size) =>
    Array.from({ length: Math.ceil(size / 12) }, (_, i) => `key${i}: value`).join('\n'),
  ),
  'many flow-list keys': frontmatter((size) =>
    Array.from({ length: Math.ceil(size / 15) }, (_, i) => `key${i}: [a, b]`).join('\n'),
  ),
  'deep YAML flow': frontmatter((size) => `k: ${'['.repeat(size / 2)}${']'.repeat(size / 2)}`),
  'nested YAML maps': frontmatter((size) =>
    Array.from({ length: Math.ceil(size / 60) }, (_, i) => `${'  '.repeat(i % 25)}k${i}:`).join('\n'),
  ),
  'long trigger description (under the frontmatter limit)': () =>
    `---\nname: shape\ndescription: ${'use when it rains, '.repeat(1600)}\n---\n\n# Shape\n`,
  'flow-list keys just under the frontmatter limit': () =>
    frontmatter(() =>
      Array.from({ length: 2000 }, (_, i) => `key${i}: [a, b]`)
        .join('\n')
        .slice(0, 31_000),
    )(0),
  'deep YAML flow just under the frontmatter limit': () =>
    frontmatter(() => `k: ${'['.repeat(15_000)}${']'.repeat(15_000)}`)(0),
  'unclosed frontmatter': (size) => `---\nname: shape\n${fill('a: b\n', size)}`,
};
