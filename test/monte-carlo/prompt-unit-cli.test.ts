/**
 * Prompts are the Monte Carlo layer's sampling unit, on the command line against the scripted model server: a set of
 * filler prompts written by the judge is not a measurement (exit 3, said first, kept out of the composite), and runs
 * repeating four positive prompts never stop early on precision, however narrow the run count alone would make the
 * interval. The judge is the judge script; the agent is the messages runner (its routing decision scripted by a
 * marker word), so no run needs the agent binary.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreRun } from '../../src/model/run.js';
import { directVerdict, judgeScript, schemaNameOf } from '../judge/judge-script.js';
import { cli } from '../support/cli.js';
import { envForEachTest } from '../support/env.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { promptOf } from '../evals/trigger-policy.js';

const tree = tempTree('plugin-eval-prompt-unit-');
const SKILL = join(
  tree.write(
    'skills/release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
      'notes.\n---\n\n# Release notes\n\nGroup commits by type, newest first.\n',
  ),
  '..',
);
// Four positive prompts and four near misses: the case.
const FOUR = tree.write(
  'four.json',
  JSON.stringify([
    { query: 'ZEBRA write release notes for v1.2', should_trigger: true },
    { query: 'ZEBRA summarise these commits as release notes', should_trigger: true },
    { query: 'ZEBRA notes for the sprint release', should_trigger: true },
    { query: 'ZEBRA what changed since the last tag, as notes', should_trigger: true },
    { query: 'explain what a git tag is', should_trigger: false },
    { query: 'rebase my branch onto main', should_trigger: false },
    { query: 'how do I sign commits', should_trigger: false },
    { query: 'what is semantic versioning', should_trigger: false },
  ]),
);

const FILLER = {
  positives: ['example prompt 1', 'example prompt 2'],
  negatives: ['example negative prompt 1', 'example negative prompt 2'],
};

const judge = judgeScript({
  candidate: 'release-notes',
  shouldTrigger: [
    'write release notes for v2',
    'release notes from this git log',
    'notes for the release',
    'summarise the release',
    'draft release notes',
  ],
  nearMisses: ['explain git tags', 'rebase a branch', 'sign a commit', 'write a poem', 'list files'],
  score: () => 0.8,
});
const policy = (r: ScriptRequest): Reply | Promise<Reply> => {
  const name = schemaNameOf(r);
  if (name === 'test_prompts') return { json: FILLER };
  if (name === 'skill_decision') return { json: { skill: promptOf(r).includes('ZEBRA') ? 'release-notes' : null } };
  if (name === 'direct_score') return directVerdict(4);
  // The messages runner's answer with the skill loaded: the one call without a format.
  if (name === undefined) return { text: 'Release notes: done.' };
  return judge(r);
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());
envForEachTest(() => ({
  ANTHROPIC_API_KEY: 'sk-ant-offline-test',
  ANTHROPIC_BASE_URL: server.url,
  PLUGIN_EVAL_STATE_DIR: tree.dir('state'),
  PLUGIN_EVAL_CACHE: 'false',
  PLUGIN_EVAL_STORE: 'off',
}));

const layerOf = (run: ScoreRun) => run.results[0]!.layers.find((l) => l.name === 'monte_carlo')!;
const decisions = (): number => server.requests.filter((r) => schemaNameOf(r) === 'skill_decision').length;

describe('judge-written filler prompts are not a measurement', () => {
  it(
    '2 + 2 filler prompts: the layer is not measured, no agent runs, exit 3, kept out of the composite',
    async () => {
      const before = decisions();
      const out = await cli('score', SKILL, '--depth', 'deep', '--runner', 'messages', '--output', 'json');
      expect(out.code, out.stderr).toBe(3);
      const run = ScoreRun.parse(JSON.parse(out.stdout));
      const mc = layerOf(run).monteCarlo![0]!;
      expect(mc.status).toBe('not-measured');
      expect(mc.reason).toBe(
        'the judge wrote too few distinct real prompts: 0 positive and 0 near-miss usable of 10 and 10 asked (at ' +
          'least 5 and 5 needed: prompts are the sampling unit); left out: 4 filler ("example prompt 1", "example ' +
          'prompt 2", ...)',
      );
      expect(mc.sampling).toMatchObject({ done: 0, stoppedBy: 'prompts' });
      expect(decisions()).toBe(before);
      // Kept out of the composite: the same composite as the judge's depth, which has no Monte Carlo layer.
      const standard = await cli('score', SKILL, '--depth', 'standard', '--output', 'json');
      expect(standard.code, standard.stderr).toBe(0);
      const composite = ScoreRun.parse(JSON.parse(standard.stdout)).results[0]!.composite;
      expect(run.results[0]!.composite.score).toBe(composite.score);
      expect(run.results[0]!.composite.badge).toBe('none');
    },
    HANG_LIMIT_MS,
  );

  it(
    'the text, Markdown and HTML reports say it before the scores',
    async () => {
      for (const format of ['text', 'markdown', 'html']) {
        const out = await cli('score', SKILL, '--depth', 'deep', '--runner', 'messages', '--output', format);
        expect(out.code, out.stderr).toBe(3);
        // Lines wrap at the terminal width: compare on the text with its line breaks folded.
        const flat = out.stdout.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
        const at = flat.indexOf('Monte Carlo not measured for release-notes (exit code 3): the judge wrote too few');
        expect(at, flat).toBeGreaterThan(-1);
        // Before the composite's figures (the "70.3/100" line of each format).
        expect(at, flat).toBeLessThan(flat.search(/\d+\.\d\s*\/100/));
      }
    },
    HANG_LIMIT_MS,
  );
});

describe('runs over few prompts never stop early on precision', () => {
  /** The four-prompt skill at deep depth on the messages runner, asking for a 0.26-wide interval within 20 runs. */
  const scoreFour = (...extra: string[]) =>
    cli(
      'score',
      SKILL,
      '--depth',
      'deep',
      '--runner',
      'messages',
      '--prompts',
      FOUR,
      '--ci-width',
      '0.26',
      '--mc-n',
      '20',
      ...extra,
      '--output',
      'json',
    );

  it(
    '4 positive prompts at --ci-width 0.26: no early stop (the minimum of 5 prompts), runs go on to N',
    async () => {
      const out = await scoreFour();
      expect(out.code, out.stderr).toBe(0);
      const mc = layerOf(ScoreRun.parse(JSON.parse(out.stdout))).monteCarlo![0]!;
      expect(mc.sampling).toMatchObject({ mode: 'adaptive', done: 20, stoppedBy: 'max-runs' });
      expect(mc.notes).toContain(
        'adaptive sampling cannot stop early: 4 positive and 4 near-miss prompt(s), fewer than 5 distinct prompts ' +
          'on a side (--mc-min-prompts); runs continue to N',
      );
      // 10 positive runs, all activated, over 4 prompts (3, 3, 2, 2 runs): the interval rests on 100 / 26 runs.
      expect(mc.activation).toMatchObject({ successes: 10, trials: 10, prompts: 4 });
      expect(mc.activation.effectiveTrials).toBeCloseTo(100 / 26, 12);
    },
    HANG_LIMIT_MS,
  );

  it(
    'with the minimum lowered to 4, the clustered intervals still do not stop it where 7 runs once did',
    async () => {
      const out = await scoreFour('--mc-min-prompts', '4');
      expect(out.code, out.stderr).toBe(0);
      const mc = layerOf(ScoreRun.parse(JSON.parse(out.stdout))).monteCarlo![0]!;
      expect(mc.sampling).toMatchObject({ done: 20, stoppedBy: 'max-runs' });
      expect(mc.notes.some((n) => n.startsWith('adaptive sampling cannot stop early'))).toBe(false);
    },
    HANG_LIMIT_MS,
  );
});
