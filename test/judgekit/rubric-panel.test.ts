import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  emptyUsage,
  renderText,
  aggregatePanel,
  attachRubrics,
  checkLevels,
  generateRubric,
  judgeScore,
  loadRubrics,
  pairAgreement,
  parseCriteria,
  saveRubrics,
  scoreDirect,
  scorePanel,
  scoreScreened,
} from '../../src/judge/kit/index.js';
import type { DirectScoreResult } from '../../src/judge/kit/index.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicJudge, directReply, judgeScript, promptOf, rubricReply } from './fake-judge.js';
import { tempTree } from '../support/tmp.js';

const scratch = tempTree('judgekit-');
let server: ModelServer | undefined;
let dir = '';
beforeEach(() => {
  dir = scratch.fresh();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('rubric generation and rubric files', () => {
  it('generates levels from the real prompt and round-trips through YAML into direct scoring', async () => {
    server = await startModelServer(judgeScript());
    const provider = anthropicJudge(server);
    const accuracy = await generateRubric(
      provider,
      { criterion: 'accuracy', description: 'Facts are right', scale: 5, domain: 'networking', strictness: 'strict' },
      { model: 'sonnet' },
    );
    const clarity = await generateRubric(
      provider,
      { criterion: 'clarity', scale: 5, includeExamples: false },
      { model: 'sonnet' },
    );
    expect(accuracy.levels.map((l) => [l.score, l.label])).toEqual([
      [1, 'L1'],
      [2, 'L2'],
      [3, 'L3'],
      [4, 'L4'],
      [5, 'L5'],
    ]);
    expect(accuracy.levels[0]?.example).toBe('example 1');
    expect(clarity.levels[0]?.example).toBeUndefined();
    expect(accuracy.edgeCases).toEqual([{ situation: 'empty answer', guidance: 'score 1' }]);
    expect(accuracy.generatedBy?.prompt.template).toBe('rubric-generate');
    const prompt = promptOf(server, 0);
    expect(prompt).toContain('networking: use its terminology');
    expect(prompt).toContain('Strict: high standards');
    expect(promptOf(server, 1)).toContain('Do not include examples.');

    const file = join(dir, 'rubrics.yaml');
    await saveRubrics([accuracy, clarity], file);
    expect(await readFile(file, 'utf8')).toMatch(/^- criterion: accuracy/m);
    const loaded = await loadRubrics(file);
    expect(loaded).toEqual([accuracy, clarity]);

    const { criteria } = attachRubrics(
      parseCriteria([{ name: 'clarity', weight: 2 }, { name: 'accuracy' }]),
      loaded,
      5,
    );
    expect(criteria.map((c) => [c.name, c.rubric?.criterion])).toEqual([
      ['clarity', 'clarity'],
      ['accuracy', 'accuracy'],
    ]);
    const result = await scoreDirect(
      provider,
      { prompt: 'p', response: 'r [accuracy=4]' },
      { model: 'sonnet', criteria },
    );
    const scoring = promptOf(server, 2);
    expect(scoring.slice(scoring.indexOf('### clarity'), scoring.indexOf('### accuracy'))).toContain(
      'clarity at level 5',
    );
    expect(scoring.slice(scoring.indexOf('### accuracy'))).toContain('accuracy at level 5');
    expect(scoring.slice(scoring.indexOf('### accuracy'))).not.toContain('clarity at level');
    expect(result.scores.map((s) => s.score)).toEqual([3, 4]);
  });

  it('reads JSON rubric files and reports bad ones as InputError', async () => {
    server = await startModelServer(judgeScript());
    const rubric = await generateRubric(anthropicJudge(server), { criterion: 'tone', scale: 3 }, { model: 'sonnet' });
    const file = join(dir, 'tone.json');
    await saveRubrics(rubric, file);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ criterion: 'tone', scale: { min: 1, max: 3 } });
    expect(await loadRubrics(file)).toEqual([rubric]);
    await writeFile(join(dir, 'bad.yaml'), 'criterion: x\nlevels: []\n');
    await expect(loadRubrics(join(dir, 'bad.yaml'))).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/not a rubric file/),
    });
  });

  it('flags missing and stray levels', async () => {
    server = await startModelServer((request) => rubricReply(requestText(request), 5, { skip: [2, 4] }));
    const rubric = await generateRubric(anthropicJudge(server), { criterion: 'depth' }, { model: 'sonnet' });
    expect(rubric.levels.map((l) => l.score)).toEqual([1, 3, 5]);
    expect(rubric.warnings).toEqual(['no level for score(s) 2, 4']);
    const checked = checkLevels(
      [
        { score: 7, label: '', description: '', characteristics: [] },
        { score: 1, label: 'a', description: '', characteristics: [] },
        { score: 1, label: 'b', description: '', characteristics: [] },
      ],
      3,
    );
    expect(checked.warnings).toEqual([
      'level 7 is outside 1-3; dropped',
      'level 1 appears twice; the first is kept',
      'no level for score(s) 2, 3',
    ]);
  });

  it('ignores a rubric that matches no criterion, warning about it', () => {
    const rubric = {
      criterion: 'ghost',
      description: '',
      scale: { min: 1 as const, max: 5 as const },
      strictness: 'balanced' as const,
      levels: [{ score: 1, label: 'l', description: 'd', characteristics: [] }],
      scoringGuidelines: [],
      edgeCases: [],
      warnings: [],
    };
    const { criteria, warnings } = attachRubrics(parseCriteria([{ name: 'real' }]), [rubric], 10);
    expect(criteria.map((c) => c.name)).toEqual(['real']);
    expect(warnings).toEqual([
      'rubric "ghost" is written for 1-5 but scoring uses 1-10',
      'rubric "ghost" matches no criterion; ignored',
    ]);
  });
});

describe('panels and screening', () => {
  const criteria = [
    { name: 'accuracy', weight: 2 },
    { name: 'clarity', weight: 1 },
  ];
  const item = { id: 'x', prompt: 'p', response: 'answer [accuracy=3] [clarity=3]' };
  // Each panel model adds its own offset to the accuracy marker.
  const offsets: Record<string, number> = { 'judge-a': -1, 'judge-b': 0, 'judge-c': 2 };

  beforeEach(async () => {
    server = await startModelServer((request) => {
      const reply = directReply(requestText(request)) as { json: { scores: { criterion: string; score: number }[] } };
      const offset = offsets[String(request.body.model)] ?? 0;
      for (const s of reply.json.scores) if (s.criterion === 'accuracy') s.score += offset;
      return reply;
    });
  });

  it('takes the mean per criterion (the one aggregation rule) with its t-interval, stdev and pairwise agreement', async () => {
    const provider = anthropicJudge(server as ModelServer);
    const models = ['judge-a', 'judge-b', 'judge-c'];
    const result = await scorePanel(
      models.map((model) => ({ provider, model })),
      item,
      { criteria },
    );
    expect(result.judges.map((j) => j.judge.model)).toEqual(models);
    const accuracy = result.criteria[0];
    expect(accuracy?.scores).toEqual([2, 3, 5]);
    // Was the median (3) before the toolkit and the judge layer shared one rule: the mean keeps judge-c's 5.
    expect(accuracy?.mean).toBeCloseTo(10 / 3, 12);
    // scipy.stats.t.interval(0.95, 2, loc=10/3, scale=sem([2, 3, 5])) = (-0.4612..., 7.1279...), clipped to 1-5
    expect(accuracy?.ciLow).toBe(1);
    expect(accuracy?.ciHigh).toBe(5);
    expect(accuracy?.stdev).toBeCloseTo(Math.sqrt(7 / 3), 12);
    // pairs (2,3) close, (2,5) far, (3,5) far
    expect(accuracy?.agreement).toBeCloseTo(1 / 3, 12);
    expect(result.criteria[1]).toMatchObject({
      scores: [3, 3, 3],
      mean: 3,
      ciLow: 3,
      ciHigh: 3,
      stdev: 0,
      agreement: 1,
    });
    // (2 x 10/3 + 1 x 3) / 3 (the medians gave exactly 3)
    expect(result.weightedScore).toBeCloseTo(29 / 9, 12);
    // judges' weighted scores: (2x2 + 3) / 3, (3x2 + 3) / 3, (5x2 + 3) / 3
    const judgeScores = [7 / 3, 3, 13 / 3];
    const m = 29 / 9;
    expect(result.judgeStdev).toBeCloseTo(Math.sqrt(judgeScores.reduce((s, v) => s + (v - m) ** 2, 0) / 2), 12);
    expect(result.cost.calls).toBe(3);
  });

  it('screening: a clear pass is decided by the cheap model alone', async () => {
    const provider = anthropicJudge(server as ModelServer);
    const good = { prompt: 'p', response: 'great [accuracy=5] [clarity=5]' };
    const result = await scoreScreened({ provider, model: 'judge-b' }, { provider, model: 'judge-main' }, good, {
      criteria,
      threshold: 0.7,
    });
    expect(result).toMatchObject({ decidedBy: 'screen', screenScore: 1 });
    expect(server?.requests.map((r) => r.body.model)).toEqual(['judge-b']);
  });

  it('screening: anything at or below the threshold is escalated to the main judge', async () => {
    const provider = anthropicJudge(server as ModelServer);
    // screen (judge-a) sees accuracy 3-1 = 2 -> weighted 7/3 -> normalised (7/3 - 1) / 4 = 1/3, below 0.5
    const result = await scoreScreened({ provider, model: 'judge-a' }, { provider, model: 'judge-c' }, item, {
      criteria,
      threshold: 0.5,
    });
    expect(result.decidedBy).toBe('judge');
    expect(result.screenScore).toBeCloseTo(1 / 3, 12);
    expect(result.final.kind === 'direct' && result.final.judge.model).toBe('judge-c');
    expect(result.final.weightedScore).toBeCloseTo((5 * 2 + 3) / 3, 12);
    expect(server?.requests.map((r) => r.body.model)).toEqual(['judge-a', 'judge-c']);
    // The text shows what both calls used together (the screen's call is not in the final result's own line).
    const total = result.screen.cost.inputTokens + result.final.cost.inputTokens;
    expect(renderText(result)).toMatch(
      new RegExp(`^Screen and judge together: 2 call\\(s\\), 0 from cache; ${total} input `, 'm'),
    );
    await expect(
      scoreScreened({ provider, model: 'a' }, { provider, model: 'b' }, item, { criteria, threshold: 1.5 }),
    ).rejects.toThrow(/within 0-1/);
  });
});

describe('judgeScore picks direct, panel or screened scoring from its options', () => {
  it('judgeModels -> panel; screenModel -> screened; model -> direct', async () => {
    server = await startModelServer(judgeScript());
    const provider = anthropicJudge(server);
    const item = { prompt: 'p', response: 'r [accuracy=5]' };
    const criteria = [{ name: 'accuracy' }];
    expect((await judgeScore(provider, item, { criteria, judgeModels: ['m1', 'm2'] })).kind).toBe('panel');
    const screened = await judgeScore(provider, item, { criteria, judgeModels: ['m1', 'm2'], screenModel: 'cheap' });
    expect(screened).toMatchObject({ kind: 'screened', decidedBy: 'screen' });
    expect((await judgeScore(provider, item, { criteria, model: 'solo' })).kind).toBe('direct');
    const models = server.requests.map((r) => String(r.body.model));
    // the two panel calls run concurrently, so their arrival order is free
    expect([...models.slice(0, 2).sort(), ...models.slice(2)]).toEqual(['m1', 'm2', 'cheap', 'solo']);
    await expect(judgeScore(provider, item, { criteria })).rejects.toThrow(/needs `model`/);
  });
});

describe('panel aggregation (pure)', () => {
  it('matches criteria by name across judges and skips unmeasured judges', () => {
    const judge = (
      model: string,
      scores: [string, number | null][],
      status: 'scored' | 'unmeasured' = 'scored',
    ): DirectScoreResult => ({
      kind: 'direct',
      status,
      scale: 5,
      responseLength: 1,
      lengthNormalised: false,
      summary: null,
      overallScore: null,
      normalisedScore: null,
      warnings: [],
      gaps: [],
      weightedScore: status === 'scored' ? 3 : null,
      ...(status === 'unmeasured' ? { reason: 'bad reply' } : {}),
      scores: scores.map(([criterion, score]) => ({
        criterion,
        score,
        weight: 1,
        evidence: [],
        justification: '',
        improvement: '',
        adjustments: [],
      })),
      judge: { model, provider: 'p', prompt: { template: 't', hash: 'h' } },
      cost: { ...emptyUsage(), calls: 1 },
    });
    const panel = aggregatePanel(
      [
        judge('a', [
          ['x', 1],
          ['y', 5],
        ]),
        judge('b', [
          ['y', 4],
          ['x', 2],
        ]),
        judge(
          'c',
          [
            ['x', null],
            ['y', null],
          ],
          'unmeasured',
        ),
      ],
      parseCriteria([{ name: 'x' }, { name: 'y' }]),
      5,
    );
    expect(panel.criteria.map((c) => [c.criterion, c.scores, c.mean])).toEqual([
      ['x', [1, 2, null], 1.5],
      ['y', [5, 4, null], 4.5],
    ]);
    expect(panel.warnings).toEqual(['judge c gave no usable scores: bad reply']);
    // Two of three judges stand: the panel measured only in part.
    expect(panel.gaps).toEqual(['judge c gave no usable scores: bad reply']);
    expect(pairAgreement([1])).toBeNull();
    expect(pairAgreement([1, 2, 4])).toBeCloseTo(1 / 3, 12);
  });
});
