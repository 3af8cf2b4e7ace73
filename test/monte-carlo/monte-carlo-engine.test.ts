/**
 * The Monte Carlo loop with a scripted runner (no SDK): the schedule, the stops (N, adaptive band, cost cap,
 * infrastructure), and a runner that throws. The real agent's behaviour is in monte-carlo-layer.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { MonteCarloPlan } from '../../src/model/plan.js';
import { parseSkill } from '../../src/parse/skill.js';
import { runMonteCarlo } from '../../src/monte-carlo/run-monte-carlo.js';
import type { AgentRunner, AgentRunRequest, AgentRunResult } from '../../src/agent/types.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-mc-engine-');
const skillDir = tree
  .write('s/notes/SKILL.md', '---\nname: notes\ndescription: Take notes. Use when asked for notes.\n---\n\nBody.\n')
  .replace(/\/SKILL\.md$/, '');
const promptsFile = tree.write(
  'prompts.json',
  JSON.stringify([
    { query: 'yes one', should_trigger: true },
    { query: 'yes two', should_trigger: true },
    { query: 'no three', should_trigger: true },
    { query: 'no a', should_trigger: false },
    { query: 'no b', should_trigger: false },
    { query: 'yes c', should_trigger: false },
  ]),
);

const PROMPT_TEXT = ['yes one', 'yes two', 'no three', 'no a', 'no b', 'yes c'];

const plan = (over: Partial<MonteCarloPlan> = {}): MonteCarloPlan => ({
  runner: 'claude-agent-sdk',
  model: 'm',
  sandbox: true,
  maxRuns: 12,
  adaptive: false,
  ciWidth: 0.05,
  concurrency: 3,
  maxCostUsd: null,
  prompts: { file: promptsFile, positives: 10, negatives: 10 },
  maxTurns: 4,
  timeoutMs: 10_000,
  allowedTools: ['Skill'],
  seed: 7,
  ...over,
});

/** Activates on "yes"; `infra` decides which prompts fail for infrastructure reasons; every run costs $0.10. */
function scripted(
  options: { infra?: (prompt: string) => boolean; throwAt?: number } = {},
): AgentRunner & { seen: string[] } {
  const seen: string[] = [];
  return {
    name: 'scripted',
    simulated: false,
    seen,
    async run(request: AgentRunRequest): Promise<AgentRunResult> {
      seen.push(request.prompt);
      if (options.throwAt !== undefined && seen.length === options.throwAt) throw new Error('cannot install the skill');
      await new Promise((r) => setTimeout(r, 1));
      const infra = options.infra?.(request.prompt) ?? false;
      const activated = !infra && request.prompt.startsWith('yes');
      return {
        runner: 'scripted',
        simulated: false,
        status: infra ? 'infra' : 'ok',
        ...(infra ? { infraError: { kind: 'overloaded', message: '529' } } : {}),
        activated,
        activatedSkills: activated ? ['notes'] : [],
        output: activated ? 'notes' : '',
        toolCalls: [],
        usage: { inputTokens: 100, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
        costUsd: 0.1,
        priced: true,
        durationMs: 1,
        turns: 1,
      };
    },
  };
}

const skill = async () => {
  const parsed = await parseSkill(skillDir);
  if (!parsed.ok) throw new Error('fixture');
  return parsed.skill;
};

describe('runMonteCarlo', () => {
  it('runs N in the 1:1 schedule, every prompt of a kind in turn, and counts by rule', async () => {
    const runner = scripted();
    const out = await runMonteCarlo(await skill(), plan(), { runner });
    expect(out).toMatchObject({ status: 'measured', stoppedBy: 'max-runs', resumed: 0 });
    expect(out.runs.map((r) => r.shouldTrigger)).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 0));
    // 6 positive runs over 3 positive prompts: each twice; 2 of 3 say yes.
    expect(out.runs.filter((r) => r.shouldTrigger && r.activated)).toHaveLength(4);
    expect(out.runs.filter((r) => !r.shouldTrigger && r.activated)).toHaveLength(2);
    expect(out.agentCostUsd).toBeCloseTo(1.2, 9);
  });

  it("stops on the adaptive band hook (not before the rule's minimum runs) and says so", async () => {
    const out = await runMonteCarlo(
      await skill(),
      plan({ adaptive: true, maxRuns: 50, concurrency: 1, minPrompts: 3 }),
      { runner: scripted(), bandFixed: () => true },
    );
    expect(out.stoppedBy).toBe('adaptive');
    expect(out.adaptiveStop?.reason).toBe('band-fixed');
    expect(out.runs).toHaveLength(10);
  });

  it('never stops early with fewer distinct prompts on a side than the minimum, and says why', async () => {
    // 3 positive and 3 negative prompts against the default minimum of 5: the band hook is never asked.
    let asked = 0;
    const out = await runMonteCarlo(await skill(), plan({ adaptive: true, maxRuns: 16, concurrency: 1 }), {
      runner: scripted(),
      bandFixed: () => {
        asked++;
        return true;
      },
    });
    expect(out).toMatchObject({ stoppedBy: 'max-runs', status: 'measured' });
    expect(out.runs).toHaveLength(16);
    expect(asked).toBe(0);
    expect(out.notes).toContain(
      'adaptive sampling cannot stop early: 3 positive and 3 near-miss prompt(s), fewer than 5 distinct prompts on ' +
        'a side (--mc-min-prompts); runs continue to N',
    );
  });

  it('stops at --max-cost: partial, fewer runs than N (or not measured when too few positives)', async () => {
    const out = await runMonteCarlo(await skill(), plan({ maxCostUsd: 0.95, concurrency: 1 }), { runner: scripted() });
    expect(out.stoppedBy).toBe('max-cost');
    expect(out.runs).toHaveLength(10);
    expect(out).toMatchObject({ status: 'partial' });
    expect(out.reason).toMatch(/--max-cost \$0\.95 reached \(\$1\.0000 spent\)/);
  });

  it('gives up when infrastructure errors are the majority', async () => {
    const out = await runMonteCarlo(await skill(), plan({ concurrency: 1 }), {
      runner: scripted({ infra: () => true }),
    });
    expect(out).toMatchObject({ status: 'not-measured', stoppedBy: 'infrastructure' });
    expect(out.runs).toHaveLength(5);
    expect(out.runs.every((r) => r.status === 'infra' && !r.activated)).toBe(true);
  });

  it('a runner that throws stops the loop after the runs under way finish, and the error surfaces', async () => {
    const runner = scripted({ throwAt: 4 });
    await expect(runMonteCarlo(await skill(), plan({ concurrency: 3 }), { runner })).rejects.toThrow(
      'cannot install the skill',
    );
    // Runs 1-3 were under way or done, run 4 threw; at most the two launched beside it follow.
    expect(runner.seen.length).toBeLessThanOrEqual(6);
  });

  it('a skill of a plugin runs with the whole plugin installed, and only a call naming it counts as its activation', async () => {
    const root = tree.dir('plugin');
    tree.write('plugin/.claude-plugin/plugin.json', '{"name": "kit"}');
    const dir = tree
      .write(
        'plugin/skills/notes/SKILL.md',
        '---\nname: notes\ndescription: Take notes. Use when asked for notes.\n---\n\nBody.\n',
      )
      .replace(/\/SKILL\.md$/, '');
    tree.write('plugin/skills/todo/SKILL.md', '---\nname: todo\ndescription: Keep a todo list.\n---\n\nBody.\n');
    const parsed = await parseSkill(dir, { context: { pluginRoot: root } });
    if (!parsed.ok) throw new Error('fixture');
    const installs: string[] = [];
    const runner: AgentRunner = {
      name: 'scripted',
      simulated: false,
      async run(request) {
        installs.push(request.install.kind === 'plugin' ? `plugin ${request.install.dir}` : request.install.kind);
        // "yes" prompts activate the sibling first, then this skill; "no" prompts only the sibling.
        const yes = request.prompt.startsWith('yes');
        const activatedSkills = yes ? ['todo', 'notes'] : ['todo'];
        return {
          runner: 'scripted',
          simulated: false,
          status: 'ok',
          activated: true,
          activationEvidence: 'tool call 1: Skill {"skill":"todo"}',
          activatedSkills,
          output: 'x',
          toolCalls: [],
          usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
          costUsd: 0,
          priced: true,
          durationMs: 1,
          turns: 1,
        };
      },
    };
    const out = await runMonteCarlo(parsed.skill, plan({ concurrency: 1 }), { runner });
    expect(new Set(installs)).toEqual(new Set([`plugin ${root}`]));
    const yes = out.runs.filter((r) => r.activated);
    expect(yes.length).toBe(out.runs.filter((r) => PROMPT_TEXT[r.promptIndex]!.startsWith('yes')).length);
    expect(yes[0]!.activationEvidence).toBe('the run activated notes (skills activated: todo, notes)');
  });
});
