/**
 * `plugin-eval certify --corpus-dir` end to end against the scripted model server: the judge layer answered by the
 * judge script, the Elo matchups by the pairwise fake judge (the `[q=N]` markers decide them), Monte Carlo by the
 * messages runner on two prompts. Only the Elo parts are asserted: what Monte Carlo reports is its own tests' business.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initCorpus } from '../../src/rank/corpus/index.js';
import { ScoreRun } from '../../src/model/run.js';
import { judgeScript as layerJudge } from '../judge/judge-script.js';
import { judgeScript as pairJudge, toolOf } from '../judgekit/fake-judge.js';
import { cli } from '../support/cli.js';
import { startModelServer, type ModelServer, type Reply, type ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { envForEachTest } from '../support/env.js';

const tree = tempTree('plugin-eval-certify-elo-');
const skill = (name: string, q: number) =>
  `---\nname: ${name}\ndescription: ${name} writes release notes from a git log. Use when asked for release ` +
  `notes.\n---\n\n# ${name}\n\nGroup commits by type, newest first.\n\n[q=${q}]\n`;
// Five references in the candidate's folder category "notes": the candidate (q=5) beats q1, q2, q3 and loses to q7, q8.
for (const [name, q] of [
  ['n1', 1],
  ['n2', 2],
  ['n3', 3],
  ['n7', 7],
  ['n8', 8],
] as const)
  tree.write(`corpus/notes/skills/${name}/SKILL.md`, skill(name, q));
const CANDIDATE = path.dirname(tree.write('mine/notes/skills/release-notes/SKILL.md', skill('release-notes', 5)));
const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    { query: 'write release notes for v1.2', should_trigger: true },
    { query: 'rebase my branch', should_trigger: false },
  ]),
);
const corpusDir = path.join(tree.root, 'index');

const layer = layerJudge({ candidate: 'release-notes', shouldTrigger: [], nearMisses: [], score: () => 0.8 });
const pairs = pairJudge();
const policy = (r: ScriptRequest): Reply | Promise<Reply> => {
  const tool = toolOf(r);
  if (tool === 'pairwise_verdict') return pairs(r);
  if (tool === 'skill_decision') return { json: { skill: null } };
  return layer(r);
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
  PLUGIN_EVAL_CORPUS_DIR: undefined,
}));

const certify = (...extra: string[]) =>
  cli(
    'certify',
    CANDIDATE,
    '--corpus-dir',
    corpusDir,
    '--runner',
    'messages',
    '--prompts',
    PROMPTS,
    '--mc-n',
    '2',
    '--no-adaptive',
    ...extra,
  );
const pairwiseCalls = () => server.requests.filter((r) => toolOf(r) === 'pairwise_verdict').length;

describe('plugin-eval certify: Elo', () => {
  it('without a corpus index: Elo not measured with the reason, said on stderr; not an error (no exit 2), no matchup', async () => {
    const out = await certify('--output', 'json');
    expect(out.code).not.toBe(2);
    const result = ScoreRun.parse(JSON.parse(out.stdout)).results[0]!;
    expect(result.elo).toMatchObject({ status: 'unmeasured', infrastructureFailure: false, rating: null });
    expect(result.elo!.reason).toBe(
      `no corpus index at ${path.join(corpusDir, 'index.json')}: run plugin-eval init SOURCE`,
    );
    expect(result.composite.elo).toBeNull();
    expect(out.stderr).toContain(`plugin-eval: ${CANDIDATE}: Elo not measured: no corpus index at`);
    expect(pairwiseCalls()).toBe(0);
  });

  it('with an index: the skill is rated, the plan records the Elo set-up, and the text report shows the Elo line', async () => {
    await initCorpus(path.join(tree.root, 'corpus'), { corpusDir });
    // The corpus holds five references in the category; the seed's minimum, asked for with --references.
    const tooFew = await certify('--references', '4');
    expect(tooFew.code).toBe(2);
    expect(tooFew.stderr).toMatch(/--references.*5 to 50/);
    const out = await certify('--output', 'json', '--references', '5');
    const run = ScoreRun.parse(JSON.parse(out.stdout));
    expect(run.plan.elo).toMatchObject({ corpusDir, references: 5, seed: 0 });
    const elo = run.results[0]!.elo!;
    expect(elo.references.map((r) => [r.name, r.outcome])).toEqual([
      ['n1', 'win'],
      ['n2', 'win'],
      ['n3', 'win'],
      ['n7', 'loss'],
      ['n8', 'loss'],
    ]);
    expect(elo).toMatchObject({
      status: 'measured',
      matches: 5,
      wins: 3,
      losses: 2,
      ties: 0,
      positionBiasCount: 0,
      percentile: 60,
    });
    // python: run([1500] * 5, [1, 1, 1, 0, 0])[-1] (the seed's update; run is in test/elo/finalise.test.ts);
    // Bradley-Terry: bt([1, 1, 1, 0, 0], 1500)[0] = 1570.4365036222725 (BT_PY in test/elo/matchups.test.ts)
    expect(elo.rating).toBeCloseTo(1510.4552388186476, 9);
    expect(elo.bradleyTerry!.rating).toBeCloseTo(1570.4365036222725, 6);
    expect(run.results[0]!.composite.elo).toBe(elo.rating);
    // Ten pairwise calls, in the result's usage beside the judge's.
    expect(elo.usage!.calls).toBe(10);
    expect(run.results[0]!.usage!.calls).toBeGreaterThanOrEqual(10);
    const text = await certify('--references', '5');
    expect(text.stdout).toMatch(
      /^Elo 1510 \(online, K 32, from 1500; 95% CI \d+–\d+\) · Bradley-Terry 1570, 95%\s+CI \d+–\d+/m,
    );
    // The text report wraps at 80 columns.
    const flat = text.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain('corpus percentile 60 · 5 matches: 3 W / 2 L / 0 T · position bias 0');
    expect(flat).toContain('loss vs n8 (1500) → 1510');
  });

  it("the matchups' spend is in every human-readable report, beside the layers' (it is in the result's usage total)", async () => {
    await initCorpus(path.join(tree.root, 'corpus'), { corpusDir });
    const json = ScoreRun.parse(JSON.parse((await certify('--output', 'json', '--references', '5')).stdout))
      .results[0]!;
    const u = json.elo!.usage!;
    expect(u.calls).toBe(10);
    const line = `Elo matchups · ${u.provider} · models ${u.models.join(', ')} · 10 call(s), 0 from cache · ${u.inputTokens.toLocaleString('en-US')} input / ${u.outputTokens.toLocaleString('en-US')} output tokens · $${u.costUsd!.toFixed(4)}`;
    // The layers' usage and the matchups' add up to the result's total: nothing spent is left out of the reports.
    const layers = json.layers.flatMap((l) => (l.usage ? [l.usage.calls] : [])).reduce((a, b) => a + b, 0);
    expect(layers + u.calls).toBe(json.usage!.calls);
    for (const output of ['text', 'markdown', 'html']) {
      const out = await certify('--references', '5', '--output', output);
      const flat = out.stdout.replace(/\s+/g, ' ');
      expect(flat, output).toContain(line);
    }
  });

  it('a corrupt index is bad input: exit 2 naming the file, before any model call', async () => {
    const bad = path.join(tree.root, 'bad-index');
    tree.write('bad-index/index.json', '{ not json');
    const before = server.requests.length;
    const out = await cli('certify', CANDIDATE, '--corpus-dir', bad, '--runner', 'messages', '--prompts', PROMPTS);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${path.join(bad, 'index.json')}:1: the corpus index is not valid JSON`);
    expect(server.requests.length).toBe(before);
  });

  it('score has no --corpus-dir: Elo is certify only', async () => {
    const out = await cli('score', CANDIDATE, '--corpus-dir', corpusDir);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      'plugin-eval: --corpus-dir: Elo ratings against the corpus are certify only: plugin-eval certify PATH ' +
        '--corpus-dir DIR',
    );
  });
});
