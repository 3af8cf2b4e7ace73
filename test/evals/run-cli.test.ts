/**
 * `plugin-eval evals run` on the command line, with the REAL Claude Agent SDK against the scripted model server
 * (ANTHROPIC_BASE_URL): bad input is exit 2 before any model call, --dry-run spends and writes nothing, a normal
 * run writes the iteration and exits 0, a configuration whose every run failed for infrastructure reasons is
 * exit 3, and --resume refuses a request that differs from the iteration's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Grading } from '../../src/evals/schemas/index.js';
import { schemaNameOf } from '../judge/judge-script.js';
import { cli } from '../support/cli.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { envForEachTest } from '../support/env.js';
import { rawClient } from '../store/support.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-evals-run-cli-');
const SKILL = join(
  tree.write(
    'skills/greeter/SKILL.md',
    '---\nname: greeter\ndescription: Greet people by name. Use when asked to greet someone.\n---\n\nSay hello.\n',
  ),
  '..',
);
tree.write(
  'skills/greeter/evals/evals.json',
  JSON.stringify({
    skill_name: 'greeter',
    evals: [{ id: 7, prompt: 'Greet Ada.', expectations: ['Says hello to Ada'] }],
  }),
);

let refuseWithoutSkill = false;
let graderReply: Reply = { text: 'unset' };
const policy = (r: ScriptRequest): Reply => {
  if (schemaNameOf(r) === 'eval_grading') return graderReply;
  const listed = requestText(r).includes('greeter: Greet people by name');
  if (refuseWithoutSkill && !listed) return { fault: 'status', status: 401 };
  return { text: listed ? 'Hello, Ada! (greeter)' : 'Hello Ada.', usage: { input: 50, output: 5 } };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());
envForEachTest(() => ({
  ANTHROPIC_API_KEY: 'sk-ant-offline-test',
  ANTHROPIC_BASE_URL: server.url,
  CLAUDE_CODE_MAX_RETRIES: '0',
  PLUGIN_EVAL_CACHE: 'false',
  PLUGIN_EVAL_STORE: join(tree.root, 'results.db'),
}));

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('evals run on the command line', () => {
  it('bad input is exit 2 naming evals.json, the eval and the file, before any model call', async () => {
    const before = server.requests.length;
    const missing = tree.write(
      'bad1.json',
      JSON.stringify({
        skill_name: 'greeter',
        evals: [{ id: 3, name: 'sheet', prompt: 'p', files: ['evals/files/nope.csv'] }],
      }),
    );
    const out = await cli('evals', 'run', SKILL, '--evals', missing, '--workspace', tree.dir('ws-bad'));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      new RegExp(`${escape(missing)}: eval 3 \\(sheet\\): input file "evals/files/nope.csv" does not exist`),
    );
    const escaping = tree.write(
      'bad2.json',
      JSON.stringify({ skill_name: 'greeter', evals: [{ id: 4, prompt: 'p', files: ['../../bad1.json'] }] }),
    );
    const out2 = await cli('evals', 'run', SKILL, '--evals', escaping);
    expect(out2.code).toBe(2);
    expect(out2.stderr).toContain('eval 4 (eval-4): input file "../../bad1.json" is outside the skill folder');
    const schema = tree.write('bad3.json', '{\n  "skill_name": "greeter",\n  "evals": [{"id": 1}]\n}\n');
    const out3 = await cli('evals', 'run', SKILL, '--evals', schema);
    expect(out3.code).toBe(2);
    expect(out3.stderr).toContain(`${schema}:3: evals[0].prompt: Invalid input`);
    const baseline = await cli('evals', 'run', SKILL, '--baseline', 'old_skill=/no/such/skill');
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toContain('--baseline old_skill=/no/such/skill: not a skill folder');
    expect(server.requests.length).toBe(before);
    expect(existsSync(`${SKILL}-workspace`)).toBe(false);
  });

  it('--dry-run prints the plan and estimate, runs no agent and writes nothing', async () => {
    const before = server.requests.length;
    const ws = join(tree.root, 'ws-dry');
    const out = await cli(
      'evals',
      'run',
      SKILL,
      '--workspace',
      ws,
      '--runs',
      '3',
      '--agent-model',
      'haiku',
      '--max-cost',
      '2',
      '--dry-run',
    );
    expect(out.code).toBe(0);
    expect(out.stderr).toContain(
      `1 eval(s) x with_skill and without_skill x 3 run(s) = 6 agent run(s) of the real agent (Claude Agent ` +
        `SDK) with haiku, 4 at once, into ${join(ws, 'iteration-1')}`,
    );
    expect(out.stderr).toMatch(/estimated cost about \$\d+\.\d\d .*--max-cost \$2\.00 stops it sooner/);
    expect(out.stderr).toContain('dry run: no agent was run and nothing was written');
    expect(server.requests.length).toBe(before);
    expect(existsSync(ws)).toBe(false);
  });

  it(
    'runs, exits 0 and summarises; a configuration whose every run failed is exit 3; --resume refuses a different request',
    async () => {
      const ws = tree.dir('ws');
      refuseWithoutSkill = false;
      const out = await cli(
        'evals',
        'run',
        SKILL,
        '--workspace',
        ws,
        '--agent-model',
        'claude-haiku-4-5',
        '--output',
        'json',
      );
      expect(out.code, out.stderr).toBe(0);
      const outcome = JSON.parse(out.stdout) as {
        iteration: number;
        configurations: unknown[];
        unmeasured: string[];
        agentTokens: { input: number; output: number };
        spentUsd: number | null;
      };
      expect(outcome.iteration).toBe(1);
      // The step is in the results store with what its agent runs used, as the command reported it.
      expect(outcome.agentTokens.input).toBeGreaterThan(0);
      const db = rawClient(join(tree.root, 'results.db'));
      const [row] = (
        await db.execute(
          "SELECT provider, models_json, input_tokens, output_tokens, cost_usd FROM runs WHERE command = 'evals-run'",
        )
      ).rows;
      db.close();
      expect([
        row!.provider,
        JSON.parse(String(row!.models_json)),
        row!.input_tokens,
        row!.output_tokens,
        row!.cost_usd,
      ]).toEqual([
        'claude-agent-sdk',
        ['claude-haiku-4-5'],
        outcome.agentTokens.input,
        outcome.agentTokens.output,
        outcome.spentUsd,
      ]);
      expect(outcome.configurations).toEqual([
        { name: 'with_skill', ok: 1, infra: 0, notRun: 0, kept: 0 },
        { name: 'without_skill', ok: 1, infra: 0, notRun: 0, kept: 0 },
      ]);
      expect(readFileSync(join(ws, 'iteration-1/eval-7/with_skill/run-1/outputs/final_response.md'), 'utf8')).toBe(
        'Hello, Ada! (greeter)\n',
      );
      expect(readFileSync(join(ws, 'iteration-1/eval-7/without_skill/run-1/outputs/final_response.md'), 'utf8')).toBe(
        'Hello Ada.\n',
      );

      // Grade it: one grader call per run; the quoted reply is in the run, so the PASS stands.
      graderReply = {
        json: {
          expectations: [{ number: 1, evidence: 'greets Ada', quotes: ['Ada'], verdict: 'PASS' }],
          claims: [],
          user_notes_summary: { uncertainties: [], needs_review: [], workarounds: [] },
          eval_feedback: { suggestions: [], overall: '' },
        },
      };
      const graded = await cli('evals', 'grade', ws, '--provider', 'anthropic', '--model', 'claude-haiku-4-5');
      expect(graded.code, graded.stderr).toBe(0);
      expect(graded.stdout).toMatch(/eval-7\/with_skill\/run-1\s+1\/1 passed/);
      expect(graded.stdout).toContain(
        'graded 2, already graded 0, infrastructure runs not graded 0, could not grade 0',
      );
      const g = Grading.parse(
        JSON.parse(readFileSync(join(ws, 'iteration-1/eval-7/without_skill/run-1/grading.json'), 'utf8')),
      );
      expect(g.expectations).toEqual([
        { text: 'Says hello to Ada', passed: true, evidence: 'greets Ada Quoted: "Ada"', method: 'llm' },
      ]);
      expect(g.execution_metrics).toMatchObject({ total_tool_calls: 0, total_steps: 1 });
      // An unusable grader reply: no grading.json, exit 3.
      graderReply = { json: { verdicts: 'all good' } };
      const unusable = await cli(
        'evals',
        'grade',
        ws,
        '--iteration',
        '1',
        '--force',
        '--provider',
        'anthropic',
        '--model',
        'claude-haiku-4-5',
      );
      expect(unusable.code).toBe(3);
      expect(unusable.stderr).toContain('2 run(s) could not be graded (no grading.json written; exit 3)');

      refuseWithoutSkill = true;
      const failing = await cli('evals', 'run', SKILL, '--workspace', ws, '--agent-model', 'claude-haiku-4-5');
      expect(failing.code).toBe(3);
      expect(failing.stdout).toContain('evals run: greeter, iteration 2');
      expect(failing.stdout).toMatch(/without_skill\s+0 ok, 1 infrastructure error\(s\)/);
      expect(failing.stdout).toMatch(/eval 7 without_skill run 1: not_logged_in: /);
      expect(failing.stderr).toContain(
        'could not measure without_skill: every run of it was an infrastructure error (exit 3)',
      );
      expect(failing.stderr).toContain(`--resume --iteration 2 --workspace ${ws}`);

      const before = server.requests.length;
      const differs = await cli(
        'evals',
        'run',
        SKILL,
        '--workspace',
        ws,
        '--agent-model',
        'claude-haiku-4-5',
        '--resume',
        '--runs',
        '2',
      );
      expect(differs.code).toBe(2);
      expect(differs.stderr).toContain('measured a different request');
      expect(differs.stderr).toContain('runs: the iteration has 1, the request 2');
      expect(server.requests.length).toBe(before);
    },
    HANG_LIMIT_MS,
  );
});
