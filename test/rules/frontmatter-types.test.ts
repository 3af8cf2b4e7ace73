/**
 * score's zod-free frontmatter checks (src/rules/validation/frontmatter-types.ts) find the issues validate's zod
 * schemas find, key by key and code by code, so the two commands report the same schema rules.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AgentFrontmatter, CommandFrontmatter, SkillFrontmatter } from '../../src/model/manifests.js';
import {
  agentFrontmatterIssues,
  commandFrontmatterIssues,
  skillFrontmatterIssues,
} from '../../src/rules/validation/frontmatter-types.js';
import type { SchemaIssue } from '../../src/rules/types.js';

const VALUES: readonly unknown[] = [
  undefined,
  '',
  '   ',
  'ok',
  'tidy-notes',
  'Tidy Notes',
  '-x',
  'a--b',
  'has <tag>',
  ' padded ',
  5,
  1.5,
  true,
  null,
  [],
  ['Read'],
  ['Read', 1],
  {},
  { version: '1.0' },
  { version: 1, beta: false },
  { nested: { a: 1 } },
  { list: ['a'] },
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(500),
  'x'.repeat(501),
  'x'.repeat(1024),
  'x'.repeat(1025),
  '\u{1F600}'.repeat(64),
  '\u{1F600}'.repeat(1024),
  '\u{1F600}'.repeat(1025),
];

const keys = (issues: readonly { path: readonly PropertyKey[]; code: string }[]) =>
  issues.map((i) => `${String(i.path[0])}:${i.code}`).sort();

function compare(
  schema: z.ZodType,
  handWritten: (data: Record<string, unknown>) => SchemaIssue[],
  valid: Record<string, unknown>,
  extraKeys: readonly string[],
): number {
  let cases = 0;
  for (const key of [...Object.keys(valid), ...extraKeys])
    for (const value of VALUES) {
      const data: Record<string, unknown> = { ...valid };
      if (value === undefined) delete data[key];
      else data[key] = value;
      const zod = schema.safeParse(data);
      expect(keys(handWritten(data)), `${key}: ${JSON.stringify(value)?.slice(0, 40)}`).toEqual(
        zod.success ? [] : keys(zod.error.issues),
      );
      cases++;
    }
  return cases;
}

describe("score's frontmatter checks against validate's zod schemas", () => {
  it('SKILL.md', () => {
    const valid = { name: 'tidy-notes', description: 'Tidies notes. Use when notes need tidying.' };
    const cases = compare(SkillFrontmatter, skillFrontmatterIssues, valid, [
      'license',
      'allowed-tools',
      'metadata',
      'compatibility',
      'other',
    ]);
    expect(cases).toBe(7 * VALUES.length);
  });

  it('agents', () => {
    const valid = { name: 'helper', description: 'Helps.' };
    compare(AgentFrontmatter, agentFrontmatterIssues, valid, ['tools', 'model', 'color']);
  });

  it('commands', () => {
    compare(CommandFrontmatter, commandFrontmatterIssues, {}, [
      'description',
      'argument-hint',
      'allowed-tools',
      'model',
    ]);
  });
});
