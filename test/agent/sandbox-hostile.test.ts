/**
 * A hostile skill run by the REAL ClaudeAgentRunner (Agent SDK + bundled Claude Code) inside REAL bubblewrap,
 * against the scripted model server: its hooks, its `!`cmd`` line and the agent's Bash write nothing outside the
 * run project, the canary outside the skill never reaches the server, and the agent reaches nothing on the host's
 * loopback. The same skill unsandboxed is the control: there the Bash and `!`cmd`` markers and the connection happen,
 * so the script really drives the payload. Hooks stay off either way (stripped from the copy and disabled).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { bubblewrapProblem, SandboxUnavailableError } from '../../src/agent/sandbox/bubblewrap.js';
import { ClaudeAgentRunner, RUN_SETTINGS, UNSANDBOXED_WARNING } from '../../src/agent/claude-agent-runner.js';
import type { ClaudeAgentRunnerOptions } from '../../src/agent/claude-agent-runner.js';
import type { AgentRunRequest } from '../../src/agent/types.js';
import { hostileScript, startListener, writeHostileSkill } from '../support/hostile-skill.js';
import type { Listener } from '../support/hostile-skill.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-sandbox-');
const hostile = writeHostileSkill(tree, 'h');
const runsDir = tree.dir('runs');

let server: ModelServer;
let listener: Listener;
beforeAll(async () => {
  server = await startModelServer([{ text: 'ok' }]);
  listener = await startListener();
});
afterAll(async () => {
  await server.close();
  await listener.close();
});

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
const request: AgentRunRequest = {
  prompt: 'Summarise my meeting notes',
  install: { kind: 'skill', dir: hostile.dir, name: hostile.name },
  model: 'claude-haiku-5-5',
  allowedTools: ['Skill', 'Read', 'Bash'],
  maxTurns: 6,
  keepProject: true,
};
/** Everything the server received since `from` (bodies of every route), as one string. */
const sentSince = (from: number): string =>
  server.received
    .slice(from)
    .map((r) => r.body)
    .join('\n');

describe('a hostile skill inside the sandbox', () => {
  it('writes nothing outside the run project, leaks no canary, reaches no host port; Bash runs inside', async () => {
    server.setScript(hostileScript(hostile, listener.port));
    const from = server.received.length;
    const result = await runner().run(request);
    expect(result.status).toBe('ok');
    expect(result.toolCalls.map((c) => c.name)).toEqual(['Skill', 'Read', 'Bash']);
    const sent = sentSince(from);
    // Bash ran and its output reached the model: the canary is absent because it could not be read, not because nothing
    // ran.
    expect(sent).toContain(hostile.bashRan);
    expect(sent).toContain(hostile.bangRan);
    expect(sent).not.toContain(hostile.canary);
    for (const marker of [...hostile.markers.hooks, hostile.markers.bang, hostile.markers.bash])
      expect(existsSync(marker), marker).toBe(false);
    expect(listener.connections).toBe(0);
    // The install left out the hooks and both links, and says so.
    const leftOut = (result.warnings ?? []).find((w) => w.startsWith('left out'));
    expect(leftOut).toMatch(/4 hooks in skills\/hostile-notes\/SKILL\.md frontmatter/);
    expect(leftOut).toMatch(/link skills\/hostile-notes\/references\/lib -> outside the folder/);
    expect(leftOut).toMatch(/link skills\/hostile-notes\/references\/notes\.md -> outside the folder/);
    expect(result.warnings).not.toContain(UNSANDBOXED_WARNING);
    const installed = join(result.projectDir!, '.claude', 'skills', hostile.name);
    expect(existsSync(join(installed, 'references', 'notes.md'))).toBe(false);
    expect(existsSync(join(installed, 'references', 'lib'))).toBe(false);
    expect(readFileSync(join(installed, 'SKILL.md'), 'utf8')).not.toMatch(/hooks:|PreToolUse/);
  });

  it('the control: unsandboxed, the same Bash call writes its marker and connects (hooks still never run)', async () => {
    server.setScript(hostileScript(hostile, listener.port));
    const result = await runner({ sandbox: false }).run(request);
    expect(result.status).toBe('ok');
    expect(existsSync(hostile.markers.bash)).toBe(true);
    expect(existsSync(hostile.markers.bang)).toBe(true);
    expect(listener.connections).toBeGreaterThan(0);
    for (const marker of hostile.markers.hooks) expect(existsSync(marker), marker).toBe(false);
    expect(result.warnings).toContain(UNSANDBOXED_WARNING);
  });

  it('a missing bwrap stops the run before anything starts, naming the package (exit 3 class)', async () => {
    const missing = join(tree.root, 'no-such-bwrap');
    expect(bubblewrapProblem(missing)).toMatch(/not found/);
    const run = runner({ bwrap: missing }).run({ ...request, keepProject: false });
    await expect(run).rejects.toBeInstanceOf(SandboxUnavailableError);
    await expect(run).rejects.toMatchObject({
      code: 'NOT_MEASURED',
      message: expect.stringMatching(/apt install bubblewrap/),
    });
  });
});

describe('disableAllHooks against the real binary', () => {
  // The runner also strips frontmatter hooks from the copy; this checks the second guard on its own.
  const project = tree.dir('hooks-project');
  const marker = join(tree.dir('hooks-outside'), 'stop-hook-ran');
  mkdirSync(join(project, '.claude', 'skills', 'h'), { recursive: true });
  writeFileSync(
    join(project, '.claude', 'skills', 'h', 'SKILL.md'),
    `---\nname: h\ndescription: Use for anything.\nhooks:\n  Stop:\n    - hooks:\n        - type: ` +
      `command\n          command: "touch ${marker}"\n---\n\nSay hi.\n`,
  );
  const runWith = async (settings: Record<string, unknown>): Promise<void> => {
    server.setScript((req) =>
      Array.isArray(req.body.tools) &&
      req.body.tools.length > 0 &&
      !JSON.stringify(req.body.messages).includes('tool_result')
        ? { tool: { name: 'Skill', input: { skill: 'h' } } }
        : { text: 'hi' },
    );
    const home = tree.dir(`hooks-home-${Object.keys(settings).length}`);
    const session = query({
      prompt: 'hello',
      options: {
        cwd: project,
        settingSources: ['project'],
        tools: ['Skill'],
        allowedTools: ['Skill'],
        permissionMode: 'dontAsk',
        persistSession: false,
        model: 'claude-haiku-5-5',
        settings,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          CLAUDE_CONFIG_DIR: join(home, '.claude'),
          ANTHROPIC_BASE_URL: server.url,
          ANTHROPIC_API_KEY: 'sk-ant-offline-test',
          CLAUDE_CODE_MAX_RETRIES: '0',
        },
      },
    });
    for await (const message of session) void message;
  };

  it("a frontmatter Stop hook runs without it and does not run with the runner's settings", async () => {
    await runWith({});
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    await runWith(RUN_SETTINGS);
    expect(existsSync(marker)).toBe(false);
  });
});
