/**
 * Differential test against skills-ref, the Agent Skills spec's reference validator: each of its own test cases is a
 * fixture (test/fixtures/skills-ref/<case>/expected.json names the test it comes from), and our `validate` must reach
 * the same verdict (valid: no error; invalid: at least one error), except for the differences docs/rules.md justifies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { validate } from '../../src/rules/validate/index.js';
import { tempTree } from '../support/tmp.js';

const ROOT = path.join(import.meta.dirname, '..', 'fixtures', 'skills-ref');

interface Expected {
  case: string;
  expect: 'valid' | 'invalid';
  target: string;
  source: { repo: string; path: string; commit: string; test: string };
}

/** The cases where we deliberately differ from skills-ref, with the rule that decides (see docs/rules.md). */
const DIFFERENCES: Readonly<Record<string, string>> = {
  'i18n-chinese-name': 'skill/name-format',
  'i18n-russian-lowercase-valid': 'skill/name-format',
  'i18n-russian-name-with-hyphens': 'skill/name-format',
  'nfkc-normalization': 'skill/name-format',
  'unexpected-fields': 'skill/unknown-key',
};

const cases = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => JSON.parse(readFileSync(path.join(ROOT, e.name, 'expected.json'), 'utf8')) as Expected);

/** Our verdict and the ids of every diagnostic behind it. */
async function verdict(c: Expected): Promise<{ valid: boolean; ruleIds: string[] }> {
  try {
    const report = await validate([path.join(ROOT, c.case, c.target)]);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    return { valid: errors.length === 0, ruleIds: report.diagnostics.map((d) => d.ruleId) };
  } catch (err) {
    // A path that does not exist or is no folder stops `validate` with its usage message (exit 2).
    if (err instanceof InputError) return { valid: false, ruleIds: ['input'] };
    throw err;
  }
}

describe("skills-ref's own test cases", () => {
  it('every case names its source test at a commit', () => {
    expect(cases.length).toBe(31);
    for (const c of cases) {
      expect(c.source.repo).toBe('agentskills/agentskills');
      expect(c.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(c.source.test).toMatch(/^test_/);
    }
  });

  it('our validate agrees with skills-ref on every case but the justified differences', async () => {
    const disagreements: Record<string, string> = {};
    for (const c of cases) {
      const ours = await verdict(c);
      if (ours.valid === (c.expect === 'valid')) continue;
      // The rule that makes the difference is the one docs/rules.md names.
      const rule = DIFFERENCES[c.case];
      disagreements[c.case] = rule !== undefined && ours.ruleIds.includes(rule) ? rule : ours.ruleIds.join(', ');
    }
    expect(disagreements).toEqual(DIFFERENCES);
    expect(cases.length - Object.keys(disagreements).length).toBe(26);
  });
});

describe('lengths in characters (code points)', () => {
  const tree = tempTree('plugin-eval-spec-lengths-');
  const skill = (dir: string, frontmatter: string) =>
    path.dirname(tree.write(`${dir}/SKILL.md`, `---\nname: ${dir}\n${frontmatter}\n---\n\nBody.\n`));

  it('counts an emoji as one character in the description, name and compatibility limits', async () => {
    const emoji = '\u{1F600}';
    const fits = skill('fits', `description: "${emoji.repeat(1024)}"\ncompatibility: "${emoji.repeat(500)}"`);
    const over = skill('over', `description: "${emoji.repeat(1025)}"\ncompatibility: "${emoji.repeat(501)}"`);
    const report = await validate([fits, over]);
    const lengthErrors = report.diagnostics.filter((d) =>
      ['skill/description-length', 'skill/compatibility'].includes(d.ruleId),
    );
    expect(lengthErrors.map((d) => [path.basename(path.dirname(d.file)), d.ruleId, d.message])).toEqual([
      ['over', 'skill/description-length', 'description is 1025 characters; the limit is 1024'],
      ['over', 'skill/compatibility', 'compatibility must be a string of 1-500 characters'],
    ]);
  });
});
