import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_RUNNER_KINDS, AGENT_RUNNER_TABLE } from '../../src/model/runner-kinds.js';
import { MonteCarloPlan } from '../../src/model/plan.js';
import { createRunner } from '../../src/agent/runners.js';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { cli } from '../support/cli.js';

/** The runner table is the one list of runner kinds: the plan, the settings, every --runner and the docs follow it. */
describe('the agent runner table', () => {
  it("the plan's runner enum is the table's kinds", () => {
    expect(MonteCarloPlan.shape.runner.options).toEqual(AGENT_RUNNER_KINDS);
  });

  it.each(['score', 'evals triggers', 'evals run'])("%s --help offers exactly the table's kinds", async (command) => {
    const out = await cli(...command.split(' '), '--help');
    const choices = /--runner <name>[\s\S]*?\(choices:\s+([^)]*)\)/.exec(out.stdout)?.[1];
    expect(choices?.split(/,\s*/).map((c) => c.replace(/"/g, ''))).toEqual(AGENT_RUNNER_KINDS);
  });

  it('docs/agent-runners.md has one row per kind, with its label', () => {
    const docs = readFileSync('docs/agent-runners.md', 'utf8');
    for (const kind of AGENT_RUNNER_KINDS)
      expect(docs).toContain(`| \`${kind}\` | ${AGENT_RUNNER_TABLE[kind].label} |`);
  });

  it('each kind builds a runner reporting that kind; an unknown kind is a usage error', () => {
    expect(createRunner('claude-agent-sdk', { model: 'haiku' })).toBeInstanceOf(ClaudeAgentRunner);
    expect(createRunner('claude-agent-sdk', {}).name).toBe('claude-agent-sdk');
    expect(() => createRunner('messages', {})).toThrow(/needs a provider/);
    expect(() => createRunner('nope' as 'messages', {})).toThrow(
      /unknown agent runner "nope"; use claude-agent-sdk or messages/,
    );
  });
});
