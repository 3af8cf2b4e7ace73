/**
 * Shapes of Markdown and YAML that once made scoring take seconds to minutes (issue 7 item 9). Each 200 KB shape is
 * scored with both methodologies and validated; a per-case limit on CPU time (not the wall clock, which a busy
 * machine stretches) catches a return of the cubic cases (they took 50+ s). The scaling figures themselves are in
 * `npm run bench:shapes`.
 */
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SHAPES } from '../bench/markdown-shapes.mjs';
import { VIEWER_MARKDOWN_SHAPES } from '../bench/viewer-markdown-shapes.mjs';
import { analyseTriggers } from '../src/rules/checks/default/signals.js';
import { score } from '../src/api/score.js';
import { lineWithoutReferences } from '../src/rules/checks/improvements/body-edits.js';
import { collectSkillMaterial } from '../src/judge/material.js';
import { codeSpans } from '../src/parse/markdown.js';
import { parseSkill } from '../src/parse/skill.js';
import { validate } from '../src/rules/validate/index.js';
import { renderMarkdown } from '../src/web/viewer/markdown.js';
import { DEFAULT_OUTPUT_LIMITS } from '../src/web/viewer/output-files.js';
import { cpuMsOf, HANG_LIMIT_MS } from './support/cpu-time.js';
import { tempTree } from './support/tmp.js';

const tmp = tempTree('plugin-eval-shapes-').root;
/** CPU time allowed per case: linear passes take well under a second; the cubic shapes took 50+ s. */
const CASE_CPU_LIMIT_MS = 10_000;

describe('every 200 KB shape scores and validates without a hang', () => {
  const shapes = Object.entries(SHAPES as Record<string, (size: number) => string>);
  it.each(shapes.map(([name], i) => [name, i] as const))(
    '%s',
    async (_name, i) => {
      const dir = path.join(tmp, `shape-${i}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'SKILL.md'), shapes[i]![1](200_000));
      const cpuMs = await cpuMsOf(async () => {
        for (const methodology of ['default', 'compat'] as const) {
          const run = await score([dir], { methodology });
          expect(run.results.length + run.failures.length).toBe(1);
          const [result] = run.results;
          if (result) expect(result.composite.score).toBeGreaterThanOrEqual(0);
        }
        const report = await validate([dir]);
        expect(report.targets).toBe(1);
      });
      expect(cpuMs).toBeLessThan(CASE_CPU_LIMIT_MS);
    },
    HANG_LIMIT_MS,
  );
});

// Seeded so a failure names a reproducible input.
function prng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

// Each comparison's differences are collected and asserted once: 20,000 expects cost seconds of CPU on their own.
describe('linear rewrites keep the exact results of the rules they replace', () => {
  it('codeSpans finds what /(`+)([^`]|[^`][\\s\\S]*?[^`])\\1(?!`)/g finds', () => {
    const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
    const rnd = prng(1);
    const differing: unknown[] = [];
    for (let n = 0; n < 20_000; n++) {
      const line = Array.from({ length: Math.floor(rnd() * 14) }, () => '`a `'[Math.floor(rnd() * 4)]).join('');
      const expected = [...line.matchAll(CODE_SPAN)].map((m) => ({
        start: m.index,
        end: m.index + m[0].length,
        content: m[2],
      }));
      const found = codeSpans(line);
      if (!isDeepStrictEqual(found, expected)) differing.push({ line, found, expected });
    }
    expect(differing).toEqual([]);
  });

  it('analyseTriggers agrees with the clause-by-clause definition', () => {
    // The definition, written the direct (quadratic) way: a trigger is negated when the text from the last clause
    // end before it holds a negation, unless a comma with only blanks after it starts a new clause.
    const TRIGGER =
      /\b(?:should\s+be\s+)?use[ds]?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever|for|to)\b|\buse\s+proactively\b|\btrigger(?:s|ed)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b|\bwhen\s+the\s+user\s+(?:asks|wants|needs|mentions|says)\b/gi;
    const NEGATION = /\b(?:not|never|don't|do not|doesn't|does not|avoid|except|unless|no need to|instead of)\b/i;
    const direct = (description: string) => {
      const positive: string[] = [];
      const negated: string[] = [];
      for (const m of description.matchAll(TRIGGER)) {
        const before = description.slice(0, m.index);
        const start = Math.max(...['.', ';', '!', '?', ':', '\n'].map((c) => before.lastIndexOf(c)));
        let clause = before.slice(start + 1);
        const comma = clause.lastIndexOf(',');
        if (comma !== -1 && clause.slice(comma + 1).trim() === '') clause = '';
        (NEGATION.test(clause) ? negated : positive).push(m[0]);
      }
      return { positive, negated };
    };
    const words = [
      'use when',
      'use for',
      'not',
      'do not',
      ',',
      ', ',
      '.',
      ':',
      '\n',
      'x',
      ' ',
      'avoid',
      'unless',
      'when the user asks',
      'trigger on',
      'instead of',
      'never',
    ];
    const rnd = prng(7);
    const differing: unknown[] = [];
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from(
        { length: Math.floor(rnd() * 12) },
        () => words[Math.floor(rnd() * words.length)]! + (rnd() < 0.5 ? ' ' : ''),
      ).join('');
      const found = analyseTriggers(text);
      const expected = direct(text);
      if (!isDeepStrictEqual(found, expected)) differing.push({ text, found, expected });
    }
    expect(differing).toEqual([]);
  });
});

describe('dead links taken out of a line', () => {
  it('keeps every link text of a 50,000-link line and the links that resolve, in one edit', () => {
    const links = Array.from({ length: 50_000 }, (_, i) => `[r${i}](references/m${i}.md)`);
    const line = `See ${links.join(' ')} and [kept](references/here.md), ![img](<references/m1.md> "t") or skills/x/ and agents/y.md.`;
    const dead = [...links.map((_, i) => `references/m${i}.md`), 'skills/x/', 'agents/y.md'];
    const expected = `See ${links.map((_, i) => `r${i}`).join(' ')} and [kept](references/here.md), img or x and y.`;
    expect(lineWithoutReferences(line, dead)).toBe(expected);
  });
});

describe('the review viewer renders every Markdown shape at the per-file cap, escaped, with output linear in input', () => {
  const shapes = Object.entries(VIEWER_MARKDOWN_SHAPES as Record<string, (size: number) => string>);
  it.each(shapes.map(([name], i) => [name, i] as const))(
    '%s',
    async (_name, i) => {
      const source = shapes[i]![1](DEFAULT_OUTPUT_LIMITS.textBytes);
      let html = '';
      const cpuMs = await cpuMsOf(async () => (html = await renderMarkdown(source)));
      expect(cpuMs).toBeLessThan(CASE_CPU_LIMIT_MS);
      expect(html.length).toBeLessThanOrEqual(6 * source.length + 64);
      expect(html).not.toMatch(/<(?:script|img|iframe)\b|\bhref="(?!https?:)/i);
    },
    HANG_LIMIT_MS,
  );
});

describe('files past their budget are read in part, whatever their size', () => {
  it('the judge reads as much of a 1.9 GB sparse reference as of a 4 MB one', async () => {
    const sizes = [4 * 1024 ** 2, Math.floor(1.9 * 1024 ** 3)];
    const materials = [];
    for (const [i, size] of sizes.entries()) {
      const dir = path.join(tmp, `sparse-${i}`);
      mkdirSync(path.join(dir, 'references'), { recursive: true });
      writeFileSync(
        path.join(dir, 'SKILL.md'),
        '---\nname: sparse\ndescription: Use when reading a sparse reference. Writes a report.\n---\n\n# ' +
          'Sparse\n\nSee [notes](references/notes.md).\n',
      );
      writeFileSync(path.join(dir, 'references/notes.md'), 'notes line\n'.repeat(40_000));
      truncateSync(path.join(dir, 'references/notes.md'), size);
      const parsed = await parseSkill(dir);
      if (!parsed.ok) throw new Error('does not parse');
      materials.push(await collectSkillMaterial(parsed.skill));
    }
    expect(materials[1]!.text).toBe(
      materials[0]!.text.replace(`of ${Math.ceil(sizes[0]! / 4)} tokens`, `of ${Math.ceil(sizes[1]! / 4)} tokens`),
    );
    expect(materials[1]!.files[1]).toMatchObject({ path: 'references/notes.md', tokens: Math.ceil(sizes[1]! / 4) });
  });
});
