/**
 * Results with a Monte Carlo layer for the reporter tests: a real static result of a corpus skill (the shared
 * corpus's `context-engineering/skills/evaluation`) assembled by the real pipeline with a hand-built Monte Carlo
 * layer. The layer's report is built from hand-written runs by the real statistics (summariseRuns) and dimension
 * scores (mcDimensionScores), so its numbers are consistent with its runs; the runs, sampling and stop are ours.
 */
import path from 'node:path';
import type { LayerOutput } from '../../src/model/layer-output.js';
import type { McRunReport, MonteCarloReport } from '../../src/model/monte-carlo.js';
import { ScoreResult } from '../../src/model/result.js';
import { parseSkill } from '../../src/parse/skill.js';
import { contextFromOptions, planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { assembleSkillWithLayers } from '../../src/pipeline/score-skill.js';
import { finaliseResult } from '../../src/score/build-result.js';
import { mcDimensionScores } from '../../src/monte-carlo/dimension-scores.js';
import { summariseRuns } from '../../src/monte-carlo/statistics.js';
import type { McRunRecord } from '../../src/monte-carlo/summary-types.js';
import { CORPUS_DIR } from '../support/corpus.js';

export const SKILL_REL = 'context-engineering/skills/evaluation';

export interface RunSpec {
  prompt: string;
  shouldTrigger: boolean;
  activated?: boolean;
  infraKind?: string;
  agentError?: string;
  quality?: number | null;
  tokens?: number;
  evidence?: string;
}

export interface ReportSpec {
  runs: RunSpec[];
  planned: number;
  mode?: 'fixed' | 'adaptive';
  stoppedBy?: MonteCarloReport['sampling']['stoppedBy'];
  stopReason?: string;
  status?: MonteCarloReport['status'];
  reason?: string;
  simulated?: boolean;
  /** undefined: the summed cost of the runs; null: unpriced. */
  costUsd?: number | null;
  skill?: string;
  resumed?: number;
}

const RUN_COST = 0.0125;
const RUN_MS = 4000;

function record(run: RunSpec, i: number): McRunRecord {
  const infra = run.infraKind !== undefined;
  return {
    promptIndex: i,
    shouldTrigger: run.shouldTrigger,
    status: infra ? 'infra' : 'ok',
    activated: !infra && run.activated === true,
    ...(run.agentError ? { agentError: run.agentError } : {}),
    quality: infra || !run.activated || !run.shouldTrigger ? null : (run.quality ?? null),
    tokens: infra ? 0 : (run.tokens ?? 3000),
    costUsd: RUN_COST,
    durationMs: RUN_MS,
    ...(infra ? { infraKind: run.infraKind } : {}),
  };
}

function runReport(run: RunSpec, rec: McRunRecord, i: number): McRunReport {
  return {
    runIndex: i,
    prompt: run.prompt,
    shouldTrigger: run.shouldTrigger,
    status: rec.status,
    ...(rec.infraKind
      ? { infraKind: rec.infraKind, infraMessage: `${rec.infraKind} after the provider's retries` }
      : {}),
    activated: rec.activated,
    ...(rec.activated ? { activationEvidence: run.evidence ?? 'tool call 1: Skill {skill: evaluation}' } : {}),
    ...(rec.agentError ? { agentError: rec.agentError } : {}),
    quality: rec.quality,
    tokens: rec.tokens,
    costUsd: rec.costUsd,
    durationMs: rec.durationMs,
    toolCalls: rec.activated ? 1 : 0,
  };
}

/** A Monte Carlo report and the layer output that carries it. */
export function monteCarloLayer(spec: ReportSpec): { layer: LayerOutput; report: MonteCarloReport } {
  const records = spec.runs.map(record);
  const mode = spec.mode ?? 'fixed';
  const summary = summariseRuns(records, {
    planned: spec.planned,
    seed: 7,
    ...(mode === 'adaptive'
      ? { adaptive: { stopReason: 'precision', stopDetail: spec.stopReason ?? 'every rate within ±0.05' } }
      : {}),
  });
  const status = spec.status ?? 'measured';
  const report: MonteCarloReport = {
    ...(spec.skill ? { skill: spec.skill } : {}),
    runner: spec.simulated === false ? 'claude-agent-sdk' : 'messages',
    simulated: spec.simulated !== false,
    model: 'claude-haiku-4-5',
    status,
    ...(spec.reason ? { reason: spec.reason } : {}),
    sampling: {
      mode,
      planned: spec.planned,
      done: summary.runs.done,
      measured: summary.runs.measured,
      infra: summary.runs.infra,
      infraByKind: summary.runs.infraByKind,
      stoppedBy: spec.stoppedBy ?? 'max-runs',
      stopReason: spec.stopReason ?? `${summary.runs.done} of ${spec.planned} runs done`,
      savedRuns: spec.stoppedBy === 'adaptive' ? spec.planned - summary.runs.done : 0,
      resumed: spec.resumed ?? 0,
    },
    prompts: { positives: 4, negatives: 4, source: 'generated' },
    activation: summary.activation,
    falseActivation: summary.falseActivation,
    precision: summary.precision,
    recall: summary.recall,
    f1: summary.f1,
    quality: summary.quality,
    failure: summary.failure,
    tokens: summary.tokens,
    efficiencyNorm: summary.efficiencyNorm,
    mcScore: summary.mcScore,
    costUsd: spec.costUsd === undefined ? summary.costUsd : spec.costUsd,
    durationMs: summary.durationMs,
    notes: summary.notes,
    runs: spec.runs.map((run, i) => runReport(run, records[i]!, i)),
  };
  // A skill Monte Carlo could not measure feeds no dimension: the layer then measured nothing.
  const dims = status === 'not-measured' ? { measurements: {}, unmeasured: {} } : mcDimensionScores(summary);
  const layer: LayerOutput = {
    name: 'monte_carlo',
    score: summary.mcScore ?? 0,
    durationMs: summary.durationMs,
    measurements: dims.measurements,
    unmeasured: dims.unmeasured,
    antiPatterns: [],
    subScores: {},
    monteCarlo: [report],
  };
  return { layer, report };
}

/** The corpus skill scored by the real pipeline at deep depth with the given Monte Carlo layer (judge not run). */
export async function resultWithMonteCarlo(spec: ReportSpec): Promise<ScoreResult> {
  return resultWithLayer(monteCarloLayer(spec).layer);
}

/** The same with any Monte Carlo layer output (several reports: a plugin's skills measured on their own). */
export async function resultWithLayer(layer: LayerOutput): Promise<ScoreResult> {
  const parsed = await parseSkill(path.join(CORPUS_DIR, SKILL_REL), { displayPath: SKILL_REL });
  if (!parsed.ok) throw new Error(`corpus skill ${SKILL_REL} did not parse`);
  const ctx = { plan: planFromOptions([SKILL_REL], { depth: 'deep' }), run: contextFromOptions({}) };
  const notRun = [
    { name: 'judge' as const, reason: 'no provider configured (set ANTHROPIC_API_KEY or pass --provider)' },
  ];
  // Parsed by the schema: the result must be what the JSON Schema export promises.
  return ScoreResult.parse(finaliseResult(assembleSkillWithLayers(parsed.skill, { notRun }, ctx, [layer])));
}

const POSITIVES = [
  'Design an evaluation rubric for my summarisation agent',
  'How do I measure whether my RAG answers are faithful?',
  'Set up LLM-as-judge scoring for these outputs',
  'Build a test set to evaluate my agent',
];
const NEGATIVES = [
  'Write a haiku about autumn',
  'Fix this CSS flexbox bug',
  'Translate this paragraph to French',
  'What is the capital of Peru?',
];

/** 20 runs, fixed N: 9 of 10 positives activated, 1 of 10 negatives; one agent error; graded outputs. */
export function measuredRuns(): RunSpec[] {
  const runs: RunSpec[] = [];
  for (let i = 0; i < 10; i++) {
    runs.push({
      prompt: POSITIVES[i % 4]!,
      shouldTrigger: true,
      activated: i !== 3,
      quality: [0.8, 0.9, 0.7, 0, 0.85, 0.75, 0.9, 0.8, 0.95, 0.6][i]!,
      tokens: 2000 + 150 * i,
      ...(i === 5 ? { agentError: 'max turns (8) reached' } : {}),
    });
    runs.push({ prompt: NEGATIVES[i % 4]!, shouldTrigger: false, activated: i === 7, tokens: 900 + 40 * i });
  }
  return runs;
}

export const measuredSpec = (): ReportSpec => ({ runs: measuredRuns(), planned: 20 });

/** Adaptive sampling stopped after 16 of 50 runs, all positives activated, no negative: not the simulation. */
export function adaptiveSpec(): ReportSpec {
  const runs: RunSpec[] = [];
  for (let i = 0; i < 8; i++) {
    runs.push({ prompt: POSITIVES[i % 4]!, shouldTrigger: true, activated: true, quality: 0.9, tokens: 2500 });
    runs.push({ prompt: NEGATIVES[i % 4]!, shouldTrigger: false, activated: false, tokens: 800 });
  }
  return {
    runs,
    planned: 50,
    mode: 'adaptive',
    stoppedBy: 'adaptive',
    stopReason: 'every rate within ±0.05 at run 16',
    simulated: false,
  };
}

/** Stopped by the cost cap after 6 of 40 runs (one lost to a rate limit): a partial measurement. */
export function partialSpec(): ReportSpec {
  return {
    runs: measuredRuns()
      .slice(0, 5)
      .concat([{ prompt: POSITIVES[0]!, shouldTrigger: true, infraKind: 'rate_limit' }]),
    planned: 40,
    status: 'partial',
    reason: 'cost cap $0.07 reached after 6 of 40 runs',
    stoppedBy: 'max-cost',
    stopReason: 'cost cap $0.07 reached after 6 of 40 runs',
  };
}

/** Every run lost to infrastructure errors: nothing measured. */
export function notMeasuredSpec(): ReportSpec {
  const kinds = ['api_error', 'api_error', 'timeout', 'api_error', 'not_logged_in'];
  return {
    runs: kinds.map((infraKind, i) => ({
      prompt: i % 2 ? NEGATIVES[0]! : POSITIVES[0]!,
      shouldTrigger: i % 2 === 0,
      infraKind,
    })),
    planned: 20,
    status: 'not-measured',
    reason: '5 of 5 runs lost to infrastructure errors; nothing about the skill was measured',
    stoppedBy: 'infrastructure',
    stopReason: 'infrastructure errors are the majority after 5 runs',
    costUsd: null,
  };
}

export const HOSTILE_PROMPT = '<script>alert("mc")</script> & pipe | here';
