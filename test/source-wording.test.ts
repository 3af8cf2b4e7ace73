import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Wording in src/ that a new reader cannot follow: "the seed" (name the document instead: PluginEval's methodology,
 * skill-creator's schemas, the skill-evaluator agent, the advanced-evaluation guide) and this project's issue numbers
 * (say what the code does and why; the history is in git). A third party's bug, `owner/repo#123`, is a reference
 * and stays.
 */
const WORDING: readonly { problem: string; pattern: RegExp; commentsOnly?: boolean }[] = [
  { problem: '"the seed": name the document', pattern: /\bthe seeds?\b(?! (?:of|for|value|number)\b)|\bseed's\b/gi },
  { problem: '"the seed": name the document', pattern: /\bseed (?:formulas?|weights?|order|table|words)\b/gi },
  { problem: 'an issue number', pattern: /\b(?:issues?|PR|pull request|ticket)\s+#?\d+/gi },
  // `#12` in a comment; in code a `#` and digits are a colour, an entity or a label.
  { problem: 'an issue number', pattern: /(?<![\w/.&-])#\d+\b(?!["'`])/g, commentsOnly: true },
];

const SRC = resolve(import.meta.dirname, '../src');

/** The comment part of a line: all of it in a block comment or after `//` at its start, else what follows ` // `. */
function commentOf(line: string): string {
  const t = line.trimStart();
  if (t.startsWith('*') || t.startsWith('/*') || t.startsWith('//')) return line;
  const at = line.indexOf(' // ');
  return at === -1 ? '' : line.slice(at);
}

function findings(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { problem, pattern, commentsOnly } of WORDING) {
      for (const m of (commentsOnly ? commentOf(line) : line).matchAll(pattern))
        found.push(`${i + 1}: ${problem}: "${m[0]}"`);
    }
  });
  return found;
}

describe('wording in src/', () => {
  it('catches what it is meant to catch, and leaves seeds of randomness and third-party bugs alone', () => {
    expect(findings("/** The seed's starting rating. */")).toHaveLength(1);
    expect(findings('// default 500 (the seed).')).toHaveLength(1);
    expect(findings("'online Elo (seed formulas, ...)'")).toHaveLength(1);
    expect(findings(' * Elo ratings (issue 9 item 6), per the methodology')).toHaveLength(1);
    expect(findings('// fixed in #42')).toHaveLength(1);
    expect(findings('// Since Issue 7: coherence first')).toHaveLength(1);
    expect(findings('/** Seed for the quality bootstrap; the seed of the split. */')).toEqual([]);
    expect(findings('// SQLITE_BUSY included (tursodatabase/libsql-client-ts#352)')).toEqual([]);
    expect(findings(`const css = 'color:#222; color: #333', entity = '&#39;', label = 'sonnet#1';`)).toEqual([]);
    expect(findings('/** 1-based run number, as "#3"; microsoft/waza#285 found it. */')).toEqual([]);
  });

  it('names documents rather than "the seed", and carries no issue numbers', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) =>
      findings(readFileSync(join(SRC, f), 'utf8')).map((p) => `${relative(resolve(SRC, '..'), join(SRC, f))}:${p}`),
    );
    expect(problems).toEqual([]);
  });
});
