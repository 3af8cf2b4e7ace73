/**
 * `plugin-eval certify` and `score --depth deep` on the command line, with the REAL Claude Agent SDK against the
 * scripted model server (the judge layer answered by the judge script, agent requests by a rule): the Monte Carlo
 * flags reach the layer, the estimate and --dry-run spend nothing, bad input is exit 2 before any run, and
 * --resume continues from the saved state.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreRun } from '../../src/model/run.js';
import { directVerdict, isDirectScore, judgeScript } from '../judge/judge-script.js';
import { cli } from '../support/cli.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { envForEachTest } from '../support/env.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { promptOf } from '../evals/trigger-policy.js';

const tree = tempTree('plugin-eval-certify-cli-');
const SKILL = join(
  tree.write(
    'skills/release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
      'notes.\n---\n\n# Release notes\n\nGroup commits by type, newest first.\n',
  ),
  '..',
);
const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    { query: 'ZEBRA write release notes for v1.2', should_trigger: true },
    { query: 'ZEBRA summarise these commits as release notes', should_trigger: true },
    { query: 'ZEBRA notes for the sprint release', should_trigger: true },
    { query: 'release notes for the 2.0 tag', should_trigger: true },
    { query: 'what changed since the last tag, as notes', should_trigger: true },
    { query: 'explain what a git tag is', should_trigger: false },
    { query: 'rebase my branch onto main', should_trigger: false },
    { query: 'how do I sign commits', should_trigger: false },
    { query: 'list the files in this folder', should_trigger: false },
    { query: 'what is semantic versioning', should_trigger: false },
  ]),
);

const isAgent = (r: ScriptRequest): boolean =>
  ((r.body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Skill');
const turnOf = (r: ScriptRequest): number =>
  ((r.body.messages as { role: string }[]) ?? []).filter((m) => m.role === 'assistant').length;
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
const tie = {
  analysis: { responseA: 'a', responseB: 'b' },
  comparison: [{ criterion: 'overall quality', aAssessment: 'a', bAssessment: 'b', reasoning: 'r', winner: 'TIE' }],
  differentiators: [],
  evidence: ['same words'],
  reasoning: 'the same answer',
  verdict: 'TIE',
  confidence: 0.8,
};
const policy = (r: ScriptRequest): Reply | Promise<Reply> => {
  if (isAgent(r)) {
    if (!promptOf(r).includes('ZEBRA')) return { text: 'No skill needed.', usage: { input: 100, output: 10 } };
    return turnOf(r) === 0
      ? { tool: { name: 'Skill', input: { skill: 'release-notes' } }, usage: { input: 300, output: 10 } }
      : { text: 'Release notes: done.', usage: { input: 500, output: 5 } };
  }
  if (isDirectScore(r)) return directVerdict(5);
  // The uplift's pairwise judge: the answers with and without the skill are the same here, a tie in either order.
  if ((r.body.tool_choice as { name?: string } | undefined)?.name === 'pairwise_verdict') return { json: tie };
  return judge(r);
};

let server: ModelServer;
// PLUGIN_EVAL_CORPUS_DIR: an empty corpus folder, so a corpus index in the real home never adds Elo matchups here.
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());
envForEachTest(() => ({
  ANTHROPIC_API_KEY: 'sk-ant-offline-test',
  ANTHROPIC_BASE_URL: server.url,
  PLUGIN_EVAL_STATE_DIR: tree.dir('state'),
  PLUGIN_EVAL_CACHE: 'false',
  CLAUDE_CODE_MAX_RETRIES: '0',
  PLUGIN_EVAL_CORPUS_DIR: tree.dir('no-corpus'),
}));

describe('certify and score --depth deep on the command line', () => {
  it('--dry-run prints the plan and estimate and runs no agent', async () => {
    const before = server.requests.length;
    const out = await cli('certify', SKILL, '--prompts', PROMPTS, '--mc-n', '20', '--max-cost', '5', '--dry-run');
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(
      /Monte Carlo plan: 1 skill x N = 20 = up to 20 runs of the real agent \(Claude Agent SDK\) \(and up to 10 without the skill, for the uplift\)/,
    );
    expect(out.stderr).toMatch(/uplift: 10 runs without the skill and 20 comparison calls, counted in the cost/);
    expect(out.stderr).toMatch(/estimated cost at most \$\d+\.\d\d .*--max-cost \$5\.00 stops it sooner/);
    expect(out.stderr).toMatch(
      /Elo: up to 10 reference matchups per skill, each judged in both orders: up to 20 judge calls, estimated \$\d+\.\d\d more/,
    );
    expect(out.stderr).toContain('dry run: no agent was run');
    expect(server.requests.length).toBe(before);
  });

  it('a bad prompts file is exit 2 naming the file and entry, before any model call', async () => {
    const bad = tree.write('bad-prompts.json', '[\n  {"query": "x", "should_trigger": "yes"}\n]\n');
    const before = server.requests.length;
    const out = await cli('certify', SKILL, '--prompts', bad);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: \\[0\\]\\.should_trigger: .*expected \\[\\{"query"`),
    );
    expect(server.requests.length).toBe(before);
    const resume = await cli('certify', SKILL, '--resume', 'no-such-run');
    expect(resume.code).toBe(2);
    expect(resume.stderr).toMatch(/--resume no-such-run: no saved Monte Carlo state/);
    const quick = await cli('score', SKILL, '--dry-run');
    expect(quick.code).toBe(2);
    expect(quick.stderr).toMatch(
      /--dry-run applies to runs that call a model \(--depth standard, deep or thorough, or certify\); depth quick makes no call/,
    );
  });

  it(
    'certify runs the real agent N times and reports Layer 3 in the run log; --resume reuses every finished run',
    async () => {
      const certifyArgs = ['certify', SKILL, '--prompts', PROMPTS, '--mc-n', '10', '--no-adaptive', '--output', 'json'];
      const out = await cli(...certifyArgs);
      if (out.code !== 0) throw new Error(out.stderr);
      const run = ScoreRun.parse(JSON.parse(out.stdout));
      const result = run.results[0]!;
      expect(result.layersNotRun).toEqual([]);
      expect(result.layersRun).toEqual(['static', 'judge', 'monte_carlo']);
      const mc = result.layers.find((l) => l.name === 'monte_carlo')!.monteCarlo![0]!;
      expect(mc.sampling).toMatchObject({ planned: 10, done: 10, measured: 10, mode: 'fixed' });
      expect(mc.activation).toMatchObject({ successes: 3, trials: 5 });
      expect(mc.falseActivation).toMatchObject({ successes: 0, trials: 5 });
      expect(mc.quality.mean).toBe(1);
      // certify measures the uplift by default: every positive run is made again without the skill and compared.
      expect(result.uplift).toMatchObject({ status: 'measured', comparisons: 5, prompts: 5, ties: 5, uplift: 0 });
      expect(Object.keys(result).indexOf('uplift')).toBeLessThan(Object.keys(result).indexOf('composite'));
      expect(run.plan.monteCarlo).toMatchObject({
        maxRuns: 10,
        adaptive: false,
        runner: 'claude-agent-sdk',
        prompts: { file: PROMPTS },
      });
      const folders = readdirSync(process.env.PLUGIN_EVAL_STATE_DIR!);
      expect(folders).toContain(run.runId);
      const agentBefore = server.requests.filter(isAgent).length;
      const again = await cli(...certifyArgs, '--resume', run.runId);
      const resumed = ScoreRun.parse(JSON.parse(again.stdout));
      expect(resumed.runId).toBe(run.runId);
      const mc2 = resumed.results[0]!.layers.find((l) => l.name === 'monte_carlo')!.monteCarlo![0]!;
      expect(mc2.sampling.resumed).toBe(10);
      expect(mc2.activation).toEqual(mc.activation);
      expect(resumed.results[0]!.uplift).toEqual(result.uplift);
      expect(server.requests.filter(isAgent).length).toBe(agentBefore);
    },
    HANG_LIMIT_MS,
  );
});
