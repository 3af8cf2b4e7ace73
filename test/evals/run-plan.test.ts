/**
 * The iteration logic of `evals run` with a recording fake runner (no agent, so fast): old_skill is installed from
 * a snapshot inside the iteration (later edits of the original change nothing), --max-cost stops the launching of
 * runs and leaves the rest not run and resumable, a cancel does the same, a resume refuses a request that changed,
 * and a new iteration never overwrites an existing one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateEvalsRun, EVAL_REQUESTS_PER_RUN } from '../../src/evals/run/estimate.js';
import { folderHash } from '../../src/evals/run/iteration.js';
import { executeEvalsRun, prepareEvalsRun, runEvals } from '../../src/evals/run/run-evals.js';
import { IterationPlan } from '../../src/evals/schemas/index.js';
import type { AgentRunner, AgentRunRequest, AgentRunResult } from '../../src/agent/types.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-evals-plan-');
const skillMd = (body: string): string =>
  `---\nname: tidy\ndescription: Tidy a file. Use when asked to tidy.\n---\n\n${body}\n`;
const SKILL = join(tree.write('skills/tidy/SKILL.md', skillMd('Version 2.')), '..');
tree.write(
  'skills/tidy/evals/evals.json',
  JSON.stringify({
    skill_name: 'tidy',
    evals: [
      { id: 1, prompt: 'Tidy it.' },
      { id: 2, prompt: 'Tidy that.' },
    ],
  }),
);
const OLD = join(tree.write('old/tidy/SKILL.md', skillMd('Version 1.')), '..');

/** Each run costs $0.01, writes out.txt in its project, and records what was installed. */
function fakeRunner(
  options: { onRun?: (request: AgentRunRequest) => void; infra?: boolean } = {},
): AgentRunner & { requests: AgentRunRequest[] } {
  const requests: AgentRunRequest[] = [];
  return {
    name: 'fake',
    simulated: false,
    requests,
    async run(request) {
      requests.push(request);
      options.onRun?.(request);
      const root = tree.fresh('agent-tmp/plugin-eval-run-');
      mkdirSync(join(root, 'project', '.claude'), { recursive: true });
      const installed =
        request.install.kind === 'skill' ? readFileSync(join(request.install.dir, 'SKILL.md'), 'utf8') : 'nothing';
      writeFileSync(join(root, 'project', 'out.txt'), installed);
      const result: AgentRunResult = {
        runner: 'fake',
        simulated: false,
        status: 'ok',
        activated: false,
        activatedSkills: [],
        output: 'done',
        toolCalls: [],
        steps: [],
        usage: { inputTokens: 10, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
        costUsd: 0.01,
        priced: true,
        durationMs: 5,
        turns: 1,
        projectDir: join(root, 'project'),
      };
      if (options.infra)
        return {
          ...result,
          status: 'infra',
          infraError: { kind: 'api_error', message: 'Connection refused' },
          costUsd: 0,
        };
      return request.signal?.aborted
        ? { ...result, status: 'infra', infraError: { kind: 'cancelled', message: 'cancelled' } }
        : result;
    },
  };
}

const base = { skill: SKILL, runnerName: 'fake', model: 'claude-haiku-4-5' };

describe('evals run iterations', () => {
  it('old_skill runs from a snapshot in the iteration; editing the original afterwards changes nothing measured', async () => {
    const workspace = tree.dir('ws-old');
    const runner = fakeRunner({
      onRun: () => writeFileSync(join(OLD, 'SKILL.md'), skillMd('Version 1, edited mid-run.')),
    });
    const outcome = await runEvals(
      { ...base, workspace, baseline: `old_skill=${OLD}`, only: [1] },
      { runner, concurrency: 1 },
    );
    expect(outcome.configurations.map((c) => `${c.name}:${c.ok}`)).toEqual(['with_skill:1', 'old_skill:1']);
    const snapshot = join(workspace, 'iteration-1', 'skill-snapshot');
    expect(readFileSync(join(snapshot, 'SKILL.md'), 'utf8')).toContain('Version 1.\n');
    expect(readFileSync(join(workspace, 'iteration-1/eval-1/old_skill/run-1/outputs/out.txt'), 'utf8')).toContain(
      'Version 1.\n',
    );
    expect(readFileSync(join(workspace, 'iteration-1/eval-1/with_skill/run-1/outputs/out.txt'), 'utf8')).toContain(
      'Version 2.',
    );
    const plan = IterationPlan.parse(JSON.parse(readFileSync(join(workspace, 'iteration-1/evals_run.json'), 'utf8')));
    expect(plan.configurations.map((c) => [c.name, c.install, c.skill_path, c.snapshot_of])).toEqual([
      ['with_skill', 'skill', SKILL, undefined],
      ['old_skill', 'skill', snapshot, OLD],
    ]);
    // Both configurations install under the skill's name; the kept temp projects are gone.
    expect(
      runner.requests.map((r) => (r.install.kind === 'skill' ? `${r.install.name}@${r.install.dir}` : 'none')),
    ).toEqual([`tidy@${SKILL}`, `tidy@${snapshot}`]);
    expect(readdirSync(tree.dir('agent-tmp'))).toEqual([]);
  });

  it('--max-cost stops launching runs; the rest are not run, and a resume makes exactly those', async () => {
    const workspace = tree.dir('ws-cost');
    const outcome = await runEvals(
      { ...base, workspace, runs: 2 },
      { runner: fakeRunner(), concurrency: 1, maxCostUsd: 0.025 },
    );
    expect(outcome.stoppedBy).toBe('max-cost');
    expect(outcome.stopReason).toBe('--max-cost $0.025 reached ($0.0300 spent)');
    expect(outcome.rows.map((r) => r.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'not_run',
      'not_run',
      'not_run',
      'not_run',
      'not_run',
    ]);
    expect(outcome.spentUsd).toBeCloseTo(0.03, 10);
    const runner = fakeRunner();
    const prepared = await prepareEvalsRun({ ...base, workspace, runs: 2, resume: true });
    expect(prepared.kept).toHaveLength(3);
    const resumed = await executeEvalsRun(prepared, { runner });
    expect(runner.requests).toHaveLength(5);
    expect(resumed.configurations).toEqual([
      { name: 'with_skill', ok: 2, infra: 0, notRun: 0, kept: 2 },
      { name: 'without_skill', ok: 3, infra: 0, notRun: 0, kept: 1 },
    ]);
  });

  it('a dead endpoint stops the launching of runs after the shared give-up rule (5 infrastructure errors, more than measured)', async () => {
    const workspace = tree.dir('ws-dead');
    const runner = fakeRunner({ infra: true });
    const outcome = await runEvals({ ...base, workspace, runs: 4 }, { runner, concurrency: 1 });
    expect(outcome.stoppedBy).toBe('infrastructure');
    expect(outcome.stopReason).toBe(
      '5 of 5 runs failed for infrastructure reasons; the remaining runs were not started',
    );
    expect(runner.requests).toHaveLength(5);
    expect(outcome.rows.filter((r) => r.status === 'infra')).toHaveLength(5);
    expect(outcome.rows.filter((r) => r.status === 'not_run')).toHaveLength(11);
    expect(outcome.unmeasured).toEqual(['with_skill', 'without_skill']);
  });

  it('a cancel leaves unstarted runs not run, writes no folder for them, and keeps finished ones', async () => {
    const workspace = tree.dir('ws-cancel');
    const controller = new AbortController();
    const runner = fakeRunner({ onRun: () => controller.abort() });
    const outcome = await runEvals({ ...base, workspace }, { runner, concurrency: 1, signal: controller.signal });
    expect(outcome.stoppedBy).toBe('cancelled');
    expect(outcome.rows.map((r) => r.status)).toEqual(['not_run', 'not_run', 'not_run', 'not_run']);
    expect(existsSync(join(workspace, 'iteration-1/eval-1/with_skill/run-1'))).toBe(false);
    expect(runner.requests).toHaveLength(1);
  });

  it('a resume refuses a changed request, and a new run never reuses an existing iteration', async () => {
    const workspace = tree.dir('ws-refuse');
    await runEvals({ ...base, workspace, only: [1] }, { runner: fakeRunner() });
    await expect(prepareEvalsRun({ ...base, workspace, resume: true, only: [1, 2] })).rejects.toThrow(
      /measured a different request.*evals: the iteration has 1, the request 1, 2/,
    );
    // What a resume leaves out comes from the iteration's plan, so the printed --resume command continues it as is.
    const asSaved = await prepareEvalsRun({ skill: SKILL, workspace, resume: true, runs: undefined, model: undefined });
    expect(asSaved.suite.evals.map((e) => e.id)).toEqual([1]);
    expect([asSaved.plan.model, asSaved.plan.runner, asSaved.plan.runs_per_configuration]).toEqual([
      'claude-haiku-4-5',
      'fake',
      1,
    ]);
    await expect(
      prepareEvalsRun({ ...base, workspace, only: [1], resume: true, baseline: `old_skill=${OLD}` }),
    ).rejects.toThrow(/configurations: the iteration has with_skill, without_skill, the request with_skill, old_skill/);
    writeFileSync(join(SKILL, 'notes.md'), 'an edit');
    await expect(prepareEvalsRun({ ...base, workspace, only: [1], resume: true })).rejects.toThrow(
      /with_skill: the skill's files changed since the iteration started/,
    );
    await expect(prepareEvalsRun({ ...base, workspace, iteration: 1 })).rejects.toThrow(
      /iteration-1 exists already: continue it with --resume --iteration 1/,
    );
    expect((await prepareEvalsRun({ ...base, workspace })).iteration.number).toBe(2);
    await expect(prepareEvalsRun({ ...base, workspace, resume: true, iteration: 5 })).rejects.toThrow(
      /iteration-5 was not written by evals run/,
    );
  });
});

describe('evals run --resume after editing evals.json', () => {
  const EXP = join(tree.write('skills/exp/SKILL.md', skillMd('Tidy with care.')), '..');
  const evalsOf = (expectations: string[]) =>
    JSON.stringify({
      skill_name: 'tidy',
      evals: [{ id: 1, prompt: 'Tidy in.txt.', files: ['evals/files/in.txt'], expectations }],
    });
  const evalsFile = tree.write('skills/exp/evals/evals.json', evalsOf(['says it tidied']));
  const input = tree.write('skills/exp/evals/files/in.txt', 'a  b');
  const exp = { skill: EXP, runnerName: 'fake', model: 'claude-haiku-4-5' };

  it('only the expectations changed: the runs are kept, and gradings made against the old ones are set aside, not lost', async () => {
    const workspace = tree.dir('ws-exp');
    await runEvals({ ...exp, workspace }, { runner: fakeRunner() });
    const run1 = join(workspace, 'iteration-1/eval-1/with_skill/run-1');
    writeFileSync(join(run1, 'grading.json'), '{"old": "grading"}');
    writeFileSync(evalsFile, evalsOf(['says it tidied', 'keeps both words']));
    const prepared = await prepareEvalsRun({ ...exp, workspace, resume: true });
    expect([prepared.kept.length, prepared.pending.length]).toEqual([2, 0]);
    const runner = fakeRunner();
    const resumed = await executeEvalsRun(prepared, { runner });
    expect(runner.requests).toHaveLength(0);
    expect(resumed.notes).toContain(
      'eval 1 (eval-1): its expectations changed since the iteration started; 1 graded run(s) had grading.json ' +
        'set aside as grading.stale.json: evals grade grades them against the new expectations',
    );
    expect(existsSync(join(run1, 'grading.json'))).toBe(false);
    expect(readFileSync(join(run1, 'grading.stale.json'), 'utf8')).toBe('{"old": "grading"}');
    const metadata = JSON.parse(
      readFileSync(join(workspace, 'iteration-1/eval-1/with_skill/eval_metadata.json'), 'utf8'),
    ) as { assertions: string[] };
    expect(metadata.assertions).toEqual(['says it tidied', 'keeps both words']);
    // A resume with nothing changed sets nothing aside.
    writeFileSync(join(run1, 'grading.json'), '{"new": "grading"}');
    expect(
      (await executeEvalsRun(await prepareEvalsRun({ ...exp, workspace, resume: true }), { runner })).notes,
    ).toEqual([]);
    expect(existsSync(join(run1, 'grading.json'))).toBe(true);
    // An input file is what the agent reads: editing it, even inside evals/, still refuses.
    writeFileSync(input, 'a b');
    await expect(prepareEvalsRun({ ...exp, workspace, resume: true })).rejects.toThrow(
      /with_skill: the skill's files changed since the iteration started/,
    );
    writeFileSync(input, 'a  b');
  });

  it('an iteration started before (its hash over the whole folder, evals file included) still resumes when nothing changed', async () => {
    const workspace = tree.dir('ws-exp-earlier');
    await runEvals({ ...exp, workspace }, { runner: fakeRunner() });
    const planFile = join(workspace, 'iteration-1/evals_run.json');
    const plan = IterationPlan.parse(JSON.parse(readFileSync(planFile, 'utf8')));
    const earlier = {
      ...plan,
      configurations: plan.configurations.map((c) =>
        c.name === 'with_skill' ? { ...c, content_hash: folderHash(EXP) } : c,
      ),
    };
    expect(earlier.configurations[0]!.content_hash).not.toBe(plan.configurations[0]!.content_hash);
    writeFileSync(planFile, JSON.stringify(earlier));
    expect((await prepareEvalsRun({ ...exp, workspace, resume: true })).kept).toHaveLength(2);
    // That hash covers evals.json: an edit there is refused as before (what it held cannot be told apart).
    writeFileSync(evalsFile, evalsOf(['something else']));
    await expect(prepareEvalsRun({ ...exp, workspace, resume: true })).rejects.toThrow(/the skill's files changed/);
  });
});

describe('evals run estimate', () => {
  it('counts the eval prompt in every request: a prompt holding a pasted document costs what it weighs', async () => {
    const dir = tree.dir('estimate');
    const evalsFile = (prompt: string) => {
      const file = join(dir, `evals-${prompt.length}.json`);
      writeFileSync(file, JSON.stringify({ skill_name: 'tidy', evals: [{ id: 1, prompt }] }));
      return file;
    };
    const cost = async (prompt: string) =>
      estimateEvalsRun(await prepareEvalsRun({ ...base, workspace: join(dir, 'ws'), evalsFile: evalsFile(prompt) }))
        .costUsd!;
    const short = await cost('Tidy it.');
    const long = await cost(`Tidy this document:\n${'lorem ipsum '.repeat(40_000)}`);
    // 480k characters is ~120k tokens, carried by each of the 6 requests of each of the 2 runs, at Haiku 4.5's $1/M
    // input.
    expect(long - short).toBeGreaterThan(120_000 * EVAL_REQUESTS_PER_RUN * 2 * 1e-6 * 0.95);
  });
});

describe('where the workspace may be', () => {
  it('inside the skill folder (or the old_skill folder) is refused before anything is written: the agent would see earlier runs', async () => {
    const runner = fakeRunner();
    const inside = join(SKILL, 'evals', 'workspace');
    await expect(prepareEvalsRun({ ...base, workspace: inside })).rejects.toThrow(
      `--workspace ${inside} is inside the skill folder ${SKILL}`,
    );
    await expect(prepareEvalsRun({ ...base, workspace: SKILL })).rejects.toThrow(/is inside the skill folder/);
    const inOld = join(OLD, 'ws');
    await expect(runEvals({ ...base, workspace: inOld, baseline: `old_skill=${OLD}` }, { runner })).rejects.toThrow(
      `--workspace ${inOld} is inside the old_skill folder ${OLD}`,
    );
    expect(runner.requests).toHaveLength(0);
    expect(existsSync(inside)).toBe(false);
    expect(existsSync(inOld)).toBe(false);
    // Beside it (a name that merely starts the same) is fine.
    expect((await prepareEvalsRun({ ...base, workspace: `${SKILL}-workspace-x` })).iteration.number).toBe(1);
  });
});

describe('what the agent finds of the eval suite', () => {
  it('both configurations install the skill without its evals/ folder (nor an evals file kept elsewhere in it)', async () => {
    const runner = fakeRunner();
    await runEvals(
      { ...base, workspace: tree.dir('ws-exclude'), baseline: `old_skill=${OLD}`, only: [1] },
      { runner, concurrency: 1 },
    );
    expect(runner.requests.map((r) => (r.install.kind === 'skill' ? r.install.exclude : undefined))).toEqual([
      ['evals'],
      ['evals'],
    ]);
    const rootSuite = join(SKILL, 'suite.json');
    writeFileSync(rootSuite, JSON.stringify({ skill_name: 'tidy', evals: [{ id: 1, prompt: 'Tidy it.' }] }));
    const other = fakeRunner();
    await runEvals(
      { ...base, workspace: tree.dir('ws-exclude-2'), evalsFile: rootSuite },
      { runner: other, concurrency: 1 },
    );
    expect(other.requests.map((r) => (r.install.kind === 'skill' ? r.install.exclude : 'none'))).toEqual([
      ['evals', 'suite.json'],
      'none',
    ]);
  });
});
