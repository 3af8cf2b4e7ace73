/**
 * Layer 2, the LLM judge: runs every judged dimension once per judge (model x sample), aggregates,
 * and hands the blend a LayerOutput. All calls are issued at once; the provider's concurrency limiter
 * (and its cache, outermost) decide how many reach the network.
 *
 * Failure policy: an invalid answer (after the provider's single repair request) or a provider failure
 * that survived the retries makes that dimension unmeasured with the reason (and listed in `failed`, so
 * the result is partial), never a default score. A failure no later call can recover from (401, 403,
 * unknown model, nothing listening, no login) aborts the layer's other calls and is thrown as
 * NotMeasuredError: the run stops rather than report a score the judge never gave. Cancellation propagates.
 */
import type { DimensionMeasurement, LayerOutput } from '../model/layer-output.js';
import type { AntiPatternResult } from '../model/result.js';
import { DIMENSION_WEIGHTS } from '../model/dimensions.js';
import type { DimensionName } from '../model/dimensions.js';
import type { SkillDocument } from '../parse/skill.js';
import { DEFAULT_CLAUDE_MODEL } from '../providers/models.js';
import { layerUsageOf, unreportedText, UsageLedger } from '../providers/pricing.js';
import { describeEndpoint, type CompletionRequest, type CompletionResult, type Provider } from '../providers/types.js';
import { isCostCapReached } from '../providers/spend.js';
import { CancelledError, NotMeasuredError, ProviderError } from '../errors.js';
import { aggregateDimension, interJudgeAgreement } from './aggregate.js';
import type { JudgeAgreement, JudgedOutcome } from './aggregate.js';
import { wrapUntrusted } from './envelope.js';
import { detectInjection } from '../rules/injection-attempt.js';
import { findQuote, quoteIndex } from '../rules/injection/quote.js';
import { narrowEventScope } from '../events/sink.js';
import { collectSkillMaterial, DEFAULT_BUDGET_TOKENS } from './material.js';
import { JUDGE_DIMENSIONS } from './registry.js';
import type { DimensionOutcome, JudgeContext, JudgeDimension, JudgeSample } from './types.js';
import { monotonicMs } from '../util/clock.js';

/** PluginEval's methodology: "One or more LLM calls (Sonnet by default)". It names no per-dimension models. */
export const DEFAULT_JUDGE_MODEL = DEFAULT_CLAUDE_MODEL;

export interface JudgeLayerOptions {
  provider: Provider;
  /** Judge model (alias or id); DEFAULT_JUDGE_MODEL when the caller has no configuration. */
  model: string;
  /** A panel: one judge per model (times `judges`); overrides `model`. */
  judgeModels?: string[];
  /** Independent samples per model (distinct sample indexes, so distinct cache entries). Default 1. */
  judges?: number;
  signal?: AbortSignal;
  /** Token budget for the skill material in each prompt (~4 chars/token). Default 24,000. */
  budgetTokens?: number;
  /** Only these dimensions (those without a judge module are reported in notes). Default: all five. */
  dimensions?: DimensionName[];
}

export interface JudgeLayerOutput extends LayerOutput {
  name: 'judge';
  /** Number of judges (models x samples), as the methodology's JSON reports it. */
  judges: number;
  /** Inter-judge agreement; kappa null with one judge (as the methodology's JSON shows). */
  agreement: JudgeAgreement;
  kappa: number | null;
}

/**
 * Judges: every model of the panel, `judges` samples each. Repeats of one model need a temperature above 0 to differ.
 */
export function judgeSamples(models: readonly string[], perModel: number): JudgeSample[] {
  const count = Math.max(1, Math.floor(perModel));
  return models.flatMap((model) =>
    Array.from({ length: count }, (_, sampleIndex) => ({
      model,
      sampleIndex,
      temperature: count > 1 ? 1 : 0,
      label: models.length > 1 || count > 1 ? `${model}#${sampleIndex + 1}` : model,
    })),
  );
}

function selectDimensions(wanted: readonly DimensionName[] | undefined, notes: string[]): JudgeDimension[] {
  if (wanted === undefined) return [...JUDGE_DIMENSIONS];
  const unjudged = wanted.filter((d) => !JUDGE_DIMENSIONS.some((j) => j.dimension === d));
  if (unjudged.length > 0) notes.push(`no judge module for: ${unjudged.join(', ')} (measured by other layers)`);
  return JUDGE_DIMENSIONS.filter((j) => wanted.includes(j.dimension));
}

/**
 * A fatal provider failure as the run-stopping error. The reliability layer normally does this itself; this
 * covers a provider stack without it (a library user's own Provider).
 */
function asNotMeasured(error: ProviderError, provider: Provider): NotMeasuredError {
  return new NotMeasuredError({
    provider: provider.name,
    endpoint: describeEndpoint(provider.endpoint),
    reason: error.fatal ?? error.message,
    ...(error.status === undefined ? {} : { status: error.status }),
    cause: error,
  });
}

async function runOne(dimension: JudgeDimension, ctx: JudgeContext, provider: Provider): Promise<DimensionOutcome> {
  try {
    return await dimension.judge(ctx);
  } catch (error) {
    if (error instanceof NotMeasuredError) throw error;
    if (error instanceof ProviderError && error.fatal !== undefined) throw asNotMeasured(error, provider);
    if (error instanceof CancelledError || ctx.signal?.aborted) throw error;
    if (isCostCapReached(error)) return { ok: false, reason: `not judged: ${error.message}` };
    // An infrastructure failure is not the skill's fault: unmeasured, clearly labelled, never a low score.
    if (error instanceof ProviderError)
      return { ok: false, reason: `provider failure (not a property of the skill): ${error.message}` };
    throw error;
  }
}

/**
 * Layer score as this layer defines it: the dimension weights of PluginEval's methodology, renormalised over what was
 * measured.
 */
function layerScore(measurements: Partial<Record<DimensionName, DimensionMeasurement>>): number {
  let weighted = 0;
  let weights = 0;
  for (const [dim, m] of Object.entries(measurements) as [DimensionName, DimensionMeasurement][]) {
    weighted += DIMENSION_WEIGHTS[dim] * m.score;
    weights += DIMENSION_WEIGHTS[dim];
  }
  return weights === 0 ? 0 : weighted / weights;
}

/**
 * Instructions addressed to the judge that a judge found in the material (the `instructionsToJudge`
 * answer field): one INJECTION_ATTEMPT per distinct passage, whichever judges and dimensions saw it, when
 * the quote is found in the skill's files (quote.ts: the detector's normalisation). A quote that is not
 * there (a judge can paraphrase, misread or invent) is an unverified claim: a note, never a penalty.
 */
function instructionsToJudge(
  outcomes: readonly JudgedOutcome[],
  skill: SkillDocument,
): { antiPatterns: AntiPatternResult[]; unverified: string[] } {
  const seen = new Map<string, { quote: string; by: string[] }>();
  for (const { sample, dimension, outcome } of outcomes) {
    if (!outcome.ok) continue;
    for (const quote of outcome.instructionsToJudge ?? []) {
      const key = quote.toLowerCase().replace(/\s+/g, ' ').trim();
      const entry = seen.get(key) ?? { quote: quote.replace(/\s+/g, ' ').trim(), by: [] };
      entry.by.push(`${sample.label} (${dimension})`);
      seen.set(key, entry);
    }
  }
  const antiPatterns: AntiPatternResult[] = [];
  const unverified: string[] = [];
  if (seen.size === 0) return { antiPatterns, unverified };
  const index = quoteIndex([skill.text, ...skill.references.map((r) => r.text)]);
  for (const { quote, by } of seen.values()) {
    const shown = quote.length > 160 ? `${quote.slice(0, 157)}...` : quote;
    const judges = [...new Set(by)].join(', ');
    const check = findQuote(quote, index);
    if (check.found) {
      antiPatterns.push({
        flag: 'INJECTION_ATTEMPT' as const,
        severity: 0.2,
        description:
          `The judge found an instruction addressed to it in the material: "${shown}" (reported by ${judges}). A ` +
          `skill that tries to steer its evaluator gets no badge.`,
      });
    } else {
      unverified.push(
        `unverified judge claim, not counted: the judge reported an instruction addressed to it, "${shown}" ` +
          `(reported by ${judges}), but that text ` +
          `is ${check.reason === 'too short to locate' ? 'too short to locate in' : 'not in'} the skill's files; ` +
          `no penalty and the badge is kept`,
      );
    }
  }
  return { antiPatterns, unverified };
}

export async function runJudgeLayer(skill: SkillDocument, options: JudgeLayerOptions): Promise<JudgeLayerOutput> {
  const started = monotonicMs();
  const notes: string[] = [];
  const ledger = new UsageLedger();
  const material = await collectSkillMaterial(skill, options.budgetTokens ?? DEFAULT_BUDGET_TOKENS);
  notes.push(...material.notes);
  const wrappedSkill = wrapUntrusted('SKILL', material.text);
  const models =
    options.judgeModels !== undefined && options.judgeModels.length > 0 ? options.judgeModels : [options.model];
  const samples = judgeSamples(models, options.judges ?? 1);
  const dimensions = selectDimensions(options.dimensions, notes);

  // Fail fast: the first fatal failure aborts this layer's other calls (they would fail the same way).
  const halt = new AbortController();
  const signal = options.signal === undefined ? halt.signal : AbortSignal.any([options.signal, halt.signal]);
  // A dimension that stops at a refused or failed call can leave its other calls under way: what they cost is this
  // layer's usage all the same, so the layer ends only when every call it started has.
  const underway: Promise<unknown>[] = [];
  const contextFor = (sample: JudgeSample): JudgeContext => ({
    skill,
    material,
    wrappedSkill,
    sample,
    signal,
    complete: async <T>(
      request: Omit<CompletionRequest<T>, 'model' | 'sampleIndex' | 'temperature' | 'signal'>,
    ): Promise<CompletionResult<T>> => {
      const call = options.provider
        .complete<T>({
          ...request,
          model: sample.model,
          sampleIndex: sample.sampleIndex,
          temperature: sample.temperature,
          signal,
        })
        .then((result) => {
          ledger.record(result);
          return result;
        });
      underway.push(call);
      return call;
    },
  });
  let fatal: NotMeasuredError | undefined;
  const settled = await Promise.allSettled(
    samples.flatMap((sample) => {
      const ctx = contextFor(sample);
      return dimensions.map(async (d): Promise<JudgedOutcome> => {
        try {
          // The call log and --verbose name the dimension each call measures.
          return {
            sample,
            dimension: d.dimension,
            outcome: await narrowEventScope({ dimension: d.dimension }, () => runOne(d, ctx, options.provider)),
          };
        } catch (error) {
          if (error instanceof NotMeasuredError) {
            fatal ??= error;
            halt.abort();
          }
          throw error;
        }
      });
    }),
  );
  await Promise.allSettled(underway);
  if (fatal !== undefined) throw fatal;
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
  const outcomes = settled.map((s) => (s as PromiseFulfilledResult<JudgedOutcome>).value);

  const measurements: Partial<Record<DimensionName, DimensionMeasurement>> = {};
  const unmeasured: Partial<Record<DimensionName, string>> = {};
  const failed: Partial<Record<DimensionName, string>> = {};
  for (const d of dimensions) {
    const result = aggregateDimension(outcomes.filter((o) => o.dimension === d.dimension));
    if (result.ok) measurements[d.dimension] = result.measurement;
    else unmeasured[d.dimension] = result.reason;
    if (result.failed !== undefined) failed[d.dimension] = result.failed;
    for (const o of outcomes) if (o.dimension === d.dimension && o.outcome.ok) notes.push(...(o.outcome.notes ?? []));
  }
  const { antiPatterns, unverified } = instructionsToJudge(outcomes, skill);
  notes.push(...unverified);
  notes.push(
    `judge prompt templates: ${dimensions.map((d) => d.promptVersion).join(', ')}; ${samples.length} ` +
      `judge(s): ${samples.map((s) => s.label).join(', ')}`,
  );
  const agreement = interJudgeAgreement(samples, outcomes);
  if (samples.length > 1) {
    notes.push(
      agreement.kappa === null
        ? `inter-judge agreement not computed: fewer than two dimensions measured by all ${samples.length} judges`
        : `inter-judge agreement: Cohen's kappa ${agreement.kappa.toFixed(3)} on A-F bands ` +
            `over ${agreement.dimensions.length} dimensions (mean of ${agreement.pairs} judge pairs)`,
    );
  }
  // Every file the judge read, not only SKILL.md: a reference file is as good a place to hide an injection.
  const injections = material.files.flatMap((file) =>
    detectInjection(file.text).map((finding) => ({ file: file.path, ...finding })),
  );
  for (const finding of injections.slice(0, 8)) {
    notes.push(
      `possible prompt injection in ${finding.file} line ${finding.line}, column ${finding.column} ` +
        `(${finding.kind}): ${finding.excerpt}; the judge was told to treat it as data`,
    );
  }
  if (injections.length > 8) notes.push(`${injections.length - 8} more possible prompt injection(s) not listed`);

  if (Object.keys(measurements).length === 0)
    notes.push('no dimension was measured: the layer score of 0 carries no information');
  const total = ledger.total();
  const rows = ledger.rows();
  if (total.unpricedCalls > 0) {
    const models = rows.filter((r) => r.unpricedCalls > 0).map((r) => r.model);
    notes.push(
      `${total.unpricedCalls} call(s) used a model without a price (${models.join(', ')}): cost unknown, ` +
        `reported as unpriced`,
    );
  }
  if (total.unreportedCalls > 0) {
    const models = rows.filter((r) => r.unreportedCalls > 0).map((r) => r.model);
    notes.push(
      `cost ${unreportedText(total.unreportedCalls)} by ${options.provider.name} (${models.join(', ')}): their ` +
        `tokens are not in the token counts`,
    );
  }
  if (total.cachedUnreportedCalls > 0) {
    notes.push(
      `${total.cachedUnreportedCalls} answer(s) from the response cache had no usage reported when first paid ` +
        `for: their tokens are not in the cached token counts`,
    );
  }
  return {
    name: 'judge',
    score: layerScore(measurements),
    durationMs: Math.round(monotonicMs() - started),
    measurements,
    unmeasured,
    failed,
    antiPatterns,
    subScores: {},
    usage: layerUsageOf(total, { provider: options.provider.name, models: [...new Set(rows.map((r) => r.model))] }),
    notes,
    judges: samples.length,
    agreement,
    kappa: agreement.kappa,
  };
}
