/**
 * A judge result measured only in part is partial, as in the judge layer: a panel one of whose judges gave no
 * usable scores, a comparison judged on one of its two orders, a criterion the judge skipped. Each is labelled
 * in every output (JSON `gaps` / a batch's `partial`, a PARTIAL block in text and Markdown, a stderr line) and
 * the command exits 3; what was measured is still written. Real Anthropic SDK against the scripted server.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { CompareBatch, PairwiseResult, PanelResult, ScoreBatch, DirectScoreResult } from '../../src/judge/kit/index.js';
import { createAnthropicProvider } from '../../src/providers/index.js';
import { gradeOutput } from '../../src/monte-carlo/grade.js';
import { startModelServer, type ModelServer, type Script } from '../support/model-server.js';
import { cli } from '../support/cli.js';
import { judgeScript, toolOf } from './fake-judge.js';
import { tempTree } from '../support/tmp.js';

const dir = tempTree('plugin-eval-partial-items-').root;
const saved = { ...process.env };
let server: ModelServer | undefined;

beforeAll(() => {
  process.env.PLUGIN_EVAL_CACHE_DIR = path.join(dir, 'cache');
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => {
  process.env = saved;
});

async function serve(script: Script): Promise<ModelServer> {
  server = await startModelServer(script);
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
  process.env.ANTHROPIC_BASE_URL = server.url;
  return server;
}

/** The fake judge, except that the model `broken` never answers in the schema (even after the repair request). */
const brokenModel = (): Script => {
  const base = judgeScript();
  return (request) => (request.body.model === 'broken' ? { text: 'I cannot grade this.' } : base(request));
};

/** The fake judge, except that the pass showing B first (the second pass) gives no usable verdict. */
const secondOrderFails = (): Script => {
  const base = judgeScript();
  return (request) => {
    if (toolOf(request) !== 'pairwise_verdict') return base(request);
    const text = JSON.stringify(request.body.messages);
    return text.indexOf('[q=3]') < text.indexOf('[q=8]') ? { json: { verdict: 'neither' } } : base(request);
  };
};

const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('judge score: a panel with a judge that gave no usable scores is partial', () => {
  const args = [
    'judge',
    'score',
    '--criteria',
    'accuracy',
    '--prompt',
    'Q',
    '--response',
    'A [accuracy=4]',
    '--judge-model',
    'sonnet,broken,haiku',
    '--no-cache',
  ];

  it('JSON: the scores of the two judges that answered, gaps naming the third, exit 3 and a stderr line', async () => {
    await serve(brokenModel());
    const run = await cli(...args, '--output', 'json');
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const panel = PanelResult.parse(JSON.parse(run.stdout));
    expect(panel.status).toBe('scored');
    expect(panel.criteria[0]!.scores).toEqual([4, null, 4]);
    expect(panel.weightedScore).toBe(4);
    expect(panel.gaps).toHaveLength(1);
    expect(panel.gaps[0]).toMatch(/^judge broken gave no usable scores: reply is not JSON: I cannot grade this\./);
    expect(run.stderr).toMatch(
      /plugin-eval: judge: measured only in part: judge broken gave no usable scores: reply is not JSON/,
    );
    expect(run.stderr).toContain(
      'plugin-eval: judge: the run was partial (exit 3): 1 measured only in part, everything else written',
    );
  });

  it('text and Markdown say PARTIAL with what is missing', async () => {
    await serve(brokenModel());
    for (const output of ['text', 'markdown']) {
      const run = await cli(...args, '--output', output);
      expect(run.code, output).toBe(EXIT.NOT_MEASURED);
      expect(flat(run.stdout), output).toMatch(
        /PARTIAL: measured only in part \(exit code 3\).*judge broken gave no usable scores/,
      );
    }
  });

  it('a panel whose judges all answered is complete: exit 0, no gaps, no PARTIAL', async () => {
    await serve(judgeScript());
    const run = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--prompt',
      'Q',
      '--response',
      'A [accuracy=4]',
      '--judge-model',
      'sonnet,haiku',
      '--no-cache',
      '--output',
      'json',
    );
    expect(run.code, run.stderr).toBe(EXIT.OK);
    expect(PanelResult.parse(JSON.parse(run.stdout)).gaps).toEqual([]);
  });
});

describe('judge score: a criterion the judge skipped is left out of the averages and the result is partial', () => {
  it('the weighted score rests on the scored criterion; the skipped one is named; exit 3', async () => {
    const base = judgeScript();
    await serve((request) => {
      const reply = base(request) as { json: { scores: { criterion: string }[] } };
      reply.json.scores = reply.json.scores.filter((s) => s.criterion !== 'clarity');
      return reply;
    });
    const run = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy:1,clarity:3',
      '--prompt',
      'Q',
      '--response',
      'A [accuracy=2]',
      '--no-cache',
      '--output',
      'json',
    );
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const result = DirectScoreResult.parse(JSON.parse(run.stdout));
    expect(result.status).toBe('scored');
    expect(result.weightedScore).toBe(2);
    expect(result.gaps).toEqual(['criterion "clarity": the judge did not score it']);
    expect(run.stderr).toContain(
      'plugin-eval: judge: measured only in part: criterion "clarity": the judge did not score it',
    );
  });
});

describe('judge compare: a verdict from one of two orders is partial', () => {
  const pair = ['--prompt', 'Q', '--response-a', 'x [q=8]', '--response-b', 'y [q=3]', '--no-cache'];

  it('JSON: the verdict of the usable pass, gaps naming the other, exit 3', async () => {
    await serve(secondOrderFails());
    const run = await cli('judge', 'compare', ...pair, '--output', 'json');
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const result = PairwiseResult.parse(JSON.parse(run.stdout));
    expect(result).toMatchObject({ status: 'judged', winner: 'A', consistent: false });
    expect(result.gaps).toHaveLength(1);
    expect(result.gaps[0]).toMatch(/^pass 2 \(BA\) gave no verdict: reply does not match the schema/);
    expect(run.stderr).toMatch(/measured only in part: pass 2 \(BA\) gave no verdict/);
  });

  it('text: PARTIAL, and consistency is "not checked" rather than a claim that the orders disagreed', async () => {
    await serve(secondOrderFails());
    const run = await cli('judge', 'compare', ...pair);
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    expect(run.stdout).toContain('PARTIAL: measured only in part (exit code 3)');
    expect(run.stdout).toContain('consistency across orders not checked (1 usable pass)');
    expect(run.stdout).not.toContain('INCONSISTENT');
  });

  it('a batch lists the pair under `partial` (the other pair is complete) and says PARTIAL in text', async () => {
    await serve(secondOrderFails());
    const input = path.join(dir, 'pairs.jsonl');
    writeFileSync(
      input,
      [
        { id: 'p1', prompt: 'Q', responseA: 'x [q=8]', responseB: 'y [q=3]' },
        { id: 'p2', prompt: 'Q', responseA: 'x [q=2]', responseB: 'y [q=5]' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const json = await cli('judge', 'compare', '--input', input, '--no-cache', '--output', 'json');
    expect(json.code).toBe(EXIT.NOT_MEASURED);
    const batch = CompareBatch.parse(JSON.parse(json.stdout));
    expect(batch.failed).toEqual([]);
    expect(batch.partial).toEqual([
      { index: 0, id: 'p1', reason: expect.stringMatching(/^pass 2 \(BA\) gave no verdict/) },
    ]);
    expect(json.stderr).toMatch(/measured only in part: item 1 \(id p1\): pass 2 \(BA\) gave no verdict/);
    const text = await cli('judge', 'compare', '--input', input, '--no-cache');
    expect(text.stdout).toMatch(/PARTIAL: 1 item\(s\) measured only in part \(exit code 3\)/);
  });
});

describe('judge score --input: an item scored by a partial panel is listed under `partial`', () => {
  it('exit 3, the item kept with its score, the reason named', async () => {
    await serve(brokenModel());
    const input = path.join(dir, 'items.jsonl');
    writeFileSync(
      input,
      [{ id: 'a', prompt: 'Q1', response: 'A [accuracy=4]' }].map((r) => JSON.stringify(r)).join('\n'),
    );
    const run = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--input',
      input,
      '--judge-model',
      'sonnet,broken',
      '--no-cache',
      '--output',
      'json',
    );
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const batch = ScoreBatch.parse(JSON.parse(run.stdout));
    expect(batch.meanWeightedScore).toBe(4);
    expect(batch.failed).toEqual([]);
    expect(batch.partial).toEqual([
      { index: 0, id: 'a', reason: expect.stringMatching(/^judge broken gave no usable scores/) },
    ]);
  });
});

describe('Monte Carlo grading: a grade that skipped a criterion of the rubric is no grade', () => {
  it('quality null with the reason (counted apart from low quality), not a quality from the other criteria', async () => {
    const base = judgeScript();
    const s = await serve((request) => {
      const reply = base(request) as { json: { scores: { criterion: string; score: number }[] } };
      reply.json.scores = reply.json.scores
        .filter((c) => c.criterion !== 'Correctness')
        .map((c) => ({ ...c, score: 5 }));
      return reply;
    });
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseURL: s.url });
    const grade = await gradeOutput(
      provider,
      { prompt: 'write notes', output: 'notes', skillName: 'notes' },
      { model: 'haiku' },
    );
    expect(grade.quality).toBeNull();
    expect(grade.reason).toBe('graded only in part: criterion "Correctness": the judge did not score it');
    expect(grade.usage.calls).toBe(1);
  });
});

describe('judge calibrate: an item scored on fewer criteria than asked is left out of the agreement', () => {
  it('counted unmeasured (exit 3), never compared with the human score as if it were the full score', async () => {
    const base = judgeScript();
    await serve((request) => {
      const reply = base(request) as { json: { scores: { criterion: string }[] } };
      if (JSON.stringify(request.body.messages).includes('[skip]'))
        reply.json.scores = reply.json.scores.filter((s) => s.criterion !== 'clarity');
      return reply;
    });
    const input = path.join(dir, 'labelled.jsonl');
    const rows = [
      { prompt: 'Q1', response: 'A [accuracy=4] [clarity=4]', humanScore: 4 },
      { prompt: 'Q2', response: 'A [accuracy=2] [clarity=2]', humanScore: 2 },
      { prompt: 'Q3', response: 'A [accuracy=5] [clarity=1] [skip]', humanScore: 2 },
      { prompt: 'Q4', response: 'A [accuracy=3] [clarity=3]', humanScore: 3 },
    ];
    writeFileSync(input, rows.map((r) => JSON.stringify(r)).join('\n'));
    const run = await cli(
      'judge',
      'calibrate',
      '--input',
      input,
      '--criteria',
      'accuracy,clarity',
      '--no-cache',
      '--output',
      'json',
    );
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const report = JSON.parse(run.stdout) as { n: number; unmeasured: number; disagreements: { index: number }[] };
    expect(report).toMatchObject({ n: 4, unmeasured: 1 });
    // Its accuracy-only 5 would have been a disagreement with the human's 2.
    expect(report.disagreements.map((d) => d.index)).not.toContain(2);
    expect(run.stderr).toContain(
      'plugin-eval: judge: not measured: 1 of 4 labelled items (left out of the agreement metrics)',
    );
  });
});

describe('judge rubric: a model that writes no usable rubric is a measurement failure, not bad input', () => {
  it('exit 3 (not 2) with the model and the reason on one line; no file written', async () => {
    await serve(() => ({ text: 'Here is a rubric: be accurate.' }));
    const out = path.join(dir, 'rubric.yaml');
    const run = await cli('judge', 'rubric', '--criterion', 'accuracy', '--no-cache', '--out', out);
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    expect(run.stderr).toMatch(
      /^plugin-eval: could not measure: the claude-sonnet-5-5 judge did not produce a usable rubric for "accuracy": reply is not JSON: Here is a rubric: be accurate\. \(after one repair request; /m,
    );
    // The closing line fits a rubric too: it once spoke of a score and a layer, which `judge rubric` has neither of.
    expect(run.stderr).toContain(
      'plugin-eval: stopped without a result: one would claim a measurement that was never made (exit 3)',
    );
    expect(run.stderr).not.toMatch(/layer|score/);
    expect(existsSync(out)).toBe(false);
  });
});
