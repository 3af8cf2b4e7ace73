import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { OUTPUT_QUALITY_RUBRIC } from '../src/judge/dimensions/output-quality.js';
import { rubricAnchors } from '../src/judge/rubrics.js';
import type { ScoreResult } from '../src/model/result.js';
import { CORPUS_DIR, expectedPlugins, expectedSkills } from './support/corpus.js';

/**
 * Content-free skills (scripts/make_content_free_fixtures.py): a perfect skeleton filled with salad or filler.
 * PluginEval's rules give them Platinum; the default methodology gives none of them a badge. Real skills
 * (the shared corpus and examples/) are never flagged, so none loses its score or badge to the detector.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, 'fixtures', 'content-free');
const CONTROLS = path.join(here, 'fixtures', 'content-free-control');
const EXAMPLES = path.join(here, '..', 'examples', 'skills');
const TERSE = path.join(here, 'fixtures', 'terse-real');

/**
 * The labelled set LOW_INFORMATION_PROSE's thresholds are derived on (docs/methodology.md): beside the shared corpus,
 * the examples and the content-free fixtures above, terse, list-heavy real skills with a boilerplate line repeated
 * after their code blocks (three of them were flagged as babble before repeated sentences were counted apart).
 */
const TERSE_REAL = ['bug-review', 'knowledge-intake', 'project-brainstorming', 'tutorial-updates'];

/** Each kind of content-free text and the statistic that must catch it. */
const KINDS: [string, RegExp][] = [
  ['dictionary-salad', /function words/],
  ['lorem-ipsum', /function words/],
  ['keyword-salad', /function words/],
  ['shuffled-words', /cannot follow an article/],
  ['repeated-filler', /three-word sequences/],
  ['markov-babble', /three-word sequences/],
];

async function scoreDir(dir: string, methodology: 'default' | 'compat'): Promise<Map<string, ScoreResult>> {
  const run = await score([dir], { methodology });
  expect(run.failures).toEqual([]);
  return new Map(run.results.map((r) => [path.basename(r.target.path), r]));
}

const lowInformation = (r: ScoreResult) => r.antiPatterns.filter((a) => a.flag === 'LOW_INFORMATION_PROSE');

describe('content-free fixtures', () => {
  it('are all there (one per kind)', async () => {
    expect([...(await scoreDir(FIXTURES, 'default')).keys()].sort()).toEqual(KINDS.map(([k]) => k).sort());
  });

  it.each(KINDS)(
    '%s: no badge in the default methodology, flagged LOW_INFORMATION_PROSE for the right reason',
    async (name, reason) => {
      const r = (await scoreDir(FIXTURES, 'default')).get(name)!;
      expect(r.composite.badge).toBe('none');
      const found = lowInformation(r);
      expect(found).toHaveLength(1);
      expect(found[0]!.description).toMatch(reason);
      // The skeleton is what it was built to be: every structural check still rewards it, so only the detector stops
      // it.
      expect(r.composite.rawScore).toBeGreaterThanOrEqual(80);
    },
  );

  it.each(KINDS)('%s: compat (PluginEval 0.1.x) is fooled: Gold or better', async (name) => {
    const r = (await scoreDir(FIXTURES, 'compat')).get(name)!;
    expect(r.composite.score).toBeGreaterThanOrEqual(80);
    expect(['gold', 'platinum']).toContain(r.composite.badge);
    expect(lowInformation(r)).toEqual([]);
  });
});

describe('content-free controls', () => {
  it('the real prose the salads were made from, in the same skeleton, is not flagged and keeps a badge', async () => {
    const r = (await scoreDir(CONTROLS, 'default')).get('original-prose')!;
    expect(lowInformation(r)).toEqual([]);
    expect(r.composite.badge).not.toBe('none');
  });

  it('fluent nonsense (real sentences, shuffled) cannot be caught statically; the judge rubric scores it at the bottom', async () => {
    const results = await scoreDir(CONTROLS, 'default');
    const shuffled = results.get('shuffled-sentences')!;
    // Same sentences, same skeleton: the static layer sees no difference at all.
    expect(lowInformation(shuffled)).toEqual([]);
    expect(shuffled.composite.score).toBeCloseTo(results.get('original-prose')!.composite.score!, 6);
    // What catches it: the output-quality rubric judges coherence first and anchors incoherent text at 0.
    expect(OUTPUT_QUALITY_RUBRIC.scoringGuidelines[0]).toMatch(
      /Shuffled sentences, word salad, generated babble and stock filler cannot be followed/,
    );
    const bottom = rubricAnchors(OUTPUT_QUALITY_RUBRIC).find((a) => a.score === 0)!;
    expect(bottom.description).toMatch(/sentences in shuffled order/);
  });
});

describe('real skills are never flagged LOW_INFORMATION_PROSE', () => {
  it('no shared-corpus skill or plugin (and no skill, agent or command inside a plugin)', async () => {
    const skills = expectedSkills().map((e) => path.join(CORPUS_DIR, e.expected.plugin_path));
    const plugins = expectedPlugins().map((e) => path.join(CORPUS_DIR, e.expected.plugin_path));
    expect(skills.length + plugins.length).toBe(56);
    // Two runs: in one run a skill given beside its own plugin is scored once, as part of the plugin.
    const runs = [await score(skills, { methodology: 'default' }), await score(plugins, { methodology: 'default' })];
    for (const r of runs) expect(r.failures).toEqual([]);
    const run = { results: runs.flatMap((r) => r.results) };
    expect(run.results.length).toBe(56);
    const flagged = run.results.filter((r) => lowInformation(r).length > 0).map((r) => r.target.path);
    expect(flagged).toEqual([]);
  });

  it('no terse, list-heavy real skill of the labelled set (test/fixtures/terse-real)', async () => {
    const results = await scoreDir(TERSE, 'default');
    expect([...results.keys()].sort()).toEqual(TERSE_REAL);
    for (const r of results.values()) expect(lowInformation(r)).toEqual([]);
  });

  it('no example skill', async () => {
    const results = await scoreDir(EXAMPLES, 'default');
    expect(results.size).toBe(2);
    for (const r of results.values()) {
      expect(lowInformation(r)).toEqual([]);
      expect(r.composite.badge).not.toBe('none');
    }
  });
});
