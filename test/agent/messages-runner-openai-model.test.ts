/**
 * `score --depth deep --runner messages` on an OpenAI-compatible server (Ollama, vLLM, ...): the agent model's
 * default, `sonnet`, is a Claude alias such a server does not know. Sent literally, every routing call was a 404,
 * every run an infrastructure error, and the layer "not measured" over a model the user never named. The judge's
 * model is the default there (said with the plan); a model the user sets with --agent-model is kept. Through the
 * main CLI and the real OpenAI SDK.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { ScoreRun } from '../../src/model/run.js';
import { cli } from '../support/cli.js';
import { envForEachTest } from '../support/env.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { directVerdict, judgeScript, schemaNameOf } from '../judge/judge-script.js';

const tree = tempTree('plugin-eval-messages-openai-');
const SKILL = path.dirname(
  tree.write(
    'release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
      'notes.\n---\n\n# Release notes\n\nGroup commits by type.\n',
  ),
);
const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    ...[
      'ZEBRA notes for v1',
      'ZEBRA notes for v2',
      'ZEBRA notes for v3',
      'ZEBRA notes for v4',
      'ZEBRA notes for v5',
    ].map((query) => ({ query, should_trigger: true })),
    ...['what is a tag', 'rebase my branch', 'sign my commits', 'list files', 'what is semver'].map((query) => ({
      query,
      should_trigger: false,
    })),
  ]),
);
const KNOWN = new Set(['qwen-local', 'llama-local']);
const layerJudge = judgeScript({
  candidate: 'release-notes',
  shouldTrigger: ['notes for v1', 'notes for v2', 'notes for v3', 'notes for v4', 'notes for v5'],
  nearMisses: ['rebase', 'tag', 'sign', 'list', 'semver'],
  score: () => 0.8,
});

/** A local server that knows two models (404 for any other, as Ollama answers), routes ZEBRA prompts to the skill. */
const policy = (r: ScriptRequest): Reply | Promise<Reply> => {
  if (!KNOWN.has(String(r.body.model)))
    return { fault: 'status', status: 404, message: `model "${String(r.body.model)}" not found, try pulling it first` };
  const name = schemaNameOf(r) ?? '';
  if (name.startsWith('judge_')) return layerJudge(r);
  if (name === 'skill_decision') return { json: { skill: requestText(r).includes('ZEBRA') ? 'release-notes' : null } };
  if (name === 'direct_score') return directVerdict(4);
  return { text: 'Release notes: done.' };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());
envForEachTest(() => ({
  OPENAI_BASE_URL: server.openaiBaseURL,
  OPENAI_API_KEY: 'sk-local',
  ANTHROPIC_API_KEY: undefined,
  ANTHROPIC_BASE_URL: undefined,
  PLUGIN_EVAL_CACHE: 'false',
  PLUGIN_EVAL_STATE_DIR: tree.dir('state'),
  PLUGIN_EVAL_AGENT_MODEL: undefined,
}));

const deep = (...extra: string[]) =>
  cli(
    'score',
    SKILL,
    '--depth',
    'deep',
    '--runner',
    'messages',
    '--provider',
    'openai',
    '--model',
    'qwen-local',
    '--prompts',
    PROMPTS,
    '--mc-n',
    '10',
    '--no-adaptive',
    '--no-store',
    '--output',
    'json',
    ...extra,
  );
const routingModels = (from: number): string[] => [
  ...new Set(
    server.requests
      .slice(from)
      .filter((r) => schemaNameOf(r) === 'skill_decision')
      .map((r) => String(r.body.model)),
  ),
];

describe('the messages runner on an OpenAI-compatible server', () => {
  it("without --agent-model: the runs use the judge's model, not the Claude alias sonnet, and the layer measures", async () => {
    const from = server.requests.length;
    const out = await deep();
    expect(out.stderr).not.toContain('could not measure');
    expect(out.code, out.stderr).toBe(EXIT.OK);
    expect(routingModels(from)).toEqual(['qwen-local']);
    const run = ScoreRun.parse(JSON.parse(out.stdout));
    expect(run.plan.monteCarlo?.model).toBe('qwen-local');
    expect(run.results[0]!.measurement.status).toBe('complete');
  });

  it('the plan on stderr says which model the runs use and why', async () => {
    const out = await deep('--dry-run');
    expect(out.code, out.stderr).toBe(EXIT.OK);
    expect(out.stderr).toContain(
      "plugin-eval: Monte Carlo: the messages runner uses the judge's model qwen-local (the default agent model " +
        'sonnet is a Claude alias, unknown to an OpenAI-compatible server); --agent-model picks another',
    );
    expect(out.stderr).toMatch(/Monte Carlo plan: .* messages runner .* with qwen-local,/);
  });

  it('--agent-model is kept as given', async () => {
    const from = server.requests.length;
    const out = await deep('--agent-model', 'llama-local');
    expect(out.code, out.stderr).toBe(EXIT.OK);
    expect(routingModels(from)).toEqual(['llama-local']);
    expect(ScoreRun.parse(JSON.parse(out.stdout)).plan.monteCarlo?.model).toBe('llama-local');
  });
});
