/**
 * The Markdown scan classifies each line once for every reader of the prose (prose statistics' running prose, the
 * prose signals' lines): checked against the plain definitions those readers used before, which read the headings,
 * tables and blanked code lines and tested each line with their own expressions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseMarkdown, type MarkdownFacts } from '../../src/parse/markdown.js';
import { runningProse } from '../../src/rules/checks/default/prose-statistics.js';

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+|^\s*>/;

/** Running prose as defined by the headings, tables and code-blanked lines. */
function plainRunningProse(md: MarkdownFacts): string {
  const skip = new Set<number>();
  for (const h of md.headings) for (let k = 0; k < h.lines; k++) skip.add(h.line + k);
  for (const t of md.tables) for (let k = 0; k <= t.rows; k++) skip.add(t.line + k);
  const blocks: string[] = [];
  let open = false;
  md.proseLines.forEach((line, i) => {
    if (skip.has(i + 1) || line.trim() === '') {
      open = false;
      return;
    }
    if (open && !LIST_ITEM.test(line)) blocks[blocks.length - 1] += ` ${line.trim()}`;
    else blocks.push(line.trim());
    open = true;
  });
  return blocks.join('\n');
}

const plainProseTexts = (md: MarkdownFacts) => md.proseLines.map((l) => l.trim()).filter((l) => l !== '');

/** Seeded bodies built from line shapes that move the classification: fences, headings, tables, lists, blanks. */
function bodies(count: number): string[] {
  let seed = 32;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const indents = ['', ' ', '  ', '\t', '\u00a0', '\u3000', '\ufeff', '\u2028'];
  const tails = ['', ' ', '\t', '\u00a0', '\u2003'];
  const heads = ['- ', '* ', '+ ', '-', '1. ', '12) ', '1234567890. ', '123456789. ', '7.', '> ', '>', '# ', '## ', ''];
  const words = ['alpha', 'Beta', 'x|y', '| a | b |', '|---|---|', '---', '===', '```', '~~~', '`code`', 'z.'];
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => {
      if (rnd() < 0.15) return pick(indents) + pick(tails);
      if (rnd() < 0.1) return `${pick(heads)}| a | b |\n${pick(indents)}|---|:-:|\n| c | d |${pick(tails)}\n|e`;
      const text = Array.from({ length: Math.floor(rnd() * 4) }, () => pick(words)).join(pick([' ', '']));
      return pick(indents) + pick(heads) + text + pick(tails);
    }).join('\n'),
  );
}

describe('the Markdown scan classifies each line once', () => {
  it('running prose and the trimmed prose lines agree with the plain definitions on 1,000 seeded bodies', () => {
    const texts = bodies(1000);
    const facts = texts.map(analyseMarkdown);
    expect(facts.filter((md) => md.tables.length > 0).length).toBeGreaterThan(25);
    expect(facts.filter((md) => md.headings.some((h) => h.lines === 2)).length).toBeGreaterThan(25);
    expect(facts.map(runningProse)).toEqual(facts.map(plainRunningProse));
    expect(facts.map((md) => md.proseTexts)).toEqual(facts.map(plainProseTexts));
    for (const md of facts) expect(md.proseTextLines.map((i) => md.proseLines[i]!.trim())).toEqual(md.proseTexts);
  });

  it('agrees on the example skills', () => {
    const dir = path.resolve(__dirname, '../../examples/skills');
    const facts = fs
      .readdirSync(dir)
      .map((name) => path.join(dir, name, 'SKILL.md'))
      .filter((file) => fs.existsSync(file))
      .map((file) => analyseMarkdown(fs.readFileSync(file, 'utf8')));
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.map(runningProse)).toEqual(facts.map(plainRunningProse));
    expect(facts.map((md) => md.proseTexts)).toEqual(facts.map(plainProseTexts));
  });
});
