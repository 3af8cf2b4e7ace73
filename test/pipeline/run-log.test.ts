/**
 * Issue 8 items 2 and 3: the plan is plain serialisable data and the run log (ScoreRun) is one versioned
 * document with status, plan, times, results, failures with reasons, discovery diagnostics and usage.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/api/run-plan.js';
import { score } from '../../src/api/score.js';
import { ScorePlan } from '../../src/model/plan.js';
import { ScoreRun } from '../../src/model/run.js';
import { contextFromOptions, planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = path.join(ROOT, 'examples/skills/csv-profiler');
const OTHER = path.join(ROOT, 'examples/skills/changelog-writer');
const tree = tempTree('plugin-eval-runlog-');

describe('the run log', () => {
  it('is a valid ScoreRun: uuid, success, plan, ISO times in order, results, no usage without a model', async () => {
    const run = ScoreRun.parse(await score([EXAMPLE, OTHER], { jobs: 2 }));
    expect(run.kind).toBe('score-run');
    expect(run.runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(run.status).toBe('success');
    expect(run.plan).toMatchObject({
      targets: [EXAMPLE, OTHER],
      depth: 'quick',
      methodology: 'default',
      layers: ['static'],
      judge: null,
      jobs: 2,
    });
    expect(Date.parse(run.finishedAt)).toBeGreaterThanOrEqual(Date.parse(run.startedAt));
    expect(run.results.map((r) => r.target.path)).toEqual([EXAMPLE, OTHER]);
    expect(run.results.every((r) => r.composite.badgeDecision.badge === r.composite.badge)).toBe(true);
    expect(run.usage).toBeNull();
    expect(run.failures).toEqual([]);
  });

  it('a target that cannot be read is a failure with its reason, and the run is partial', async () => {
    const bad = tree.dir('bad-skill');
    tree.write('bad-skill/SKILL.md', Buffer.from([0x2d, 0x2d, 0x2d, 0x00, 0x01, 0x02, 0x00, 0xff]));
    const run = ScoreRun.parse(await score([EXAMPLE, bad]));
    expect(run.status).toBe('partial');
    expect(run.results).toHaveLength(1);
    expect(run.failures).toHaveLength(1);
    expect(run.failures[0]!.target).toEqual({ path: bad, kind: 'skill' });
    expect(run.failures[0]!.reason).toBe(run.failures[0]!.diagnostics[0]!.message);
    expect(run.failures[0]!.reason.length).toBeGreaterThan(0);
  });

  it("records where each setting came from (the resolver's provenance) as settings", async () => {
    const provenance = {
      depth: { value: 'quick', source: 'config' as const, detail: 'plugin-eval.config.json' },
      jobs: { value: 4, source: 'default' as const },
    };
    const run = ScoreRun.parse(await score([EXAMPLE], { provenance }));
    expect(run.settings).toEqual(provenance);
  });

  it('the plan survives JSON (what a queue sends a worker) and runPlan on it scores the same', async () => {
    const plan = planFromOptions([EXAMPLE], { methodology: 'compat' });
    const shipped = ScorePlan.parse(JSON.parse(JSON.stringify(plan)));
    expect(shipped).toEqual(plan);
    const a = await runPlan(shipped, contextFromOptions({}));
    const b = await score([EXAMPLE], { methodology: 'compat' });
    expect(a.results[0]!.composite).toEqual(b.results[0]!.composite);
    expect(a.runId).not.toBe(b.runId);
  });

  it('a cancelled run still hands over its log (status cancelled) before it throws', async () => {
    const controller = new AbortController();
    controller.abort();
    let ended: ScoreRun | undefined;
    await expect(score([EXAMPLE], { signal: controller.signal, onRunEnd: (r) => (ended = r) })).rejects.toThrow();
    expect(ScoreRun.parse(ended).status).toBe('cancelled');
    expect(ended!.error).toBeTruthy();
  });

  it('`schema score-run` publishes its JSON Schema; `schema score-result` still describes one result', async () => {
    type Doc = { $defs: Record<string, { properties: Record<string, { const?: unknown }>; required: string[] }> };
    const run = (JSON.parse((await cli('schema', 'score-run')).stdout) as Doc).$defs.ScoreRun!;
    expect(run.properties.kind?.const).toBe('score-run');
    expect(run.required).toEqual(
      expect.arrayContaining([
        'schemaVersion',
        'runId',
        'status',
        'plan',
        'startedAt',
        'finishedAt',
        'results',
        'failures',
        'diagnostics',
        'usage',
      ]),
    );
    const one = (JSON.parse((await cli('schema', 'score-result')).stdout) as Doc).$defs.ScoreResult!;
    expect(Object.keys(one.properties)).toContain('composite');
    expect((await cli('schema')).stdout.split('\n')).toEqual(
      expect.arrayContaining(['score-plan', 'score-result', 'score-run']),
    );
  });
});
