/**
 * The Claude agent runner against the REAL Claude Agent SDK and its bundled Claude Code binary, talking to the
 * scripted model server on 127.0.0.1. The server's policy decides by rule which prompts lead to the skill, so the
 * activation the runner reports can be checked against the rule; faults the server (or a fake binary) injects must
 * come back as infrastructure errors, never as "not activated".
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import type { ClaudeAgentRunnerOptions } from '../../src/agent/claude-agent-runner.js';
import { ShadowedSkillError } from '../../src/agent/project.js';
import type { AgentRunRequest, AgentRunResult } from '../../src/agent/types.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-runner-');
const skillDir = tree.write(
  'skills/release-notes/SKILL.md',
  '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
    'notes.\n---\n\nGroup commits by type.\n',
);
const skill = { kind: 'skill' as const, dir: join(skillDir, '..'), name: 'release-notes' };
const runsDir = tree.dir('runs');

/** Agent turns so far in this session: the assistant messages the request replays. */
const turnOf = (request: ScriptRequest): number =>
  ((request.body.messages as { role: string }[]) ?? []).filter((m) => m.role === 'assistant').length;
/** The user's prompt: text of the last text block of the first user message (Claude Code prepends reminders). */
function promptOf(request: ScriptRequest): string {
  const first = (request.body.messages as { role: string; content: unknown }[])[0];
  const content = first?.content;
  if (typeof content === 'string') return content;
  return (content as { type: string; text?: string }[])
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('\n');
}

/**
 * The rule: a prompt with the word ZEBRA looks around first (Glob), then calls the Skill tool; a prompt with OKAPI
 * reads the skill's SKILL.md; "loop forever" globs on every turn; any other prompt is answered without a skill.
 * Usage is scripted per turn.
 */
const policy = (request: ScriptRequest): Reply => {
  const prompt = promptOf(request);
  const turn = turnOf(request);
  if (prompt.includes('loop forever')) return { tool: { name: 'Glob', input: { pattern: '*' } } };
  if (prompt.includes('ZEBRA')) {
    if (turn === 0)
      return {
        tool: { name: 'Glob', input: { pattern: '**/*.md' } },
        usage: { input: 100, output: 10, cacheRead: 40, cacheWrite: 5 },
      };
    if (turn === 1)
      return {
        tool: { name: 'Skill', input: { skill: 'release-notes' } },
        usage: { input: 200, output: 20, cacheRead: 50, cacheWrite: 0 },
      };
    return { text: 'Release notes: done.', usage: { input: 300, output: 30, cacheRead: 60, cacheWrite: 0 } };
  }
  if (prompt.includes('OKAPI')) {
    if (turn === 0)
      return {
        tool: { name: 'Read', input: { file_path: '.claude/skills/release-notes/SKILL.md' } },
        usage: { input: 100, output: 10 },
      };
    return { text: 'Read it.', usage: { input: 100, output: 10 } };
  }
  return { text: 'No skill needed.', usage: { input: 100, output: 10 } };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());

const runner = (options: ClaudeAgentRunnerOptions = {}): ClaudeAgentRunner =>
  new ClaudeAgentRunner({
    baseURL: server.url,
    apiKey: 'sk-ant-offline-test',
    executable: 'bundled',
    maxRetries: 0,
    tempDir: runsDir,
    realHome: tree.dir('home'),
    ...options,
  });
const request = (prompt: string, extra: Partial<AgentRunRequest> = {}): AgentRunRequest => ({
  prompt,
  install: skill,
  model: 'claude-haiku-5-5',
  ...extra,
});
const leftovers = (): string[] => readdirSync(runsDir);

/** A run the rule answers without the skill, its project kept: made once, two cases assert on it. */
let plain: Promise<{ result: AgentRunResult; sent: string }> | undefined;
function plainRun() {
  plain ??= (async () => {
    const result = await runner({ tempDir: tree.dir('kept') }).run(
      request('What is 2 + 2?', {
        keepProject: true,
        files: [{ from: join(skill.dir, 'SKILL.md'), to: 'inputs/notes.md' }],
      }),
    );
    const first = server.requests.find((r) => promptOf(r).includes('What is 2 + 2?'));
    return { result, sent: JSON.stringify(first?.body) };
  })();
  return plain;
}

// The cases run side by side: one rule answers them all, and each run has its own temp folder to check.
describe.concurrent('ClaudeAgentRunner: activation by rule', () => {
  it('activates on a later tool call (a Glob first, then the Skill tool) and reports the scripted usage', async () => {
    const result = await runner().run(request('ZEBRA: write release notes for v1.2'));
    expect(result.status).toBe('ok');
    expect(result.toolCalls.map((c) => c.name)).toEqual(['Glob', 'Skill']);
    expect(result.activated).toBe(true);
    expect(result.activationEvidence).toBe('tool call 2: Skill {"skill":"release-notes"}');
    expect(result.activatedSkills).toEqual(['release-notes']);
    expect(result.output).toBe('Release notes: done.');
    // Sums of the three scripted turns.
    expect(result.usage).toEqual({ inputTokens: 600, outputTokens: 60, cacheReadTokens: 150, cacheWriteTokens: 5 });
    expect(result.turns).toBe(3);
    expect(result.costUsd).toBeGreaterThan(0);
    expect(result.priced).toBe(true);
    expect(result.simulated).toBe(false);
    expect(result.runner).toBe('claude-agent-sdk');
    // The session in order, for transcripts: each call, what it returned, then the reply.
    const steps = result.steps ?? [];
    expect(
      steps.map((s) =>
        s.kind === 'tool_use'
          ? `use ${s.name}`
          : s.kind === 'tool_result'
            ? `result${s.isError ? ' error' : ''}`
            : `text ${s.text}`,
      ),
    ).toEqual(['use Glob', 'result', 'use Skill', 'result', 'text Release notes: done.']);
    const skillResult = steps[3];
    expect(skillResult?.kind === 'tool_result' && skillResult.toolUseId === (steps[2] as { id?: string }).id).toBe(
      true,
    );
    expect(leftovers()).toEqual([]);
  });

  it('does not activate when the rule says no skill, and the agent saw the skill listed', async () => {
    const { result, sent } = await plainRun();
    expect(result).toMatchObject({ status: 'ok', activated: false, activatedSkills: [], output: 'No skill needed.' });
    expect(result.toolCalls).toEqual([]);
    expect(sent).toContain('release-notes: Write release notes from a git log');
  });

  it("counts a Read of the skill's SKILL.md as activation", async () => {
    const result = await runner({ tempDir: tree.dir('okapi') }).run(request('OKAPI: notes please'));
    expect(result.status).toBe('ok');
    expect(result.activated).toBe(true);
    expect(result.activationEvidence).toBe('tool call 1: Read .claude/skills/release-notes/SKILL.md');
  });

  it("reports max turns as the agent's own error (status ok), not infrastructure", async () => {
    const result = await runner({ tempDir: tree.dir('max-turns') }).run(request('loop forever', { maxTurns: 2 }));
    expect(result.status).toBe('ok');
    expect(result.agentError).toMatch(/max turns reached: Reached maximum number of turns \(2\)/);
    expect(result.activated).toBe(false);
  });

  it('keeps the project when asked, without the config home', async () => {
    const { result } = await plainRun();
    expect(result.projectDir).toBeDefined();
    expect(existsSync(join(result.projectDir!, '.claude', 'skills', 'release-notes', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(result.projectDir!, 'inputs', 'notes.md'))).toBe(true);
    expect(existsSync(join(result.projectDir!, '..', 'home'))).toBe(false);
  });
});

describe('ClaudeAgentRunner: infrastructure errors are counted apart', () => {
  const faults: [string, string, Reply, number | undefined][] = [
    ['429', 'rate_limited', { fault: 'status', status: 429, retryAfter: 0 }, 429],
    ['500', 'api_error', { fault: 'status', status: 500 }, 500],
    ['529', 'overloaded', { fault: 'status', status: 529 }, 529],
    ['a cut stream', 'api_error', { fault: 'cut' }, undefined],
    ['401 (key refused)', 'not_logged_in', { fault: 'status', status: 401 }, 401],
  ];
  it('429, 500, 529, a cut stream, 401 after a Skill call (five concurrent runs) -> infra of the right kind, never activated', async () => {
    // The first turn calls the Skill tool, the next one fails: an error after activation is still infra, not a result.
    // Each run's prompt names its fault, so the runs can go in parallel on one server.
    server.setScript((req) => {
      const fault = faults.find(([label]) => promptOf(req).endsWith(`FAULT ${label}`));
      if (fault === undefined) throw new Error('unexpected prompt');
      return turnOf(req) === 0 ? { tool: { name: 'Skill', input: { skill: 'release-notes' } } } : fault[2];
    });
    const results = await Promise.all(faults.map(([label]) => runner().run(request(`ZEBRA: notes. FAULT ${label}`))));
    results.forEach((result, i) => {
      const [label, kind, , status] = faults[i]!;
      expect({
        label,
        status: result.status,
        kind: result.infraError?.kind,
        httpStatus: result.infraError?.status,
        activated: result.activated,
        activatedSkills: result.activatedSkills,
      }).toEqual({ label, status: 'infra', kind, httpStatus: status, activated: false, activatedSkills: [] });
      expect(
        result.toolCalls.map((c) => c.name),
        label,
      ).toEqual(['Skill']);
    });
    expect(leftovers()).toEqual([]);
  });

  it('no key and no login -> not_logged_in, with what to set', async () => {
    server.setScript(policy);
    const before = server.requests.length;
    const result = await runner({ apiKey: undefined, env: { PATH: process.env.PATH } }).run(request('ZEBRA'));
    expect(result.infraError?.kind).toBe('not_logged_in');
    expect(result.infraError?.message).toMatch(/ANTHROPIC_API_KEY/);
    expect(server.requests.length).toBe(before);
  });

  it('a stall longer than the timeout -> timeout, and the temp folder is removed', async () => {
    server.setScript([{ fault: 'stall', ms: 20_000 }]);
    const result = await runner().run(request('ZEBRA', { timeoutMs: 1500 }));
    expect(result.infraError?.kind).toBe('timeout');
    expect(result.activated).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('abort through the signal -> cancelled, and the temp folder is removed', async () => {
    const controller = new AbortController();
    // Abort once the agent's first model request arrives (the run is then really in flight).
    server.setScript(() => {
      controller.abort();
      return { fault: 'stall', ms: 20_000 };
    });
    const result = await runner().run(request('ZEBRA', { signal: controller.signal }));
    expect(result.infraError?.kind).toBe('cancelled');
    expect(leftovers()).toEqual([]);
  });

  it.each([
    ['exits 1', '#!/bin/sh\necho "claude: boom" >&2\nexit 1\n', /exited with code 1.*boom/s],
    // Inside the sandbox bubblewrap reports a child killed by a signal as exit 128 + the signal's number.
    ['is killed', '#!/bin/sh\nkill -9 $$\n', /terminated by signal SIGKILL|exited with code 137/],
  ])('a Claude Code binary that %s -> crash', async (_label, script, message) => {
    const exe = join(tree.dir('bin'), `claude-${_label.replace(/\W/g, '')}`);
    writeFileSync(exe, script);
    chmodSync(exe, 0o755);
    const result = await runner({ executable: exe }).run(request('ZEBRA'));
    expect(result.status).toBe('infra');
    expect(result.infraError?.kind).toBe('crash');
    expect(result.infraError?.message).toMatch(message);
    expect(result.activated).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('refuses to run when a same-named skill is visible above the temp folder, creating nothing', async () => {
    const base = tree.dir('shadowed');
    mkdirSync(join(base, '.claude', 'skills', 'release-notes'), { recursive: true });
    const runs = tree.dir('shadowed/runs');
    const before = server.requests.length;
    await expect(runner({ tempDir: runs }).run(request('ZEBRA'))).rejects.toThrow(ShadowedSkillError);
    expect(readdirSync(runs)).toEqual([]);
    expect(server.requests.length).toBe(before);
  });
});
