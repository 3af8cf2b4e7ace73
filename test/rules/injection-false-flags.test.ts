/**
 * No false flags where they would hurt most: every text file of the shared corpus of real skills and
 * plugins (agents and commands included, not only skills), and skills that are ABOUT evaluation (rubric
 * writers, LLM judges, graders, review gates, injection screening: test/fixtures/injection-evaluation-skills),
 * which address judges and talk about scores, verdicts and passing all the time without addressing theirs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectInjection } from '../../src/rules/injection-attempt.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = path.resolve(ROOT, '..', 'shared', 'corpus');
const EVALUATION_SKILLS = path.join(ROOT, 'test', 'fixtures', 'injection-evaluation-skills');

function* textFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) yield* textFiles(file);
    else if (/\.(?:md|markdown|txt|ya?ml|json)$/i.test(name) && stat.size < 2_000_000) yield file;
  }
}

function flagsIn(dir: string): { files: number; hits: string[] } {
  let files = 0;
  const hits: string[] = [];
  for (const file of textFiles(dir)) {
    files++;
    for (const f of detectInjection(readFileSync(file, 'utf8')))
      hits.push(`${path.relative(dir, file)}:${f.line}:${f.column} ${f.kind} ${f.excerpt}`);
  }
  return { files, hits };
}

describe('no false flags', () => {
  it('on skills about evaluation (rubric writer, LLM judge, essay grader, review gate, injection screening, eval report)', () => {
    const { files, hits } = flagsIn(EVALUATION_SKILLS);
    expect(files).toBeGreaterThanOrEqual(6);
    expect(hits).toEqual([]);
  });

  it.skipIf(!existsSync(SHARED))(
    'on every text file of the shared corpus (skills, references, agents, commands, READMEs)',
    () => {
      const { files, hits } = flagsIn(SHARED);
      expect(files).toBeGreaterThan(100);
      expect(hits).toEqual([]);
    },
  );
});
