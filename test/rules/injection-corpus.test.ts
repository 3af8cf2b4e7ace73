/**
 * The injection corpus, table-driven through `score` (default methodology) and `validate`: every attempt
 * is INJECTION_ATTEMPT at a line inside the inserted text and costs the badge; no legitimate sentence is
 * flagged or changes the badge. The base skill is examples/skills/changelog-writer (a Silver skill).
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreSkillDocument } from '../../src/api/score.js';
import { parseSkill } from '../../src/parse/skill.js';
import { validate } from '../../src/rules/validate/index.js';
import { injectionAttemptRule } from '../../src/rules/injection-attempt.js';
import { tempTree } from '../support/tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE = path.join(ROOT, 'examples', 'skills', 'changelog-writer');
const CORPUS = path.join(ROOT, 'test', 'fixtures', 'injection');

interface Entry {
  id: string;
  place: string;
  language: string;
  text: string;
}
const attempts = JSON.parse(readFileSync(path.join(CORPUS, 'attempts.json'), 'utf8')) as Entry[];
const legitimate = JSON.parse(readFileSync(path.join(CORPUS, 'legitimate.json'), 'utf8')) as Entry[];

const work = tempTree('plugin-eval-injection-corpus-').root;

interface Built {
  dir: string;
  rel: string;
  from: number;
  to: number;
}

/** 1-based first and last line of `inserted` inside `text`. */
function linesOf(text: string, inserted: string): { from: number; to: number } {
  const at = text.indexOf(inserted);
  if (at === -1) throw new Error('insert not found');
  const from = text.slice(0, at).split('\n').length;
  return { from, to: from + inserted.split('\n').length - 1 };
}

/** A copy of the base skill with `entry.text` put where `entry.place` says. */
function build(entry: Entry): Built {
  const dir = path.join(work, entry.id, 'changelog-writer');
  cpSync(BASE, dir, { recursive: true });
  const skillMd = path.join(dir, 'SKILL.md');
  let text = readFileSync(skillMd, 'utf8');
  const intoBody = (block: string): Built => {
    text = text.replace('# Changelog Writer\n\n', `# Changelog Writer\n\n${block}\n\n`);
    writeFileSync(skillMd, text);
    return { dir, rel: 'SKILL.md', ...linesOf(text, block) };
  };
  const intoFrontmatter = (line: string): Built => {
    text = text.replace('license: MIT\n', `license: MIT\nmetadata:\n${line}\n`);
    writeFileSync(skillMd, text);
    return { dir, rel: 'SKILL.md', ...linesOf(text, line) };
  };
  switch (entry.place) {
    case 'body':
    case 'markdown-comment':
      return intoBody(entry.text);
    case 'html-comment':
      return intoBody(`<!-- ${entry.text} -->`);
    case 'link-title':
      return intoBody(`See [the mapping](references/commit-types.md "${entry.text}").`);
    case 'fenced-code':
      return intoBody(`\`\`\`text\n${entry.text}\n\`\`\``);
    case 'frontmatter':
      return intoFrontmatter(`  note: ${JSON.stringify(entry.text)}`);
    case 'frontmatter-key':
      return intoFrontmatter(`  evaluator_note: ${JSON.stringify(entry.text)}`);
    case 'description': {
      const line = text.split('\n').find((l) => l.startsWith('description: '))!;
      const value = line.slice('description: '.length).replace('. Use when', ` (${entry.text}). Use when`);
      const replaced = `description: ${JSON.stringify(value)}`;
      text = text.replace(line, replaced);
      writeFileSync(skillMd, text);
      return { dir, rel: 'SKILL.md', ...linesOf(text, replaced) };
    }
    case 'reference': {
      const file = path.join(dir, 'references', 'commit-types.md');
      const reference = `${readFileSync(file, 'utf8')}\n${entry.text}\n`;
      writeFileSync(file, reference);
      return { dir, rel: 'references/commit-types.md', ...linesOf(reference, entry.text) };
    }
    default:
      throw new Error(`unknown place ${entry.place}`);
  }
}

async function scoreAndValidate(dir: string) {
  const parsed = await parseSkill(dir);
  if (!parsed.ok) throw new Error(`does not parse: ${JSON.stringify(parsed.diagnostics)}`);
  const result = scoreSkillDocument(parsed.skill, { methodology: 'default' });
  const report = await validate([dir]);
  return {
    result,
    flagged: result.antiPatterns.filter((a) => a.flag === 'INJECTION_ATTEMPT'),
    errors: report.diagnostics.filter((d) => d.ruleId === 'skill/injection-attempt'),
    // An attempt obfuscated with zero-width characters is also, rightly, skill/invisible-unicode's.
    otherErrors: report.diagnostics.filter(
      (d) => d.severity === 'error' && d.ruleId !== 'skill/injection-attempt' && d.ruleId !== 'skill/invisible-unicode',
    ),
  };
}

describe('the injection corpus', () => {
  it('holds at least 30 attempts in every place and ten languages, and at least 30 legitimate sentences', () => {
    expect(attempts.length).toBeGreaterThanOrEqual(30);
    expect(legitimate.length).toBeGreaterThanOrEqual(30);
    expect(new Set(attempts.map((a) => a.place))).toEqual(
      new Set([
        'body',
        'description',
        'frontmatter',
        'frontmatter-key',
        'html-comment',
        'markdown-comment',
        'link-title',
        'reference',
        'fenced-code',
      ]),
    );
    expect(new Set(attempts.map((a) => a.language))).toEqual(
      new Set(['en', 'fr', 'es', 'de', 'pt', 'it', 'zh', 'ja', 'ru', 'ko']),
    );
  });

  it('the base skill is clean and earns a badge (the control)', async () => {
    const { result, flagged, errors } = await scoreAndValidate(BASE);
    expect(flagged).toEqual([]);
    expect(errors).toEqual([]);
    expect(result.composite.badge).not.toBe('none');
  });
});

describe.each(attempts)('attempt $id', (entry) => {
  it(`is caught by score and validate where it is: ${JSON.stringify(entry.text).slice(0, 80)}`, async () => {
    const built = build(entry);
    const { result, flagged, errors, otherErrors } = await scoreAndValidate(built.dir);
    expect(otherErrors, 'the insert must not break the skill in other ways').toEqual([]);
    const file = path.join(built.dir, built.rel).split(path.sep).join('/');
    expect(flagged.length, JSON.stringify(result.antiPatterns)).toBeGreaterThan(0);
    for (const f of flagged) {
      expect(f.file).toBe(file);
      expect(f.line).toBeGreaterThanOrEqual(built.from);
      expect(f.line).toBeLessThanOrEqual(built.to);
      expect(f.description).toMatch(
        new RegExp(`^Injection attempt in ${built.rel.replace('.', '\\.')} line \\d+, column \\d+: `),
      );
    }
    expect(result.composite.badge).toBe('none');
    expect(errors.length).toBeGreaterThan(0);
    for (const d of errors) {
      expect(d.severity).toBe('error');
      expect(d.file).toBe(file);
      expect(d.line).toBeGreaterThanOrEqual(built.from);
      expect(d.line).toBeLessThanOrEqual(built.to);
      expect(d.column).toBeGreaterThanOrEqual(1);
    }
  });
});

describe.each(legitimate)('legitimate $id', (entry) => {
  it(`is not flagged: ${JSON.stringify(entry.text).slice(0, 80)}`, async () => {
    const built = build(entry);
    const { result, flagged, errors } = await scoreAndValidate(built.dir);
    expect(flagged).toEqual([]);
    expect(errors).toEqual([]);
    expect(result.composite.badge).not.toBe('none');
  });
});

describe('real skills are not flagged', () => {
  const SHARED = path.resolve(ROOT, '..', 'shared', 'corpus');
  it.skipIf(!existsSync(SHARED))(
    'no SKILL.md or reference file of the shared corpus or examples/ is an injection attempt',
    async () => {
      const { discoverTargets } = await import('../../src/parse/discover.js');
      const { targets } = await discoverTargets([SHARED, path.join(ROOT, 'examples')]);
      const skillDirs = new Set<string>();
      const { parsePlugin } = await import('../../src/parse/plugin.js');
      const hits: string[] = [];
      let references = 0;
      for (const t of targets) {
        const skills =
          t.kind === 'skill'
            ? [await parseSkill(t.dir)].flatMap((p) => (p.ok ? [p.skill] : []))
            : (await parsePlugin(t.dir)).skills;
        for (const skill of skills) {
          if (skillDirs.has(skill.dir)) continue;
          skillDirs.add(skill.dir);
          references += skill.references.length;
          hits.push(
            ...injectionAttemptRule.find(skill).map((h) => `${h.file}:${h.line}:${h.column} ${h.kind} ${h.excerpt}`),
          );
        }
      }
      expect(skillDirs.size).toBeGreaterThanOrEqual(42); // 40 corpus skills and 2 examples
      expect(references).toBeGreaterThan(50);
      expect(hits).toEqual([]);
    },
  );
});
