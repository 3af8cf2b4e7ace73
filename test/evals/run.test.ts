/**
 * `runEvals` with the REAL Claude Agent SDK (bundled Claude Code) against the scripted model server. The rule: an
 * agent that sees the skill listed calls Skill first; every agent then Reads the eval's input file and Writes
 * report.md (a real file in its project) before answering. So the files, counts, tokens and transcript each run
 * folder must hold are known exactly. Faults (a 500) must come back as infrastructure runs, and a resume must
 * make only those again.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeEvalsRun, prepareEvalsRun, runEvals } from '../../src/evals/run/run-evals.js';
import { EvalMetadata, RunMetrics, RunRecord, RunTiming } from '../../src/evals/schemas/index.js';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-evals-run-');
const SKILL = join(
  tree.write(
    'skills/notes-maker/SKILL.md',
    '---\nname: notes-maker\ndescription: Write a report from a CSV file. Use when asked for a ' +
      'report.\n---\n\nRead the CSV, write report.md.\n',
  ),
  '..',
);
tree.write('skills/notes-maker/evals/files/data.csv', 'region,total\nnorth,42\n');
tree.write(
  'skills/notes-maker/evals/evals.json',
  JSON.stringify({
    skill_name: 'notes-maker',
    evals: [
      {
        id: 1,
        name: 'csv-report',
        prompt: 'Write a report from the CSV.',
        files: ['evals/files/data.csv'],
        expectations: ['The report gives the north total'],
      },
      {
        id: 2,
        prompt: 'FLAKY: write a report from the CSV.',
        files: ['evals/files/data.csv'],
        expectations: [{ type: 'file_exists', path: 'report.md' }],
      },
    ],
  }),
);
const runsDir = tree.dir('agent-tmp');

const USAGE: Record<string, { input: number; output: number; cacheRead?: number; cacheWrite?: number }> = {
  Skill: { input: 100, output: 10, cacheRead: 40, cacheWrite: 5 },
  Read: { input: 200, output: 20, cacheRead: 50 },
  Write: { input: 300, output: 30 },
  text: { input: 400, output: 40 },
};
const toolsUsed = (r: ScriptRequest): string[] =>
  (r.body.messages as { role: string; content: unknown }[])
    .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
    .flatMap((m) =>
      (m.content as { type: string; name?: string }[]).filter((b) => b.type === 'tool_use').map((b) => b.name!),
    );
const skillListed = (r: ScriptRequest): boolean => requestText(r).includes('notes-maker: Write a report from a CSV');
const cwdOf = (r: ScriptRequest): string => /Primary working directory: (\S+)/.exec(requestText(r))![1]!;

let failWithoutSkill = true;
const policy = (r: ScriptRequest): Reply => {
  if (failWithoutSkill && !skillListed(r) && requestText(r).includes('FLAKY')) return { fault: 'status', status: 500 };
  const steps = [...(skillListed(r) ? ['Skill'] : []), 'Read', 'Write'];
  const next = steps[toolsUsed(r).length];
  const cwd = cwdOf(r);
  if (next === 'Skill') return { tool: { name: 'Skill', input: { skill: 'notes-maker' } }, usage: USAGE.Skill };
  if (next === 'Read')
    return { tool: { name: 'Read', input: { file_path: join(cwd, 'evals/files/data.csv') } }, usage: USAGE.Read };
  if (next === 'Write')
    return {
      tool: { name: 'Write', input: { file_path: join(cwd, 'report.md'), content: '# Report\n\nnorth: 42\n' } },
      usage: USAGE.Write,
    };
  return { text: 'Wrote report.md: north totals 42.', usage: USAGE.text };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());

const runner = (): ClaudeAgentRunner =>
  new ClaudeAgentRunner({
    baseURL: server.url,
    apiKey: 'sk-ant-offline-test',
    executable: 'bundled',
    maxRetries: 0,
    tempDir: runsDir,
    realHome: tree.dir('home'),
  });
const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const listAll = (dir: string, rel = ''): string[] =>
  readdirSync(join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listAll(dir, join(rel, e.name)) : [join(rel, e.name)]))
    .sort();

describe('evals run with the real agent', () => {
  it(
    'captures outputs, metrics, timing, transcript and eval_metadata for each configuration; a 500 is an infra run and --resume makes only those again',
    async () => {
      const workspace = tree.dir('ws');
      failWithoutSkill = true;
      const outcome = await runEvals(
        { skill: SKILL, workspace, runnerName: 'claude-agent-sdk', model: 'claude-haiku-4-5' },
        { runner: runner(), concurrency: 2 },
      );
      expect(outcome.iteration).toBe(1);
      expect(
        outcome.rows.map(
          (r) => `${r.evalId}/${r.configuration}/${r.runNumber}:${r.status}${r.infraKind ? `:${r.infraKind}` : ''}`,
        ),
      ).toEqual([
        '1/with_skill/1:ok',
        '1/without_skill/1:ok',
        '2/with_skill/1:ok',
        '2/without_skill/1:infra:api_error',
      ]);
      expect(outcome.configurations).toEqual([
        { name: 'with_skill', ok: 2, infra: 0, notRun: 0, kept: 0 },
        { name: 'without_skill', ok: 1, infra: 1, notRun: 0, kept: 0 },
      ]);
      expect(outcome.unmeasured).toEqual([]);

      const it1 = join(workspace, 'iteration-1');
      const withSkill = join(it1, 'eval-1/with_skill/run-1');
      // The agent's file and its final reply; the input file it only read is not an output.
      expect(listAll(join(withSkill, 'outputs'))).toEqual(['final_response.md', 'metrics.json', 'report.md']);
      expect(readFileSync(join(withSkill, 'outputs/report.md'), 'utf8')).toBe('# Report\n\nnorth: 42\n');
      expect(readFileSync(join(withSkill, 'outputs/final_response.md'), 'utf8')).toBe(
        'Wrote report.md: north totals 42.\n',
      );
      const transcript = readFileSync(join(withSkill, 'transcript.md'), 'utf8');
      const metrics = RunMetrics.parse(json(join(withSkill, 'outputs/metrics.json')));
      expect(metrics).toEqual({
        tool_calls: { Skill: 1, Read: 1, Write: 1 },
        total_tool_calls: 3,
        total_steps: 4,
        files_created: ['report.md'],
        errors_encountered: 0,
        output_chars: '# Report\n\nnorth: 42\n'.length + 'Wrote report.md: north totals 42.'.length,
        transcript_chars: transcript.length,
      });
      const timing = RunTiming.parse(json(join(withSkill, 'timing.json')));
      // Sums of the scripted usage: Skill + Read + Write + the answer.
      expect(timing).toMatchObject({
        total_tokens: 1000 + 100 + 90 + 5,
        input_tokens: 1000,
        output_tokens: 100,
        cache_read_tokens: 90,
        cache_write_tokens: 5,
        cost_priced: true,
      });
      expect(timing.duration_ms).toBeGreaterThan(0);
      expect(timing.total_duration_seconds).toBe(timing.duration_ms! / 1000);
      expect(Date.parse(timing.executor_end!)).toBeGreaterThanOrEqual(Date.parse(timing.executor_start!));
      // The transcript starts with the prompt section skill-creator's viewer falls back to, and shows the input file's
      // content as the Read returned it (so the file really was in the project).
      expect(transcript).toMatch(
        /^# eval 1 \(csv-report\), with_skill, run 1\n\n## Eval Prompt\n\nWrite a report from the CSV\.\n\n## Input Files\n\n- evals\/files\/data.csv\n/,
      );
      expect(transcript).toContain('### Tool call 1: Skill');
      expect(transcript).toMatch(/### Tool call 2: Read[\s\S]*north,42[\s\S]*### Tool call 3: Write/);
      expect(transcript).toContain('## Final Response\n\nWrote report.md: north totals 42.');
      const record = RunRecord.parse(json(join(withSkill, 'run.json')));
      expect(record).toMatchObject({
        status: 'ok',
        configuration: 'with_skill',
        activated: true,
        final_response: 'Wrote report.md: north totals 42.',
        turns: 4,
      });
      expect(record.tool_calls!.map((c) => c.name)).toEqual(['Skill', 'Read', 'Write']);

      const without = join(it1, 'eval-1/without_skill/run-1');
      expect(RunMetrics.parse(json(join(without, 'outputs/metrics.json'))).tool_calls).toEqual({ Read: 1, Write: 1 });
      expect(RunRecord.parse(json(join(without, 'run.json'))).activated).toBe(false);
      // eval_metadata.json where skill-creator's aggregator (eval folder) and viewer (configuration folder) look.
      for (const dir of ['eval-1', 'eval-1/with_skill', 'eval-1/without_skill']) {
        expect(EvalMetadata.parse(json(join(it1, dir, 'eval_metadata.json')))).toMatchObject({
          eval_id: 1,
          eval_name: 'csv-report',
          prompt: 'Write a report from the CSV.',
          assertions: ['The report gives the north total'],
        });
      }
      // The infra run: recorded as such, no outputs/ (nothing to review or grade).
      const failed = join(it1, 'eval-2/without_skill/run-1');
      expect(RunRecord.parse(json(join(failed, 'run.json')))).toMatchObject({
        status: 'infra',
        infra_error: { kind: 'api_error', status: 500 },
      });
      expect(existsSync(join(failed, 'outputs'))).toBe(false);
      expect(readFileSync(join(failed, 'transcript.md'), 'utf8')).toMatch(
        /## Outcome\n\ninfrastructure error \(api_error, HTTP 500\)/,
      );
      expect(readdirSync(runsDir)).toEqual([]);

      // Resume: only the infra run is made again; the ok runs are kept untouched.
      failWithoutSkill = false;
      const keptMtime = statSync(join(withSkill, 'run.json')).mtimeMs;
      const prepared = await prepareEvalsRun({
        skill: SKILL,
        workspace,
        resume: true,
        runnerName: 'claude-agent-sdk',
        model: 'claude-haiku-4-5',
      });
      expect(prepared.pending.map((t) => `${t.evalCase.id}/${t.configuration.name}`)).toEqual(['2/without_skill']);
      const resumed = await executeEvalsRun(prepared, { runner: runner() });
      expect(resumed.configurations).toEqual([
        { name: 'with_skill', ok: 0, infra: 0, notRun: 0, kept: 2 },
        { name: 'without_skill', ok: 1, infra: 0, notRun: 0, kept: 1 },
      ]);
      expect(RunRecord.parse(json(join(failed, 'run.json'))).status).toBe('ok');
      expect(listAll(join(failed, 'outputs'))).toEqual(['final_response.md', 'metrics.json', 'report.md']);
      expect(statSync(join(withSkill, 'run.json')).mtimeMs).toBe(keptMtime);
    },
    HANG_LIMIT_MS,
  );
});
