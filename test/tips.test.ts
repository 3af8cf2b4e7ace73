import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { applyEdits, setFrontmatterKey } from '../src/checks/improvements/edits.js';
import { parseFrontmatter } from '../src/parse/frontmatter.js';
import type { ScoreResult, SkillEdit, Tip } from '../src/model/result.js';
import { compositeOf } from '../src/score/composite.js';
import { judgeTips, rankTips } from '../src/score/tips.js';
import type { LayerOutput } from '../src/layers/types.js';
import { CORPUS_DIR } from './support/corpus.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-tips-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Follow a tip literally: apply its edits to the files of a skill folder on disk. */
function applyOnDisk(dir: string, edits: readonly SkillEdit[]): void {
  const names = new Set(['SKILL.md', ...edits.flatMap((e) => ('file' in e ? [e.file] : []))]);
  const files = new Map<string, string | null>();
  for (const n of names) if (existsSync(path.join(dir, n))) files.set(n, readFileSync(path.join(dir, n), 'utf8'));
  for (const rel of applyEdits(files, edits)) {
    const abs = path.join(dir, rel);
    const text = files.get(rel);
    if (text === null || text === undefined) unlinkSync(abs);
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    }
  }
}

let copies = 0;
/** A fresh copy of `folder` (a folder of skills, so siblings still resolve), returning the copy's path. */
function copyOf(folder: string): string {
  const dest = path.join(work, `c${copies++}`, path.basename(folder));
  cpSync(folder, dest, { recursive: true });
  return dest;
}

async function scoreOne(dir: string): Promise<ScoreResult> {
  const run = await score([dir], { methodology: 'default' });
  expect(run.results).toHaveLength(1);
  return run.results[0]!;
}

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango'];

/** A skill that needs help everywhere: seven anti-pattern instances and missing sections. */
function troubledSkill(): string {
  const dir = path.join(work, 'made', 'skills', 'troubled-skill');
  mkdirSync(path.join(dir, 'references'), { recursive: true });
  writeFileSync(path.join(dir, 'references', 'empty.md'), '');
  const body = [
    '---',
    'name: troubled-skill',
    'description: Helps.',
    '---',
    '',
    '# Troubled skill',
    '',
    'This skill orchestrates the work. See [the guide](references/guide.md) and [the faq](references/faq.md).',
    'It builds on skills/missing-sibling and on skills/other-missing for parsing.',
    '',
    '## Steps',
    '',
    ...WORDS.map((w, i) => `${i + 1}. You MUST check the ${w} settings and NEVER skip the ${WORDS[(i + 7) % WORDS.length]} review.`),
    '',
    '```bash',
    'npm test',
    '```',
  ].join('\n');
  writeFileSync(path.join(dir, 'SKILL.md'), `${body}\n`);
  return path.dirname(dir);
}

/** Where each fixture's skill sits inside its copied folder. */
const FIXTURES: { name: string; folder: () => string; skill: string }[] = [
  { name: 'example csv-profiler', folder: () => path.join(ROOT, 'examples/skills'), skill: 'csv-profiler' },
  { name: 'example changelog-writer', folder: () => path.join(ROOT, 'examples/skills'), skill: 'changelog-writer' },
  ...['empty-references', 'filler-skill', 'keyword-stuffing', 'negated-triggers', 'fenced-structure'].map((s) => ({
    name: `adversarial ${s}`,
    folder: () => path.join(ROOT, 'test/fixtures/adversarial'),
    skill: s,
  })),
  ...[
    'claude-plugins-official/plugins/example-plugin/skills/example-skill',
    'claude-plugins-official/external_plugins/discord/skills/access',
    'context-engineering/skills/context-optimization',
    'claude-plugins-official/plugins/plugin-dev/skills/command-development',
  ].map((p) => ({ name: `corpus ${p}`, folder: () => path.dirname(path.join(CORPUS_DIR, p)), skill: path.basename(p) })),
  { name: 'troubled (seven anti-patterns)', folder: troubledSkill, skill: 'troubled-skill' },
];

describe('tips, followed literally, raise the score by the gain they show', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const base = copyOf(fixture.folder());
    const before = await scoreOne(path.join(base, fixture.skill));
    const simulated = before.tips.filter((t) => t.gainBasis === 'simulated');
    for (const tip of simulated) {
      expect(tip.edits?.length, tip.id).toBeGreaterThan(0);
      expect(tip.example, tip.id).toBeTruthy();
      expect(tip.gain, tip.id).toBeGreaterThan(0);
      const copy = copyOf(base);
      applyOnDisk(path.join(copy, fixture.skill), tip.edits!);
      const after = await scoreOne(path.join(copy, fixture.skill));
      // The gain is measured by re-scoring the edited copy in memory; on disk it must come out the same.
      expect(after.composite.score - before.composite.score, `${tip.id}: ${tip.example}`).toBeCloseTo(tip.gain, 6);
      for (const flag of tip.effects?.antiPatternsRemoved ?? []) {
        expect(after.antiPatterns.filter((a) => a.flag === flag).length, tip.id).toBeLessThan(before.antiPatterns.filter((a) => a.flag === flag).length);
      }
    }
    // Biggest gain first.
    const gains = before.tips.map((t) => t.gain);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
  }, 60_000);

  it('finds something to fix where the evidence shows a gap', async () => {
    const base = copyOf(troubledSkill());
    const r = await scoreOne(path.join(base, 'troubled-skill'));
    const ids = r.tips.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['frontmatter-quality/description', 'orchestration-wiring/supervisor-language', 'structural-completeness/examples']));
    // Removing anti-patterns is counted at its penalty: the OVER_CONSTRAINED/soften and DEAD_CROSS_REF fixes each
    // remove instances and gain more than the 0.03-weight examples section.
    const removal = r.tips.filter((t) => (t.effects?.antiPatternsRemoved.length ?? 0) > 0);
    expect(removal.length).toBeGreaterThanOrEqual(3);
    const examples = r.tips.find((t) => t.id === 'structural-completeness/examples')!;
    for (const t of removal) expect(t.gain).toBeGreaterThan(examples.gain);
    expect(r.tips.findIndex((t) => t === removal[0])).toBeLessThan(r.tips.indexOf(examples));
  });
});

describe('tips never suggest adding what the skill has', () => {
  it('csv-profiler has references/, Examples, Troubleshooting, Related and "Use when": none of them is suggested', async () => {
    const r = await scoreOne(path.join(copyOf(path.join(ROOT, 'examples/skills')), 'csv-profiler'));
    const ids = r.tips.map((t) => t.id);
    for (const id of ['structural-completeness/examples', 'structural-completeness/troubleshooting', 'ecosystem-coherence/related', 'progressive-disclosure/link-references', 'orchestration-wiring/output', 'orchestration-wiring/input', 'MISSING_TRIGGER/rewrite']) {
      expect(ids).not.toContain(id);
    }
    for (const t of r.tips) expect(t.action).not.toMatch(/^Create a references\/ directory|No Examples section|No Troubleshooting section|No Related section/);
  });

  it('every tip on the corpus gains something and names the component it is about', async () => {
    const run = await score([CORPUS_DIR], { methodology: 'default' });
    expect(run.results.length).toBeGreaterThan(5);
    for (const r of run.results) {
      for (const t of r.tips) {
        expect(t.gain).toBeGreaterThan(0);
        if (r.target.kind === 'plugin') expect(t.target.path.startsWith(r.target.path)).toBe(true);
        else expect(t.target.path).toBe(r.target.path);
      }
    }
    const plugin = run.results.find((r) => r.target.kind === 'plugin' && r.tips.length > 0);
    expect(plugin).toBeDefined();
    expect(plugin!.tips.some((t) => t.target.path !== plugin!.target.path)).toBe(true);
  }, 120_000);
});

describe('edits', () => {
  it('set-frontmatter replaces a folded value and its continuation lines, and the YAML still reads', () => {
    const text = '---\nname: x\ndescription: >\n  folded\n  text\nlicense: MIT\n---\n# Body\n';
    const out = setFrontmatterKey(text, 'description', 'Says "what": and when.');
    expect(out).toBe('---\nname: x\ndescription: "Says \\"what\\": and when."\nlicense: MIT\n---\n# Body\n');
    expect(parseFrontmatter(out, 'SKILL.md').data).toEqual({ name: 'x', description: 'Says "what": and when.', license: 'MIT' });
    expect(setFrontmatterKey('# no frontmatter\n', 'name', 'x')).toBe('---\nname: "x"\n---\n# no frontmatter\n');
  });

  it('line edits refer to the original numbering and apply bottom-up', () => {
    const files = new Map<string, string | null>([['SKILL.md', 'a\nb\nc\nd\n']]);
    applyEdits(files, [
      { op: 'replace-lines', file: 'SKILL.md', start: 2, end: 2, text: null },
      { op: 'replace-lines', file: 'SKILL.md', start: 4, end: 4, text: 'D1\nD2' },
      { op: 'append', file: 'SKILL.md', text: '## New' },
      { op: 'write-file', file: 'references/x.md', text: 'x' },
    ]);
    expect(files.get('SKILL.md')).toBe('a\nc\nD1\nD2\n\n## New\n');
    expect(files.get('references/x.md')).toBe('x');
  });
});

describe('judge suggestions and ranking', () => {
  const layer = (name: LayerOutput['name'], scores: Record<string, number>, evidence: string[] = []): LayerOutput => ({
    name,
    score: 0,
    durationMs: 0,
    measurements: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, { score: s, evidence }])),
    unmeasured: {},
    antiPatterns: [],
    subScores: {},
  });

  it('a judge suggestion comes with the most its dimension could gain, labelled a ceiling', () => {
    const layers = [layer('static', { scope_calibration: 0.5, triggering_accuracy: 0.8 }), layer('judge', { scope_calibration: 0.6, output_quality: 1 }, ['a quote', 'reasoning: too long', 'suggestion: Split the reference material out.'])];
    const c = compositeOf(layers, 0.9);
    const tips = judgeTips(c.dimensions, layers, 0.9, { kind: 'skill', path: 'x' });
    expect(tips).toHaveLength(1);
    const scope = c.dimensions.find((d) => d.name === 'scope_calibration')!;
    expect(tips[0]).toMatchObject({ id: 'judge/scope_calibration', source: 'judge', gainBasis: 'ceiling', action: 'Split the reference material out.' });
    expect(tips[0]!.gain).toBeCloseTo(scope.effectiveWeight * (0.55 / 0.85) * 0.4 * 100 * 0.9, 10);
  });

  it('ranks by gain, keeping the offered order on ties', () => {
    const tip = (id: string, gain: number): Tip => ({ id, source: 'check', dimension: null, target: { kind: 'skill', path: 'x' }, gain, gainBasis: 'simulated', action: id });
    expect(rankTips([tip('a', 1), tip('b', 3), tip('c', 1), tip('d', 2)]).map((t) => t.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
