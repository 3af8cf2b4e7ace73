/**
 * Runs for the dashboard tests: one real quick-depth result (the example csv-profiler, scored once), cloned and
 * varied into as many results as a test needs. Hostile strings go where a skill's own text goes (name, evidence,
 * diagnostics, tips) and every run is checked against the ScoreRun schema, so the tests render what `score`
 * could really write.
 */
import path from 'node:path';
import { score } from '../../src/api/score.js';
import { DIMENSIONS } from '../../src/model/dimensions.js';
import type { ScoreResult } from '../../src/model/result.js';
import { ScoreRun } from '../../src/model/run.js';
import type { HistoryPoint } from '../../src/store/schema.js';

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
export const HOSTILE_EVIDENCE = 'see </script><script>globalThis.__pwned = 1</script> and \u2028 here';
const EXAMPLE = path.resolve(import.meta.dirname, '../../examples/skills/csv-profiler');

let base: ScoreRun | undefined;

/** The example scored at quick depth (static only: four dimensions unmeasured), once per test file. */
export async function baseRun(): Promise<ScoreRun> {
  base ??= await score([EXAMPLE], { depth: 'quick', config: false });
  return base;
}

const BADGES = ['platinum', 'gold', 'silver', 'bronze', 'none'] as const;

/** Result i of a generated marketplace: distinct names and composites, badges in turn. */
function variant(template: ScoreResult, i: number): ScoreResult {
  const r = structuredClone(template);
  const composite = Math.round((40 + ((i * 37) % 600) / 10) * 10) / 10;
  r.target = { ...r.target, name: `skill-${String(i).padStart(4, '0')}`, path: `plugins/p${i % 7}/skills/skill-${i}` };
  r.composite.score = composite;
  r.composite.rawScore = composite;
  r.composite.badge = BADGES[i % BADGES.length]!;
  r.composite.badgeDecision = { ...r.composite.badgeDecision, badge: r.composite.badge };
  for (const d of r.dimensions) if (d.score !== null) d.score = Math.round((d.score * 100 + i * 13) % 100) / 100;
  return r;
}

export interface Marketplace {
  run: ScoreRun;
  history: Map<string, HistoryPoint[]>;
}

/** A history of `n` points for a target, the content changing at point 2 and the last point reused by `runId`. */
export function historyOf(result: ScoreResult, n: number, runId: string): HistoryPoint[] {
  return Array.from({ length: n }, (_, k) => ({
    runId: k === n - 1 ? runId : `earlier-${k}`,
    command: 'score' as const,
    recordedAt: `2026-11-${String(10 + k).padStart(2, '0')}T12:00:00.000Z`,
    toolVersion: '0.1.0',
    contentHash: k < 2 ? 'hash-a' : 'hash-b',
    depth: 'quick' as const,
    methodology: 'default' as const,
    composite: 60 + k * 4,
    badge: 'silver' as const,
    elo: null,
    coverage: 0.66,
    partial: false,
    dimensions: Object.fromEntries(DIMENSIONS.map((d) => [d, null])),
    reused: k === n - 1,
  }));
}

/**
 * `count` results. Result 0 is hostile (name, evidence, a diagnostic, a tip), result 1 is partial, result 2 is a
 * measured 0 on a dimension (shown as 0.00, never as "not measured"), result 3 has token_efficiency unmeasured;
 * results 0 and 2 have a history.
 */
export async function marketplace(count: number, options: { hostile?: boolean } = {}): Promise<Marketplace> {
  const template = (await baseRun()).results[0]!;
  const results = Array.from({ length: count }, (_, i) => variant(template, i));
  if (options.hostile !== false && count > 0) {
    const r = results[0]!;
    r.target.name = HOSTILE_NAME;
    r.dimensions.find((d) => d.measured)!.evidence.push(HOSTILE_EVIDENCE);
    r.diagnostics.push({
      file: 'SKILL.md',
      line: 7,
      column: 3,
      severity: 'warning',
      ruleId: 'test/hostile',
      message: '<b onmouseover=alert(2)>bold</b>',
    });
    r.tips.push({
      id: 'test/hostile',
      source: 'check',
      dimension: 'token_efficiency',
      target: { kind: 'skill', path: '.' },
      gain: 0.1,
      gainBasis: 'check',
      action: '<svg onload=alert(3)>',
      example: '</script>',
    });
  }
  if (count > 1) {
    const r = results[1]!;
    r.measurement = {
      status: 'partial',
      gaps: [{ layer: 'static', dimension: 'token_efficiency', measured: false, reason: 'tokenizer crashed' }],
    };
  }
  if (count > 2) {
    const d = results[2]!.dimensions.find((x) => x.name === 'progressive_disclosure')!;
    d.score = 0;
    d.grade = 'F';
  }
  if (count > 3) {
    // Measured everywhere else: sorting by it must put this "not measured" last in both directions.
    const d = results[3]!.dimensions.find((x) => x.name === 'token_efficiency')!;
    Object.assign(d, {
      measured: false,
      score: null,
      grade: null,
      layers: {},
      effectiveWeight: 0,
      unmeasuredReason: 'test: left unmeasured',
    });
  }
  const run = ScoreRun.parse({
    ...(await baseRun()),
    results,
    failures: [],
    status: count > 1 ? 'partial' : 'success',
  });
  const history = new Map<string, HistoryPoint[]>();
  if (count > 0) history.set(results[0]!.target.path, historyOf(results[0]!, 4, run.runId));
  if (count > 2) history.set(results[2]!.target.path, historyOf(results[2]!, 3, 'other-run'));
  return { run, history };
}

/** The JSON the page embeds, read back the way the page script reads it. */
export function embeddedData(html: string): unknown {
  const m = /<script type="application\/json" id="dashboard-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no embedded data');
  return JSON.parse(m[1]!);
}
