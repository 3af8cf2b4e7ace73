import { afterEach, describe, expect, it } from 'vitest';
import {
  CALIBRATION_THRESHOLDS,
  CalibrationReport,
  calibratePairwise,
  calibrateScores,
  levelOf,
  worstLevel,
} from '../../src/judge/kit/index.js';
import type { Winner } from '../../src/judge/kit/index.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicJudge, judgeScript, pairReply, toolOf } from './fake-judge.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const metric = (report: CalibrationReport, name: string) => report.metrics.find((m) => m.metric === name);

describe('calibration against human labels', () => {
  it('score labels: Spearman, Kendall, weighted kappa, length correlation (values from scipy/sklearn)', async () => {
    server = await startModelServer(judgeScript());
    const human = [1, 2, 3, 4, 5, 3, 2, 5];
    const judged = [1, 2, 4, 4, 5, 2, 2, 3];
    const padding = [40, 300, 120, 90, 500, 60, 200, 150];
    const items = human.map((humanScore, i) => ({
      id: `s${i + 1}`,
      prompt: 'p',
      response: `${'w'.repeat(padding[i] ?? 0)} [quality=${judged[i]}]`,
      humanScore,
    }));
    const report = await calibrateScores(anthropicJudge(server), items, {
      model: 'sonnet',
      criteria: [{ name: 'quality' }],
    });
    expect(CalibrationReport.parse(report)).toEqual(report);
    expect(metric(report, 'spearman')).toMatchObject({ level: 'good' });
    expect(metric(report, 'spearman')?.value).toBeCloseTo(0.8313149490175622, 12);
    expect(metric(report, 'kendall tau-b')?.value).toBeCloseTo(0.7348469228349536, 12);
    expect(metric(report, 'weighted kappa (quadratic)')).toMatchObject({ level: 'good' });
    expect(metric(report, 'weighted kappa (quadratic)')?.value).toBeCloseTo(0.7876106194690266, 12);
    expect(metric(report, 'exact agreement')?.value).toBe(0.625);
    expect(metric(report, 'length correlation')?.value).toBeCloseTo(0.45420146992971866, 12);
    expect(metric(report, 'length correlation')?.level).toBe('concerning');
    expect(report.overall).toBe('concerning');
    expect(report.disagreements.map((d) => [d.id, d.human, d.judge])).toEqual([
      ['s8', 5, 3],
      ['s3', 3, 4],
      ['s6', 3, 2],
    ]);
    expect(report.disagreements[0]?.reasoning).toMatch(/^assessed \d+ chars$/);

    const tolerant = await calibrateScores(anthropicJudge(server), items, {
      model: 'sonnet',
      criteria: [{ name: 'quality' }],
      tolerance: 1,
    });
    expect(tolerant.disagreements.map((d) => d.id)).toEqual(['s8']);
  });

  it('pairwise labels: kappa, agreement with and without ties, position consistency', async () => {
    server = await startModelServer((request) => {
      const text = requestText(request);
      if (toolOf(request) !== 'pairwise_verdict') return 'no';
      return pairReply(text, { alwaysFirst: text.includes('BIASED') });
    });
    const rows: [number, number, Winner, string?][] = [
      [5, 2, 'A'],
      [1, 6, 'B'],
      [3, 3, 'TIE'],
      [4, 2, 'B'],
      [2, 5, 'B', 'BIASED'],
      [2, 7, 'B'],
      [6, 1, 'TIE'],
      [1, 4, 'B'],
    ];
    const items = rows.map(([qa, qb, humanVerdict, tag], i) => ({
      id: `p${i + 1}`,
      prompt: tag ?? 'compare',
      responseA: `a [q=${qa}]`,
      responseB: `b [q=${qb}]`,
      humanVerdict,
    }));
    const report = await calibratePairwise(anthropicJudge(server), items, { model: 'sonnet' });
    expect(report.mode).toBe('pairwise');
    expect(metric(report, 'kappa')?.value).toBeCloseTo(0.4285714285714286, 12);
    expect(metric(report, 'kappa')?.level).toBe('concerning');
    expect(metric(report, 'agreement (with ties)')?.value).toBe(5 / 8);
    expect(metric(report, 'agreement (without ties)')?.value).toBe(4 / 5);
    expect(metric(report, 'position consistency')).toMatchObject({ value: 7 / 8, level: 'acceptable' });
    expect(report.disagreements.map((d) => [d.id, d.human, d.judge])).toEqual([
      ['p4', 'B', 'A'],
      ['p5', 'B', 'TIE'],
      ['p7', 'TIE', 'A'],
    ]);
    expect(report.disagreements[1]?.reasoning).toContain('pass 2 (BA): B');
    expect(report.overall).toBe('concerning');
  });

  it('grades metrics by the documented bands', () => {
    expect([0.81, 0.8, 0.6, 0.59].map((v) => levelOf('spearman', v))).toEqual([
      'good',
      'acceptable',
      'acceptable',
      'concerning',
    ]);
    expect([0.71, 0.7, 0.5, 0.49].map((v) => levelOf('kappa', v))).toEqual([
      'good',
      'acceptable',
      'acceptable',
      'concerning',
    ]);
    expect([0.91, 0.9, 0.8, 0.79].map((v) => levelOf('positionConsistency', v))).toEqual([
      'good',
      'acceptable',
      'acceptable',
      'concerning',
    ]);
    expect([0.19, 0.2, 0.4, 0.41].map((v) => levelOf('lengthCorrelation', v))).toEqual([
      'good',
      'acceptable',
      'acceptable',
      'concerning',
    ]);
    expect(worstLevel(['good', null, 'acceptable'])).toBe('acceptable');
    expect(worstLevel([null])).toBeNull();
    expect(CALIBRATION_THRESHOLDS.spearman.rule).toContain('> 0.8 good');
  });

  it('too few items give null metrics with a reason instead of throwing', async () => {
    server = await startModelServer(judgeScript());
    const report = await calibrateScores(
      anthropicJudge(server),
      [{ prompt: 'p', response: 'r [quality=4]', humanScore: 4 }],
      { model: 'sonnet', criteria: [{ name: 'quality' }] },
    );
    expect(metric(report, 'spearman')).toMatchObject({ value: null, level: null });
    expect(metric(report, 'spearman')?.note).toMatch(/spearman/);
    expect(metric(report, 'exact agreement')?.value).toBe(1);
  });
});
