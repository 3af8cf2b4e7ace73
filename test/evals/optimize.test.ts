/**
 * `evals optimize-description`: the split (stratified, seeded), the blinding (the improver requests the server
 * recorded never hold a test query or a test score), best by test score with ties to the earliest, the 1024 limit
 * (one retry, then a failed iteration, never a cut), results.json against its schema, the HTML report (self-contained,
 * escaped), and --apply (only the description changes; atomic). The bulk runs on the messages runner; one run uses
 * the REAL agent with each candidate installed as a copy of the skill.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bestIteration } from '../../src/evals/optimise/optimize.js';
import { stratifiedSplit } from '../../src/evals/optimise/optimize-improver.js';
import { OptimizeResults, type OptimizeIteration } from '../../src/evals/schemas/optimize-results.js';
import { replaceDescription } from '../../src/evals/optimise/skill-description.js';
import { parseFrontmatter } from '../../src/parse/frontmatter.js';
import { cli } from '../support/cli.js';
import {
  requestText,
  startModelServer,
  type ModelServer,
  type Reply,
  type ScriptRequest,
} from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { envForEachTest } from '../support/env.js';
import { agentPolicy, forcedTool, isAgentRequest, routingReply, SKILL_NAME, words } from './trigger-policy.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-optimize-');
const ORIGINAL = 'Write release notes from a git log (ZEBRA). Use when asked for release notes.';
const skillText = (description = ORIGINAL) =>
  `---\nname: ${SKILL_NAME}\n# kept comment\ndescription: ${description}\nlicense: MIT\nmetadata:\n  owner: ` +
  `docs-team\n---\n\n# Release notes\n\nGroup commits by type, newest first.\n`;
const makeSkill = (folder: string): string => join(tree.write(`${folder}/${SKILL_NAME}/SKILL.md`, skillText()), '..');

// 5 positives (ZEBRA is in the description; OKAPI and LLAMA are not), 5 negatives; one negative carries markup.
const EVAL_SET = tree.write(
  'set.json',
  JSON.stringify([
    { query: 'ZEBRA notes for v1', should_trigger: true },
    { query: 'ZEBRA notes for v2', should_trigger: true },
    { query: 'OKAPI notes for the sprint', should_trigger: true },
    { query: 'OKAPI summary of the tag', should_trigger: true },
    { query: 'LLAMA changelog please', should_trigger: true },
    { query: 'what is 2 + 2', should_trigger: false },
    { query: 'rebase my branch', should_trigger: false },
    { query: 'notes about <b>bold</b> & "quotes"', should_trigger: false },
    { query: 'list the files', should_trigger: false },
    { query: 'sign my commits', should_trigger: false },
  ]),
);

/** The scripted improver: adds the keywords of the failures it was shown. `mode` makes it break the length rule. */
let improverMode: 'normal' | 'long-then-ok' | 'always-long' | 'no-usage' = 'normal';
function improverReply(r: ScriptRequest): Reply {
  const text = requestText(r);
  const current = JSON.parse(/Current description: (".*")/.exec(text)![1]!) as string;
  const shown = text.split('\n').filter((l) => l.startsWith('- should have used the skill'));
  const add = [...new Set(shown.flatMap((l) => [...words(l)]))].filter((w) => !current.includes(w));
  const retry = ((r.body.messages as unknown[]) ?? []).length > 1;
  if (improverMode === 'always-long' || (improverMode === 'long-then-ok' && !retry))
    return { json: { description: 'x'.repeat(1100) } };
  return {
    json: { description: `${current} Also for ${add.join(' and ')} requests.` },
    ...(improverMode === 'no-usage' ? { omitUsage: true } : {}),
  };
}
const improverRequests = (): ScriptRequest[] => server.requests.filter((r) => forcedTool(r) === 'skill_description');

const sessions = new Map<string, 'error' | 'ok'>();
const policy = (r: ScriptRequest): Reply => {
  if (forcedTool(r) === 'skill_decision') return routingReply(r);
  if (forcedTool(r) === 'skill_description') return improverReply(r);
  return isAgentRequest(r) ? agentPolicy(sessions)(r) : { text: 'ok' };
};
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());
envForEachTest(
  () => ({
    ANTHROPIC_API_KEY: 'sk-ant-offline-test',
    ANTHROPIC_BASE_URL: server.url,
    PLUGIN_EVAL_CACHE: 'false',
    PLUGIN_EVAL_PROVIDER: 'anthropic',
  }),
  ['CLAUDE_CODE_MAX_RETRIES'],
);
beforeEach(() => {
  improverMode = 'normal';
});

const SIM = [
  '--runner',
  'messages',
  '--runs',
  '1',
  '--agent-model',
  'claude-haiku-5-5',
  '--model',
  'claude-haiku-5-5',
  '--output',
  'json',
];
const readResults = (dir: string): OptimizeResults =>
  OptimizeResults.parse(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')));

describe('the split', () => {
  const queries = Array.from({ length: 12 }, (_, i) => ({ query: `q${i}`, shouldTrigger: i < 7 }));
  it('is stratified: max(1, floor(n x holdout)) of each class to test', () => {
    const { train, test } = stratifiedSplit(queries, 0.4, 42);
    // 7 positives -> floor(2.8) = 2; 5 negatives -> floor(2.0) = 2.
    expect(test.filter((q) => q.shouldTrigger)).toHaveLength(2);
    expect(test.filter((q) => !q.shouldTrigger)).toHaveLength(2);
    expect(train).toHaveLength(8);
    expect(new Set([...train, ...test].map((q) => q.query)).size).toBe(12);
    const one = stratifiedSplit(
      [
        { query: 'a', shouldTrigger: true },
        { query: 'b', shouldTrigger: false },
        { query: 'c', shouldTrigger: false },
      ],
      0.1,
      1,
    );
    expect(one.test.map((q) => q.query).sort()).toEqual(expect.arrayContaining(['a']));
    expect(one.test).toHaveLength(2);
  });
  it('is deterministic for a seed, and another seed gives another split', () => {
    const a = stratifiedSplit(queries, 0.4, 42).test.map((q) => q.query);
    expect(stratifiedSplit(queries, 0.4, 42).test.map((q) => q.query)).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((seed) =>
      stratifiedSplit(queries, 0.4, seed)
        .test.map((q) => q.query)
        .join(),
    );
    expect(others.some((o) => o !== a.join())).toBe(true);
  });
});

describe('best iteration', () => {
  const it_ = (
    iteration: number,
    score: number | null,
    status: 'evaluated' | 'failed' = 'evaluated',
  ): OptimizeIteration => ({
    iteration,
    status,
    description: `d${iteration}`,
    chars: 2,
    train: null,
    results: [],
    agent_cost_usd: 0,
    test: status === 'failed' ? null : { passed: 0, failed: 0, errors: score === null ? 1 : 0, total: 4, score },
  });
  it('is the highest test score, ties to the earliest; unscored and failed iterations never win', () => {
    expect(bestIteration([it_(1, 0.5), it_(2, 0.75), it_(3, 0.75), it_(4, 0.5)]).iteration).toBe(2);
    expect(bestIteration([it_(1, 0.5), it_(2, null), it_(3, null, 'failed')]).iteration).toBe(1);
    expect(bestIteration([it_(1, null), it_(2, 0.25)]).iteration).toBe(2);
  });
});

describe('optimize-description (messages runner)', () => {
  it('improves on train failures only, never shows a test query or score to the improver, picks the best by test score', async () => {
    const skill = makeSkill('sim');
    const out = tree.dir('sim-out');
    const before = server.requests.length;
    const run = await cli(
      'evals',
      'optimize-description',
      skill,
      '--eval-set',
      EVAL_SET,
      ...SIM,
      '--iterations',
      '3',
      '--seed',
      '42',
      '--out',
      out,
    );
    expect(run.code, run.stderr).toBe(0);
    const results = readResults(out);
    expect(JSON.parse(run.stdout)).toEqual(results);
    expect(results.split.train).toHaveLength(6);
    expect(results.split.test).toHaveLength(4);
    expect(results.settings).toMatchObject({
      simulated: true,
      runner: 'messages',
      seed: 42,
      holdout: 0.4,
      max_iterations: 3,
    });
    const testQueries = results.split.test.map((q) => q.query);
    const trainPositives = results.split.train.filter((q) => q.should_trigger).map((q) => q.query);
    // The improver adds exactly the keywords of the TRAIN failures it was shown.
    const trainKeywords = [...new Set(trainPositives.flatMap((q) => [...words(q)]))]
      .filter((w) => w !== 'ZEBRA')
      .sort();
    const second = results.iterations[1]!;
    expect(second.status).toBe('evaluated');
    expect(second.description).toBe(
      `${ORIGINAL} Also ` +
        `for ${[...new Set(results.iterations[0]!.results.filter((r) => r.set === 'train' && r.pass === false).flatMap((r) => [...words(r.query)]))].join(' and ')} ` +
        `requests.`,
    );
    expect([...words(second.description)].filter((w) => w !== 'ZEBRA').sort()).toEqual(trainKeywords);
    expect(second.train).toMatchObject({ failed: 0, errors: 0, score: 1 });
    expect(results.stop_reason).toBe('no train failures at iteration 2');
    // Test score: the fraction the rule predicts (a test positive passes iff its keyword reached the description).
    const expected =
      results.split.test.filter(
        (q) => !q.should_trigger || [...words(q.query)].some((w) => second.description.includes(w)),
      ).length / 4;
    expect(second.test!.score).toBe(expected);
    expect(results.best_iteration).toBe(expected > results.original_test_score! ? 2 : 1);
    // Blinding: every improver request, system prompt and messages, holds no test query and no test score.
    const asks = server.requests.slice(before).filter((r) => forcedTool(r) === 'skill_description');
    expect(asks).toHaveLength(1);
    const asked = JSON.stringify(asks[0]!.body);
    for (const q of testQueries) expect(asked).not.toContain(JSON.stringify(q).slice(1, -1));
    expect(asked).not.toMatch(/\btest\b/i);
    // The report: self-contained, every text escaped.
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('notes about &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toMatch(/<script|<link|https?:\/\//);
    expect(html).toContain('SIMULATION');
  });

  it('an over-long reply gets one retry; twice too long is a failed iteration, never cut to fit', async () => {
    improverMode = 'long-then-ok';
    const first = tree.dir('long-1');
    const ok = await cli(
      'evals',
      'optimize-description',
      makeSkill('long1'),
      '--eval-set',
      EVAL_SET,
      ...SIM,
      '--iterations',
      '2',
      '--out',
      first,
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(readResults(first).iterations.map((i) => i.status)).toEqual(['evaluated', 'evaluated']);
    improverMode = 'always-long';
    const second = tree.dir('long-2');
    const before = improverRequests().length;
    const failed = await cli(
      'evals',
      'optimize-description',
      makeSkill('long2'),
      '--eval-set',
      EVAL_SET,
      ...SIM,
      '--iterations',
      '3',
      '--out',
      second,
    );
    expect(failed.code).toBe(0);
    const results = readResults(second);
    expect(results.iterations.map((i) => i.status)).toEqual(['evaluated', 'failed', 'failed']);
    expect(results.iterations[1]).toMatchObject({
      chars: 1100,
      description: 'x'.repeat(1100),
      reason: "the improver's description broke the rules twice (it is 1100 characters; the limit is 1024)",
    });
    expect(improverRequests().length - before).toBe(4);
    expect(results.best_iteration).toBe(1);
    expect(results.improved).toBe(false);
  });

  it('--apply writes only the description, atomically, when the best beats the original; the default folder is the workspace', async () => {
    const skill = makeSkill('apply');
    const file = join(skill, 'SKILL.md');
    const inode = statSync(file).ino;
    const run = await cli(
      'evals',
      'optimize-description',
      skill,
      '--eval-set',
      EVAL_SET,
      ...SIM,
      '--iterations',
      '3',
      '--seed',
      '7',
      '--apply',
    );
    expect(run.code, run.stderr).toBe(0);
    const results = OptimizeResults.parse(JSON.parse(run.stdout));
    const folders = readdirSync(join(`${skill}-workspace`, 'description-optimization'));
    expect(folders).toHaveLength(1);
    expect(readResults(join(`${skill}-workspace`, 'description-optimization', folders[0]!))).toEqual(results);
    expect(results.improved).toBe(true);
    expect(results.applied).toBe(true);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(skillText(JSON.stringify(results.best_description)));
    expect(parseFrontmatter(after, file).data).toEqual({
      name: SKILL_NAME,
      description: results.best_description,
      license: 'MIT',
      metadata: { owner: 'docs-team' },
    });
    expect(statSync(file).ino).not.toBe(inode);
    expect(readdirSync(skill)).toEqual(['SKILL.md']);
  });

  it('--apply leaves SKILL.md alone when nothing beats the original', async () => {
    improverMode = 'always-long';
    const skill = makeSkill('keep');
    const run = await cli(
      'evals',
      'optimize-description',
      skill,
      '--eval-set',
      EVAL_SET,
      ...SIM,
      '--iterations',
      '2',
      '--apply',
      '--out',
      tree.dir('keep-out'),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/--apply: no candidate beat the original on the test set; .* was left as it was/);
    expect(readFileSync(join(skill, 'SKILL.md'), 'utf8')).toBe(skillText());
  });
  it('an improver whose server reports no usage: its cost is unknown, and a warning says why', async () => {
    improverMode = 'no-usage';
    const out = tree.dir('no-usage-out');
    const run = await cli(
      'evals',
      'optimize-description',
      makeSkill('no-usage'),
      '--eval-set',
      EVAL_SET,
      ...SIM,
      '--iterations',
      '2',
      '--seed',
      '42',
      '--out',
      out,
    );
    expect(run.code, run.stderr).toBe(0);
    const results = readResults(out);
    expect(results.cost.improver_usd).toBeNull();
    expect(results.warnings).toContain('improver cost unknown: 1 call(s) without usage reported');
  });

  it('an original that cannot be measured on the test set: reported, no improver call, SKILL.md untouched, exit 3', async () => {
    const set = tree.write(
      'down-set.json',
      JSON.stringify([
        { query: 'ZEBRA DOWN one', should_trigger: true },
        { query: 'ZEBRA DOWN two', should_trigger: true },
        { query: 'DOWN three', should_trigger: false },
        { query: 'DOWN four', should_trigger: false },
      ]),
    );
    const skill = makeSkill('down');
    const out = tree.dir('down-out');
    const before = improverRequests().length;
    const run = await cli('evals', 'optimize-description', skill, '--eval-set', set, ...SIM, '--apply', '--out', out);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/could not measure: the original description was not scored on the test set/);
    const results = readResults(out);
    expect(results.status).toBe('not-measured');
    expect(results.iterations).toHaveLength(1);
    expect(results.iterations[0]!.test).toEqual({ passed: 0, failed: 0, errors: 2, total: 2, score: null });
    expect(results.iterations[0]!.results.every((r) => r.pass === null && r.errors === 1)).toBe(true);
    expect(improverRequests().length).toBe(before);
    expect(readFileSync(join(skill, 'SKILL.md'), 'utf8')).toBe(skillText());
  });
});

describe('replacing the description', () => {
  it('keeps every other byte: block scalars, CRLF, BOM, comments, keys after it', () => {
    const before =
      '\uFEFF---\r\nname: x\r\ndescription: >\r\n  folded\r\n\r\n  more\r\n# note\r\nlicense: MIT\r\n---\r\nbody: description: no\r\n';
    const after = replaceDescription(before, 'New "one": ok', 'SKILL.md');
    expect(after).toBe(
      '\uFEFF---\r\nname: x\r\ndescription: "New \\"one\\": ok"\r\n# note\r\nlicense: MIT\r\n---\r\nbody: ' +
        'description: no\r\n',
    );
    expect(replaceDescription('---\nname: x\n---\nbody\n', 'd', 'S')).toBe(
      '---\nname: x\ndescription: "d"\n---\nbody\n',
    );
    expect(() => replaceDescription('no frontmatter', 'd', 'S')).toThrow(/no frontmatter/);
  });
});

describe('optimize-description with the real agent', () => {
  it(
    'installs each candidate as a copy with the real body and measures it with Claude Code',
    async () => {
      const skill = makeSkill('real');
      const set = tree.write(
        'real-set.json',
        JSON.stringify([
          { query: 'ZEBRA notes now', should_trigger: true },
          { query: 'OKAPI notes now', should_trigger: true },
          { query: 'OKAPI digest today', should_trigger: true },
          { query: 'what is 2 + 2', should_trigger: false },
          { query: 'list the files', should_trigger: false },
        ]),
      );
      const out = tree.dir('real-out');
      process.env.CLAUDE_CODE_MAX_RETRIES = '0';
      const before = server.requests.length;
      const run = await cli(
        'evals',
        'optimize-description',
        skill,
        '--eval-set',
        set,
        '--runs',
        '1',
        '--agent-model',
        'claude-haiku-5-5',
        '--model',
        'claude-haiku-5-5',
        '--iterations',
        '2',
        '--seed',
        '3',
        '--holdout',
        '0.5',
        '--out',
        out,
        '--output',
        'json',
      );
      expect(run.code, run.stderr).toBe(0);
      const results = readResults(out);
      expect(results.settings).toMatchObject({ runner: 'claude-agent-sdk', simulated: false });
      expect(results.iterations.map((i) => i.status)).toEqual(['evaluated', 'evaluated']);
      // Each agent request listed the description of its iteration, and the real body was installed with it.
      const listed = new Set(
        server.requests
          .slice(before)
          .filter(isAgentRequest)
          .map((r) => JSON.stringify(r.body))
          .map((b) => (b.includes('Also for OKAPI') ? 'candidate' : 'original')),
      );
      expect(listed).toEqual(new Set(['original', 'candidate']));
      expect(results.iterations[1]!.train).toMatchObject({ failed: 0, score: 1 });
      expect(results.iterations[1]!.test).toMatchObject({ failed: 0, score: 1 });
      expect(results.best_iteration).toBe(2);
    },
    HANG_LIMIT_MS,
  );
});
