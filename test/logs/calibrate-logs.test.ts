import path from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJudgeCommands } from '../../src/cli/commands/judge.js';
import {
  LogCalibrationReport,
  agreementOf,
  executionMaterial,
  verdictOf,
} from '../../src/judge/calibrate-from-logs.js';
import { createAnthropicProvider } from '../../src/providers/index.js';
import { cohensKappa } from '../../src/stats/index.js';
import { requestText, startModelServer, type ModelServer } from '../support/model-server.js';
import { anthropicEnv } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';
import { directReply, toolOf } from '../judgekit/fake-judge.js';
import { entry, writeLogTree } from './log-tree.js';

// People's ratings and the scripted judge's (read from the [effectiveness=N] marker in each output preview).
const HUMAN = [1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 2];
const JUDGE = [1, 2, 3, 3, 4, 2, 4, 5, 4, 5, 4, 1];
// python3 (sklearn 1.x, scipy): H, J as above
//   cohen_kappa_score(H, J, weights='quadratic', labels=[1,2,3,4,5]) -> 0.847457627118644
//   spearmanr(H, J).statistic -> 0.8623867728095255
//   mean(H == J) -> 0.5; mean(|H - J| <= 1) -> 1.0
//   confusion_matrix(H, J, labels=[1,2,3,4,5]) -> [[1,0,0,0,0],[1,1,1,0,0],[0,1,1,1,0],[0,0,0,2,1],[0,0,0,1,1]]
const KAPPA = 0.847457627118644;
const SPEARMAN = 0.8623867728095255;

const tree = tempTree('calibrate-logs-');
const root = path.join(tree.root, 'logs');
let server: ModelServer;
const judged: string[] = [];

beforeAll(async () => {
  const rated = HUMAN.map((rating, i) =>
    entry({
      skill: i < 6 ? 'demo:alpha' : 'demo:beta',
      at: `2026-01-${String(10 + i).padStart(2, '0')}T10:00:00Z`,
      rating,
      preview: `did the work [effectiveness=${JUDGE[i]}]`,
      friction: ['HUMAN-ONLY friction'],
    }),
  );
  writeLogTree(root, [
    ...rated,
    // Not rated, synthetic, rated by a machine, and one whose judge reply is unusable: none counts.
    entry({ skill: 'demo:alpha', at: '2026-01-25T10:00:00Z', preview: '[effectiveness=5]' }),
    entry({
      skill: 'demo:alpha',
      at: '2026-01-25T11:00:00Z',
      rating: 1,
      session: 'test-x',
      preview: '[effectiveness=5]',
    }),
    entry({
      skill: 'demo:alpha',
      at: '2026-01-25T12:00:00Z',
      rating: 1,
      evaluator: 'automated',
      preview: '[effectiveness=5]',
    }),
    entry({ skill: 'demo:beta', at: '2026-01-26T10:00:00Z', rating: 3, preview: '[broken]' }),
  ]);
  server = await startModelServer((request) => {
    const text = requestText(request);
    if (toolOf(request) !== 'direct_score') return { text: 'unexpected' };
    judged.push(text);
    return text.includes('[broken]') ? { json: { nothing: 'useful' } } : directReply(text);
  });
});
afterAll(async () => server.close());

async function calibrate(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  const program = new Command()
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  registerJudgeCommands(program, {
    makeProvider: async (opts) => ({
      provider: createAnthropicProvider({ env: anthropicEnv(server) }),
      model: opts.model ?? 'sonnet',
      description: 'scripted',
    }),
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    setExit: (c) => (code = c),
  });
  await program.parseAsync(['judge', 'calibrate', '--from-logs', '--logs-dir', root, '--no-cache', ...args], {
    from: 'user',
  });
  return { stdout: out.join(''), stderr: err.join(''), code };
}

describe('judge calibrate --from-logs (real Anthropic client, scripted judge)', () => {
  it('reports agreement with the values sklearn and scipy give', async () => {
    const r = await calibrate('--output', 'json');
    const report = LogCalibrationReport.parse(JSON.parse(r.stdout));
    expect(report.rated).toBe(13);
    expect(report.syntheticExcluded).toBe(1);
    expect(report.n).toBe(12);
    expect(report.unmeasured).toHaveLength(1);
    expect(report.unmeasured[0]!.skill).toBe('demo:beta');
    expect(report.metrics.weightedKappa).toBeCloseTo(KAPPA, 12);
    expect(report.metrics.spearman).toBeCloseTo(SPEARMAN, 12);
    expect(report.metrics.exactAgreement).toBe(0.5);
    expect(report.metrics.withinOne).toBe(1);
    expect(report.confusion).toEqual([
      [1, 0, 0, 0, 0],
      [1, 1, 1, 0, 0],
      [0, 1, 1, 1, 0],
      [0, 0, 0, 2, 1],
      [0, 0, 0, 1, 1],
    ]);
    expect(report.level).toBe('good');
    expect(report.verdict).toContain('n = 12');
    expect(report.skills.map((s) => [s.skill, s.n])).toEqual([
      ['demo:alpha', 6],
      ['demo:beta', 6],
    ]);
    // The unusable judge reply is an infrastructure problem: exit 0 for the measured rest, named on stderr.
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('not measured: demo:beta');
  });

  it('text report: metrics, confusion table and the verdict', async () => {
    const r = await calibrate();
    expect(r.stdout).toContain('weighted kappa (quadratic, 1-5): 0.847');
    expect(r.stdout).toContain('    h4     0   0   0   2   1');
    expect(r.stdout).toContain('The judge agrees with your ratings for these skills');
  });

  it("shows the judge the execution record as untrusted data, never the person's rating or friction", () => {
    expect(judged.length).toBeGreaterThanOrEqual(13);
    const one = judged.find((t) => t.includes('did the work'))!;
    expect(one).toMatch(/<<<BEGIN EXECUTION [0-9a-f]{16}>>>/);
    expect(one).toContain('is DATA');
    expect(one).not.toContain('HUMAN-ONLY');
    expect(one).toContain('Exceptional');
  });

  it('one skill with too few ratings: exit 3, no judge call, said why', async () => {
    const before = server.requests.length;
    const r = await calibrate('--skill', 'demo:alpha');
    expect(r.code).toBe(3);
    expect(server.requests.length).toBe(before);
    expect(r.stdout).toContain('not measured: 6 execution(s)');
    expect(r.stderr).toContain('agreement not measured (exit 3)');
  });

  it('enough ratings but too few judged (the judge replies were unusable): exit 3 saying how many were judged', async () => {
    const broken = path.join(tree.root, 'broken-logs');
    writeLogTree(
      broken,
      Array.from({ length: 11 }, (_, i) =>
        entry({
          skill: 'demo:gamma',
          at: `2026-01-${String(10 + i).padStart(2, '0')}T10:00:00Z`,
          rating: 3,
          preview: '[broken]',
        }),
      ),
    );
    const r = await calibrate('--logs-dir', broken);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      'agreement not measured (exit 3): 0 of 11 rated execution(s) judged; at least 10 needed',
    );
    const few = await calibrate('--skill', 'demo:alpha');
    expect(few.stderr).toContain('agreement not measured (exit 3): 6 rated execution(s); at least 10 needed');
  });

  it('refuses --input with --from-logs and a bad --skill', async () => {
    await expect(calibrate('--input', 'x.jsonl')).rejects.toThrow('either --input or --from-logs');
    await expect(calibrate('--skill', '../etc')).rejects.toThrow('--skill must be plugin:skill');
  });
});

describe('agreement pieces', () => {
  it('quadratic kappa on the whole 1-5 scale when a rating is never used (sklearn labels=)', () => {
    // cohen_kappa_score([1,2,5,2,1,5,2], [1,2,2,5,1,5,1], weights='quadratic', labels=[1,2,3,4,5]) ->
    // 0.49429657794676807 (without labels=, sklearn gives 0.6666666666666667: the gap 2..5 would count as one step)
    const a = [1, 2, 5, 2, 1, 5, 2];
    const b = [1, 2, 2, 5, 1, 5, 1];
    expect(cohensKappa(a, b, { weights: 'quadratic', labels: [1, 2, 3, 4, 5] })).toBeCloseTo(0.49429657794676807, 12);
    expect(cohensKappa(a, b, { weights: 'quadratic' })).toBeCloseTo(0.6666666666666667, 12);
    expect(() => cohensKappa(a, b, { labels: [1, 2] })).toThrow('not in options.labels');
    expect(agreementOf(a, b).metrics.weightedKappa).toBeCloseTo(0.49429657794676807, 12);
  });

  it('verdict bands', () => {
    expect(verdictOf(40, 0.75, 0.85, 10).level).toBe('good');
    expect(verdictOf(40, 0.75, 0.85, 10).verdict).not.toContain('rough');
    expect(verdictOf(40, 0.6, 0.85, 10).level).toBe('acceptable');
    expect(verdictOf(40, 0.3, 0.85, 10).level).toBe('concerning');
    expect(verdictOf(9, 0.9, 0.9, 10).level).toBeNull();
    expect(verdictOf(12, null, null, 10).verdict).toContain('undefined');
  });

  it('material carries the record fields', () => {
    const text = executionMaterial(
      entry({
        skill: 'demo:alpha',
        at: '2026-01-01T00:00:00Z',
        outcome: 'failure',
        durationMs: 2500,
        error: 'E42',
        preview: 'P',
      }),
    );
    expect(text).toContain('outcome: failure\nduration: 2.5 s\nerror: E42');
    expect(text).toContain('output preview:\nP');
  });
});
