/**
 * The sandbox through the command line, with the REAL Agent SDK, its bundled Claude Code and REAL bubblewrap
 * against the scripted model server: a hostile skill scored at deep depth and run by `evals run` writes nothing
 * outside its run project and its canary never reaches the server; `--no-sandbox` is said in the output; a
 * machine without bwrap stops agent layers with exit 3 naming the package.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directVerdict, isDirectScore, judgeScript } from '../judge/judge-script.js';
import { cli } from '../support/cli.js';
import { envForEachTest } from '../support/env.js';
import { hostileScript, startListener, writeHostileSkill } from '../support/hostile-skill.js';
import type { Listener } from '../support/hostile-skill.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-sandbox-cli-');
const scored = writeHostileSkill(tree, 'deep');
const evaluated = writeHostileSkill(tree, 'evals');
const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    { query: 'summarise my meeting notes', should_trigger: true },
    { query: 'what is a git tag', should_trigger: false },
  ]),
);
tree.write(
  `evals/skills/${evaluated.name}/evals/evals.json`,
  JSON.stringify({
    skill_name: evaluated.name,
    evals: [{ id: 1, prompt: 'Summarise my meeting notes.', expectations: ['Lists action items'] }],
  }),
);

const isAgent = (r: ScriptRequest): boolean =>
  ((r.body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Skill');
const judge = judgeScript({
  candidate: scored.name,
  shouldTrigger: [
    'summarise my notes',
    'action items from these notes',
    'notes summary',
    'meeting summary',
    'what are the todos',
  ],
  nearMisses: ['explain git tags', 'rebase a branch', 'sign a commit', 'write a poem', 'list files'],
  score: () => 0.8,
});

let server: ModelServer;
let listener: Listener;
let agentScript: (r: ScriptRequest) => Reply = () => ({ text: 'ok' });
const policy = (r: ScriptRequest): Reply | Promise<Reply> => {
  if (isAgent(r)) return agentScript(r);
  if (isDirectScore(r)) return directVerdict(5);
  return judge(r);
};
beforeAll(async () => {
  server = await startModelServer(policy);
  listener = await startListener();
});
afterAll(async () => {
  await server.close();
  await listener.close();
});
envForEachTest(
  () => ({
    ANTHROPIC_API_KEY: 'sk-ant-offline-test',
    ANTHROPIC_BASE_URL: server.url,
    PLUGIN_EVAL_STATE_DIR: tree.dir('state'),
    PLUGIN_EVAL_CACHE: 'false',
    CLAUDE_CODE_MAX_RETRIES: '0',
    PLUGIN_EVAL_CORPUS_DIR: tree.dir('no-corpus'),
    PLUGIN_EVAL_STORE: 'off',
    PLUGIN_EVAL_SANDBOX: undefined,
  }),
  ['PATH'],
);

/** The text report wraps lines at 80 columns. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');
const sentSince = (from: number): string =>
  server.received
    .slice(from)
    .map((r) => r.body)
    .join('\n');
const deepArgs = ['--depth', 'deep', '--prompts', PROMPTS, '--mc-n', '2', '--no-adaptive', '--concurrency', '2'];

describe('a hostile skill through the command line, sandboxed', () => {
  it('score --depth deep: no marker outside, no canary at the server, no host port reached; the report says what was left out', async () => {
    agentScript = hostileScript(scored, listener.port);
    const from = server.received.length;
    const fromRequest = server.requests.length;
    const out = await cli('score', scored.dir, ...deepArgs);
    expect(out.stderr).not.toMatch(/could not measure/);
    expect(flat(out.stdout)).toMatch(
      /left out of the agent's install: 4 hooks in skills\/hostile-notes\/SKILL\.md frontmatter \(not installed\); link skills\/hostile-notes\/references\/lib -> outside the folder/,
    );
    expect(out.stdout).not.toMatch(/unsandboxed/);
    const sent = sentSince(from);
    // Bash is not among deep depth's tools: Claude Code refuses the skill's `!`cmd`` line and the Bash call (with Bash
    // allowed both run, inside: evals below), and the linked reference is not in the install.
    const agentSent = server.requests
      .slice(fromRequest)
      .filter(isAgent)
      .map((r) => JSON.stringify(r.body))
      .join('\n');
    expect(agentSent).toContain('Permission to use Bash has been denied');
    expect(agentSent).toContain('File does not exist');
    expect(sent).not.toContain(scored.bashRan);
    expect(sent).not.toContain(scored.bangRan);
    expect(sent).not.toContain(scored.canary);
    for (const marker of [...scored.markers.hooks, scored.markers.bang, scored.markers.bash])
      expect(existsSync(marker), marker).toBe(false);
    expect(listener.connections).toBe(0);
  });

  it('evals run (Bash among the default tools): no marker outside, no canary at the server', async () => {
    agentScript = hostileScript(evaluated, listener.port);
    const from = server.received.length;
    const out = await cli('evals', 'run', evaluated.dir, '--workspace', tree.dir('ws'), '--baseline', 'without_skill');
    expect(out.stderr).not.toMatch(/could not measure/);
    const sent = sentSince(from);
    expect(sent).toContain(evaluated.bashRan);
    expect(sent).toContain(evaluated.bangRan);
    expect(sent).not.toContain(evaluated.canary);
    for (const marker of [...evaluated.markers.hooks, evaluated.markers.bang, evaluated.markers.bash])
      expect(existsSync(marker), marker).toBe(false);
    expect(listener.connections).toBe(0);
  });
});

describe('--no-sandbox and a missing bwrap', () => {
  const benign = join(
    tree.write(
      'benign/skills/greeter/SKILL.md',
      '---\nname: greeter\ndescription: Greet people by name. Use when asked to greet someone.\n---\n\nSay hello.\n',
    ),
    '..',
  );

  it('--no-sandbox (flag or environment) is said in the text and JSON output', async () => {
    agentScript = () => ({ text: 'Hello.' });
    const text = await cli('score', benign, ...deepArgs, '--no-sandbox');
    expect(flat(text.stdout)).toMatch(/unsandboxed \(--no-sandbox\): the agent ran on this machine as you/);
    process.env.PLUGIN_EVAL_SANDBOX = 'off';
    const json = await cli('score', benign, ...deepArgs, '--output', 'json');
    expect(json.stdout).toMatch(/"sandbox": false/);
    expect(json.stdout).toMatch(/unsandboxed \(--no-sandbox\)/);
  });

  it('without bwrap on PATH, score --depth deep and evals run stop with exit 3 naming the package, having run no agent', async () => {
    process.env.PATH = tree.dir('empty-bin');
    const from = server.requests.filter(isAgent).length;
    const deep = await cli('score', benign, ...deepArgs);
    expect(deep.code).toBe(3);
    expect(deep.stderr).toMatch(/bwrap was not found on PATH.*apt install bubblewrap/s);
    const evals = await cli('evals', 'run', evaluated.dir, '--workspace', tree.dir('ws-no-bwrap'));
    expect(evals.code).toBe(3);
    expect(evals.stderr).toMatch(/apt install bubblewrap/);
    expect(server.requests.filter(isAgent).length).toBe(from);
  });
});
