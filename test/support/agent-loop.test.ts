/**
 * The scripted server drives the REAL agent loop (Claude Agent SDK + bundled claude binary) through
 * a skill activation, offline: the basis for Monte Carlo trigger tests. Proves the server speaks
 * enough of the streaming Messages API for multi-turn tool use.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestText, startModelServer } from './model-server.js';
import { tempTree } from './tmp.js';
import { HANG_LIMIT_MS } from './cpu-time.js';

const root = tempTree('plugin-eval-agent-loop-').root;

describe('model server + Claude Agent SDK', () => {
  it(
    'lets a scripted reply activate a project skill and sees the skill body come back',
    async () => {
      const project = join(root, 'project');
      mkdirSync(join(project, '.claude', 'skills', 'release-notes'), { recursive: true });
      writeFileSync(
        join(project, '.claude', 'skills', 'release-notes', 'SKILL.md'),
        '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
          'notes.\n---\n\nSKILL-BODY-MARKER: group commits by type.\n',
      );
      const server = await startModelServer(({ index }) =>
        index === 0
          ? { tool: { name: 'Skill', input: { skill: 'release-notes' } }, usage: { input: 500, output: 20 } }
          : { text: 'Done.', usage: { input: 800, output: 5 } },
      );
      try {
        const { query } = await import('@anthropic-ai/claude-agent-sdk');
        const home = join(root, 'home');
        mkdirSync(home, { recursive: true });
        const messages: { type: string; subtype?: string }[] = [];
        let result: { total_cost_usd: number; num_turns: number; result?: string } | undefined;
        for await (const message of query({
          prompt: 'Write release notes for v1.2',
          options: {
            cwd: project,
            settingSources: ['project'],
            skills: 'all',
            maxTurns: 3,
            persistSession: false,
            model: 'claude-haiku-5-5',
            env: {
              PATH: process.env.PATH,
              HOME: home,
              CLAUDE_CONFIG_DIR: join(home, '.claude'),
              ANTHROPIC_BASE_URL: server.url,
              ANTHROPIC_API_KEY: 'sk-ant-offline-test',
              CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
              DISABLE_TELEMETRY: '1',
              CLAUDE_CODE_MAX_RETRIES: '0',
            },
          },
        })) {
          messages.push(message as { type: string; subtype?: string });
          if (message.type === 'result' && message.subtype === 'success') result = message;
        }
        expect(server.requests.length).toBeGreaterThanOrEqual(2);
        const first = requestText(server.requests[0]!);
        expect(first).toContain('release-notes');
        expect(first).toContain('Write release notes from a git log');
        const second = requestText(server.requests[1]!);
        expect(second).toContain('SKILL-BODY-MARKER');
        expect(result?.result).toBe('Done.');
        expect(result?.total_cost_usd).toBeGreaterThan(0);
        expect(server.unknownRequests).toEqual([]);
      } finally {
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );
});
