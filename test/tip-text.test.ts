import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import type { ScoreResult, Tip } from '../src/model/result.js';
import { TIP_EXAMPLES, TIP_TEXTS, quoted, tipText } from '../src/rules/checks/improvements/tip-text.js';
import { CLAUDE_TOOL_ALTERNATION } from '../src/rules/checks/shared/claude-tools.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';

/**
 * No tip text is assembled from fragments of the skill: every action, after its quoted spans (the author's words)
 * are set aside, is made of the fixed templates alone, and every example is one fixed example with only the
 * target's own name filled in. Run on real skills: a slice of the shared corpus kept as fixtures, and the whole
 * shared folder (corpus and validity tasks) when it sits beside the repository.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'test/fixtures/tips-corpus');
const SHARED = path.resolve(ROOT, '../shared');
const SHARED_DIRS = ['corpus', 'validity'].map((d) => path.join(SHARED, d));

const TOOLS = `(?:${CLAUDE_TOOL_ALTERNATION})`;
/** `{w}` values: tool-name lists, `$ARGUMENTS`, `$1..$N`, argument hints. */
const FIXED_WORDS = new RegExp(
  `${TOOLS}(?:, ${TOOLS})*|\\$ARGUMENTS|\\$1\\.\\.\\$\\d|\\[arguments\\]|<arg1>(?: <arg\\d>)*`,
  'g',
);

/** Quoted spans set aside, fixed words and numbers (or lists of them) made slots, as the templates are. */
function normalise(text: string): string {
  return text
    .replace(/"[^"\n]*"(?:, "[^"\n]*")*/g, 'Q')
    .replace(FIXED_WORDS, 'W')
    .replace(/\d+(?:, \d+)*/g, 'N');
}

const slots = (template: string): string =>
  normalise(template.replace(/\{q\}/g, '"q"').replace(/\{w\}/g, 'W').replace(/\{n\}/g, '0'));

const ACTION_PIECES = Object.values(TIP_TEXTS)
  .map(slots)
  .sort((a, b) => b.length - a.length);
const EXAMPLES = new Set(Object.values(TIP_EXAMPLES).map((t) => slots(t.replace(/\{name\}/g, 'NAME'))));

/** What is left of an action once every template piece is taken out: only separators, if it is all fixed text. */
function leftOver(action: string): string {
  let rest = normalise(action);
  for (const piece of ACTION_PIECES) rest = rest.split(piece).join(' ');
  return rest.replace(/[\s.;]+/g, '');
}

/** The names a tip's example may carry: its target's folder or file name and the component's own name. */
function namesOf(tip: Tip, result: ScoreResult): string[] {
  const base = path.basename(tip.target.path).replace(/\.md$/, '');
  const component = result.components?.find((c) => c.path === tip.target.path)?.name;
  const own = result.target.path === tip.target.path ? result.target.name : undefined;
  return [base, component, own]
    .filter((n): n is string => n !== undefined && n !== '')
    .sort((a, b) => b.length - a.length);
}

function exampleMatches(tip: Tip, result: ScoreResult): boolean {
  if (tip.example === undefined) return true;
  let text = tip.example;
  for (const name of namesOf(tip, result)) text = text.split(name).join('NAME');
  return EXAMPLES.has(normalise(text));
}

/** Every static tip of every result under `dirs`, checked; returns how many tips and results were checked. */
async function checkTips(dirs: string[]): Promise<{ tips: number; results: number }> {
  const run = await score(dirs, { methodology: 'default' });
  let tips = 0;
  const bad: string[] = [];
  for (const result of run.results) {
    for (const tip of result.tips) {
      if (tip.source === 'judge') continue;
      tips++;
      const rest = leftOver(tip.action);
      if (rest !== '') bad.push(`${tip.target.path} ${tip.id}: action not from the templates (left: ${rest})`);
      if (!exampleMatches(tip, result))
        bad.push(`${tip.target.path} ${tip.id}: example not a fixed example: ${tip.example}`);
    }
  }
  expect(bad).toEqual([]);
  return { tips, results: run.results.length };
}

describe('tip texts are fixed text with the author quoted', () => {
  it('the check itself: a sentence built from the skill fails, a quoted one passes', () => {
    const fixed = `${tipText('descriptionQuoted', 'Helps with "things", a lot.')} ${tipText('gapNoTrigger')}; ${tipText('gapLength', 26)}. ${tipText('descriptionFix')}`;
    expect(leftOver(fixed)).toBe('');
    // The old rewrite: the author's words made into a new sentence, unquoted.
    expect(leftOver('Rewrite the description: Use when calling commands should.')).not.toBe('');
    expect(leftOver(`${tipText('output')} Use for profiling a CSV file.`)).not.toBe('');
    // A quoted span cannot end early: the author's double quotes become single ones.
    expect(quoted('say "stop" now')).toBe(`"say 'stop' now"`);
  });

  it(
    'on the fixtures (a slice of the shared corpus)',
    async () => {
      const { tips, results } = await checkTips([FIXTURES]);
      console.log(`tip texts checked on the fixtures: ${tips} tips over ${results} results`);
      expect(results).toBeGreaterThanOrEqual(7);
      // Enough tips to mean something; the figure is in docs/methodology.md.
      expect(tips).toBeGreaterThanOrEqual(20);
    },
    HANG_LIMIT_MS,
  );

  it.skipIf(!SHARED_DIRS.every(existsSync))(
    'on every skill and plugin of the shared corpus and validity tasks (skipped when ../shared is absent)',
    async () => {
      const { tips, results } = await checkTips(SHARED_DIRS);
      console.log(`tip texts checked on the shared folder: ${tips} tips over ${results} results`);
      expect(results).toBeGreaterThanOrEqual(100);
      expect(tips).toBeGreaterThan(0);
    },
    HANG_LIMIT_MS,
  );
});
