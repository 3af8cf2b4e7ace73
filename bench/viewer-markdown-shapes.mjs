// Agent-output Markdown shapes for the review viewer's renderer (src/web/viewer/markdown.ts), hostile and plain. Shared
// by the scaling benchmark (bench/shapes.mjs) and the shape test (test/linear-cost.test.ts). Each generator returns
// about `size` characters of Markdown.

const fill = (unit, size) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const repeat = (unit) => (size) => fill(unit, size);

export const VIEWER_MARKDOWN_SHAPES = {
  'image openers "![a]("': repeat('![a]('),
  'link openers "[a]("': repeat('[a]('),
  'open brackets': repeat('['),
  'brackets and parens': repeat('[](('),
  'emphasis markers': repeat('*_'),
  'unclosed strong': repeat('**a '),
  'backtick runs': (size) =>
    Array.from({ length: Math.ceil(Math.sqrt(size)) }, (_, i) => '`'.repeat(i + 1))
      .join(' ')
      .slice(0, size),
  'raw HTML tags': repeat('<img src=x onerror=alert(1)>'),
  autolinks: repeat('<https://x.example/'),
  'entity references': repeat('&#x41;&amp;&'),
  'nested quotes': repeat('> '),
  'nested lists': (size) =>
    Array.from({ length: Math.ceil(size / 50) }, (_, i) => `${' '.repeat((i % 40) * 2)}- item`).join('\n'),
  'reference definitions': (size) =>
    Array.from({ length: Math.ceil(size / 20) }, (_, i) => `[r${i}]: http://x/${i}`).join('\n'),
  'table rows': (size) => `| a | b |\n|---|---|\n${fill('| 1 | 2 |\n', size)}`,
  'ordinary report': repeat(
    '## Findings\n\nThe **tides** rise twice a day; see [the source](https://example.org/tides).\n\n- one\n- two\n\n',
  ),
};
