import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerJudgeCommands } from '../../src/cli/commands/judge.js';
import type { JudgeCommandDeps } from '../../src/cli/commands/judge.js';
import type { PairwiseResult } from '../../src/judge/kit/index.js';
import {
  BiasReport,
  CalibrationReport,
  CompareBatch,
  DirectScoreResult,
  PanelResult,
  ScoreBatch,
  ScreenedResult,
  loadRubrics,
} from '../../src/judge/kit/index.js';
import { createAnthropicProvider } from '../../src/providers/index.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicEnv } from '../support/provider-fixtures.js';
import { judgeScript, promptOf } from './fake-judge.js';
import { tempTree } from '../support/tmp.js';

const scratch = tempTree('judge-cli-');
let server: ModelServer;
let dir = '';
let out: string[] = [];
const made: { model?: string; noCache?: boolean }[] = [];

beforeEach(async () => {
  server = await startModelServer(judgeScript());
  dir = scratch.fresh();
  out = [];
  made.length = 0;
});
afterEach(async () => {
  await server.close();
});

/** The real Anthropic client pointed at the scripted server, as the main CLI's factory would build it. */
const deps = (): JudgeCommandDeps => ({
  makeProvider: async (opts) => {
    made.push(opts);
    return {
      provider: createAnthropicProvider({ env: anthropicEnv(server) }),
      model: opts.model ?? 'sonnet',
      description: 'anthropic (scripted server)',
    };
  },
  stdout: { write: (text: string) => out.push(text) },
});

async function run(...args: string[]): Promise<string> {
  const program = new Command()
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  registerJudgeCommands(program, deps());
  await program.parseAsync(args, { from: 'user' });
  return out.join('');
}

const file = async (name: string, text: string): Promise<string> => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};
const jsonl = (rows: object[]): string => rows.map((r) => JSON.stringify(r)).join('\n');

describe('judge CLI (real Anthropic client against the scripted server)', () => {
  it('score: one item, JSON output', async () => {
    const text = await run(
      'judge',
      'score',
      '--criteria',
      'accuracy:3,clarity',
      '--prompt',
      'Q?',
      '--response',
      'A [accuracy=4] [clarity=2]',
      '--output',
      'json',
      '--no-cache',
    );
    const result = DirectScoreResult.parse(JSON.parse(text));
    expect(result.weightedScore).toBeCloseTo((4 * 3 + 2) / 4, 12);
    // The one settings-to-provider mapping (config/provider-setup.ts): the resolved concurrency (default 4) and
    // --no-cache.
    expect(made).toEqual([{ noCache: true, concurrency: 4, requestTimeoutMs: 120_000 }]);
  });

  it('score: --request-timeout reaches the provider set-up in milliseconds', async () => {
    await run(
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--prompt',
      'Q?',
      '--response',
      'A [accuracy=4]',
      '--output',
      'json',
      '--request-timeout',
      '90',
    );
    expect(made).toEqual([expect.objectContaining({ requestTimeoutMs: 90_000 })]);
  });

  it('score: a JSONL batch, criteria from a YAML file, text output with a bias section', async () => {
    const criteria = await file(
      'criteria.yaml',
      '- name: accuracy\n  weight: 2\n  description: facts\n- name: clarity\n',
    );
    const input = await file(
      'items.jsonl',
      jsonl([1, 3, 5].map((n) => ({ id: `i${n}`, prompt: 'p', response: `${'x'.repeat(n * 50)} [accuracy=${n}]` }))) +
        '\n\n',
    );
    const text = await run('judge', 'score', '--criteria', criteria, '--input', input, '--output', 'json');
    const batch = ScoreBatch.parse(JSON.parse(text));
    expect(batch.items.map((i) => i.kind === 'direct' && i.id)).toEqual(['i1', 'i3', 'i5']);
    expect(batch.meanWeightedScore).toBeCloseTo(((2 + 3) / 3 + (6 + 3) / 3 + (10 + 3) / 3) / 3, 12);
    expect(batch.bias?.length?.rho).toBeCloseTo(1, 12);
    out = [];
    const rendered = await run('judge', 'score', '--criteria', criteria, '--input', input);
    expect(rendered).toContain('Scored 3 items');
    expect(rendered).toContain('Bias report (3 items)');
  });

  it('score: a malformed JSONL line is an InputError naming the file and line', async () => {
    const input = await file(
      'bad.jsonl',
      `${JSON.stringify({ prompt: 'p', response: 'r' })}\n\n{"prompt": "p", "response": }\n`,
    );
    await expect(run('judge', 'score', '--criteria', 'accuracy', '--input', input)).rejects.toMatchObject({
      name: 'InputError',
      code: 'INPUT',
      message: expect.stringContaining(`${input}:3: not valid JSON`),
    });
    const missing = await file(
      'missing.jsonl',
      `${JSON.stringify({ prompt: 'p', response: 'r' })}\n${JSON.stringify({ prompt: 'p' })}\n`,
    );
    await expect(run('judge', 'score', '--criteria', 'accuracy', '--input', missing)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(new RegExp(`missing\\.jsonl:2: .*response`)),
    });
    expect(server.requests).toHaveLength(0);
  });

  it('score: usage errors for missing criteria, a bad scale and a bad weight', async () => {
    await expect(run('judge', 'score', '--prompt', 'p', '--response', 'r')).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(/--criteria/),
    });
    await expect(
      run('judge', 'score', '--criteria', 'a', '--scale', '7', '--prompt', 'p', '--response', 'r'),
    ).rejects.toMatchObject({ name: 'UsageError' });
    await expect(
      run('judge', 'score', '--criteria', 'a:heavy', '--prompt', 'p', '--response', 'r'),
    ).rejects.toMatchObject({ name: 'UsageError' });
    await expect(run('judge', 'score', '--criteria', 'a')).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(/--prompt/),
    });
  });

  it('score: --judge-model a,b,c makes a panel; --screen-model screens first', async () => {
    const panel = PanelResult.parse(
      JSON.parse(
        await run(
          'judge',
          'score',
          '--criteria',
          'accuracy',
          '--prompt',
          'p',
          '--response',
          'r [accuracy=4]',
          '--judge-model',
          'm1,m2,m3',
          '--output',
          'json',
        ),
      ),
    );
    expect(panel.judges.map((j) => j.judge.model)).toEqual(['m1', 'm2', 'm3']);
    expect(panel.criteria[0]).toMatchObject({ mean: 4, stdev: 0, agreement: 1 });
    out = [];
    const screened = ScreenedResult.parse(
      JSON.parse(
        await run(
          'judge',
          'score',
          '--criteria',
          'accuracy',
          '--prompt',
          'p',
          '--response',
          'r [accuracy=2]',
          '--screen-model',
          'cheap',
          '--screen-threshold',
          '0.5',
          '--output',
          'json',
        ),
      ),
    );
    expect(screened).toMatchObject({ decidedBy: 'judge', threshold: 0.5, screenScore: 0.25 });
    expect(made.slice(-2).map((m) => m.model)).toEqual([undefined, 'cheap']);
  });

  it('compare: one pair from files, markdown output with every pass', async () => {
    const a = await file('a.txt', 'first answer [q=2]');
    const b = await file('b.txt', 'second answer [q=9]');
    const md = await run(
      'judge',
      'compare',
      '--prompt',
      'Which?',
      '--response-a-file',
      a,
      '--response-b-file',
      b,
      '--output',
      'markdown',
    );
    expect(md).toContain('## Pairwise comparison');
    expect(md).toMatch(/Winner: B +confidence 0\.80 +consistent across orders/);
    expect(md).toMatch(/\| 1 \| AB \| B \| B \|/);
    expect(md).toMatch(/\| 2 \| BA \| A \| B \|/);
  });

  it('compare: a JSONL batch with --likert5 --no-ties --passes 4 gives a schema-valid batch with LC win rate', async () => {
    const pairs = [
      [2, 8],
      [7, 1],
      [3, 6],
      [9, 2],
      [1, 5],
    ].map(([qa, qb], i) => ({
      id: `p${i}`,
      prompt: 'p',
      responseA: `${'a'.repeat(100 * (i + 1))} [q=${qa}]`,
      responseB: `b [q=${qb}]`,
      modelA: 'claude-haiku-5-5',
    }));
    const input = await file('pairs.jsonl', jsonl(pairs));
    const batch = CompareBatch.parse(
      JSON.parse(
        await run('judge', 'compare', '--input', input, '--likert5', '--no-ties', '--passes', '4', '--output', 'json'),
      ),
    );
    expect(batch.items.map((i) => i.likert)).toEqual(['B>>A', 'A>>B', 'B>>A', 'A>>B', 'B>>A']);
    expect(batch.items.every((i) => i.passes.length === 4 && i.consistent)).toBe(true);
    expect(batch.wins).toEqual({ A: 2, B: 3, TIE: 0 });
    expect(batch.weightedWinRate).toBeCloseTo(40, 12);
    expect(batch.lengthControlled?.n).toBe(5);
    expect(batch.bias?.selfEnhancement[0]).toMatch(/claude-sonnet-5-5 and candidate claude-haiku-5-5/);
    const enumOf = (
      server.requests[0]?.body.tools as { input_schema: { properties: { verdict: { enum: string[] } } } }[]
    )[0]?.input_schema.properties.verdict.enum;
    expect(enumOf).toEqual(['A>>B', 'A>B', 'B>A', 'B>>A']);
    expect(server.requests).toHaveLength(20);
  });

  it("rubric: generate to YAML, then score with --rubric using each criterion's own rubric", async () => {
    const rubricFile = join(dir, 'rubrics.yaml');
    await run(
      'judge',
      'rubric',
      '--criteria',
      'accuracy,tone',
      '--scale',
      '3',
      '--domain',
      'support',
      '--out',
      rubricFile,
    );
    expect(await readFile(rubricFile, 'utf8')).toMatch(/^- criterion: accuracy/m);
    const rubrics = await loadRubrics(rubricFile);
    expect(rubrics.map((r) => [r.criterion, r.scale.max, r.levels.length, r.domain])).toEqual([
      ['accuracy', 3, 3, 'support'],
      ['tone', 3, 3, 'support'],
    ]);
    const requestsBefore = server.requests.length;
    const result = DirectScoreResult.parse(
      JSON.parse(
        await run(
          'judge',
          'score',
          '--rubric',
          rubricFile,
          '--scale',
          '3',
          '--prompt',
          'p',
          '--response',
          'r [tone=1]',
          '--output',
          'json',
        ),
      ),
    );
    expect(result.scores.map((s) => [s.criterion, s.score])).toEqual([
      ['accuracy', 3],
      ['tone', 1],
    ]);
    const prompt = promptOf(server, requestsBefore);
    expect(prompt.slice(prompt.indexOf('### tone'))).toContain('3 (L3): tone at level 3');
    expect(prompt.slice(prompt.indexOf('### accuracy'), prompt.indexOf('### tone'))).toContain('accuracy at level 1');
  });

  it('rubric: text output without --out', async () => {
    const text = await run(
      'judge',
      'rubric',
      '--criterion',
      'depth',
      '--description',
      'How deep',
      '--strictness',
      'lenient',
    );
    expect(text).toContain('Rubric: depth (1-5, lenient)');
    expect(promptOf(server, 0)).toContain('Lenient: a lower bar');
  });

  it('calibrate: score labels from JSONL', async () => {
    const input = await file(
      'labelled.jsonl',
      jsonl(
        [1, 2, 3, 4].map((n) => ({
          id: `c${n}`,
          prompt: 'p',
          response: `r [quality=${n}]`,
          humanScore: n === 4 ? 2 : n,
        })),
      ),
    );
    const report = CalibrationReport.parse(
      JSON.parse(await run('judge', 'calibrate', '--input', input, '--criteria', 'quality', '--output', 'json')),
    );
    expect(report.mode).toBe('score');
    expect(report.disagreements.map((d) => d.id)).toEqual(['c4']);
    expect(report.metrics.find((m) => m.metric === 'spearman')?.value).toBeCloseTo(0.632455532033676, 12);
  });

  it('calibrate: pairwise labels (lower-case verdicts accepted)', async () => {
    const input = await file(
      'pairs.jsonl',
      jsonl(
        [
          [5, 1, 'a'],
          [1, 5, 'b'],
          [2, 2, 'tie'],
        ].map(([qa, qb, v]) => ({ prompt: 'p', responseA: `x [q=${qa}]`, responseB: `y [q=${qb}]`, humanVerdict: v })),
      ),
    );
    const report = CalibrationReport.parse(
      JSON.parse(await run('judge', 'calibrate', '--input', input, '--output', 'json')),
    );
    expect(report).toMatchObject({ mode: 'pairwise', n: 3, disagreements: [], overall: 'good' });
    expect(report.metrics.find((m) => m.metric === 'kappa')?.value).toBe(1);
  });

  it('bias: over saved compare results and over pairs judged now', async () => {
    const pairs = [
      [2, 8],
      [7, 1],
      [3, 6],
    ].map(([qa, qb]) => ({ prompt: 'p', responseA: `a [q=${qa}]`, responseB: `bb [q=${qb}]` }));
    const input = await file('pairs.jsonl', jsonl(pairs));
    const saved = join(dir, 'results.json');
    await run('judge', 'compare', '--input', input, '--output', 'json', '--out', saved);
    expect(out).toEqual([]);
    const report = BiasReport.parse(
      JSON.parse(await run('judge', 'bias', '--results', saved, '--candidate-model', 'sonnet', '--output', 'json')),
    );
    expect(report.position).toMatchObject({ decisivePasses: 6, firstPositionWins: 3, biased: false, consistency: 1 });
    expect(report.selfEnhancement).toHaveLength(1);
    out = [];
    const now = BiasReport.parse(JSON.parse(await run('judge', 'bias', '--input', input, '--output', 'json')));
    expect(now.n).toBe(3);
    const lines = await file(
      'results.jsonl',
      (JSON.parse(await readFile(saved, 'utf8')) as { items: PairwiseResult[] }).items
        .map((i) => JSON.stringify(i))
        .join('\n'),
    );
    out = [];
    expect(BiasReport.parse(JSON.parse(await run('judge', 'bias', '--results', lines, '--output', 'json'))).n).toBe(3);
    await expect(run('judge', 'bias', '--results', input)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/pairs\.jsonl:1: /),
    });
  });

  it('schema: prints JSON Schema for a named output format', async () => {
    const schema = JSON.parse(await run('judge', 'schema', 'pairwise')) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['winner', 'confidence', 'passes', 'judge']));
    expect(schema.required).toContain('passes');
    await expect(run('judge', 'schema', 'nope')).rejects.toMatchObject({ name: 'UsageError' });
  });
});
