/**
 * ScoreRun: the typed log of one `score` run, and what `--output json` prints (always, for any number of
 * results). Versioned on its own (RUN_SCHEMA_VERSION); each result inside is a ScoreResult of its own version.
 */
import { z } from 'zod';
import { ScorePlan } from './plan.js';
import { Diagnostic } from './diagnostic-schema.js';
import { DisabledCounts, LayerUsage, ScoreResult } from './result.js';
import { SettingsProvenance } from './settings-provenance.js';

export const RUN_SCHEMA_VERSION = 1;

export const RunStatus = z
  .enum(['success', 'partial', 'cancelled', 'error'])
  .describe(
    'success: every target scored and fully measured; partial: some target could not be scored or some result ' +
      'is partial; cancelled: stopped by the user; error: stopped by a failure (e.g. a provider no call can reach)',
  );
export type RunStatus = z.infer<typeof RunStatus>;

export const RunFailure = z
  .object({
    target: z.object({ path: z.string(), kind: z.enum(['skill', 'plugin']) }),
    reason: z.string().describe('Why the target could not be scored (the first error)'),
    diagnostics: z.array(Diagnostic),
  })
  .describe('A target that could not be scored at all (unreadable SKILL.md, file too large...)');
export type RunFailure = z.infer<typeof RunFailure>;

export const ScoreRun = z
  .object({
    schemaVersion: z.literal(RUN_SCHEMA_VERSION),
    kind: z.literal('score-run'),
    runId: z.string().describe('UUID of this run (names its --log-dir folder)'),
    status: RunStatus,
    tool: z.object({ name: z.literal('plugin-eval'), version: z.string() }),
    plan: ScorePlan,
    settings: SettingsProvenance.optional().describe(
      'Where each setting came from: flag > environment > config file > default',
    ),
    startedAt: z.string().describe('ISO 8601'),
    finishedAt: z.string().describe('ISO 8601'),
    results: z
      .array(ScoreResult)
      .describe('One per scored target, in target order (empty when results were streamed and not kept)'),
    failures: z.array(RunFailure),
    diagnostics: z
      .array(Diagnostic)
      .describe('Problems found while discovering targets (e.g. a marketplace entry whose source is missing)'),
    error: z.string().optional().describe('What stopped the run (status cancelled or error)'),
    disabledDiagnostics: DisabledCounts.optional().describe(
      'Discovery diagnostics the rule configuration left out (each result counts its own)',
    ),
    usage: LayerUsage.nullable().describe('Model usage summed over every result; null when no model was called'),
    spend: z
      .object({
        maxCostUsd: z.number().nullable().describe('--max-cost, null when none was set'),
        spentUsd: z.number().describe('USD spent by the priced calls and agent runs of this run'),
        calls: z.number().int().describe('Model calls and agent runs counted'),
        unknownCost: z
          .boolean()
          .describe(
            "Some call's cost is unknown (a model without a price, no usage reported): the cap could not be " +
              'enforced on it',
          ),
        reached: z.boolean().describe('The cap was reached: later calls and runs were refused and the run is partial'),
        inFlightWhenReached: z
          .number()
          .int()
          .describe('Calls or runs under way when the cap was reached (what could overshoot it)'),
        refused: z.number().int().describe('Calls or runs refused because the cap was reached'),
        notScored: z.array(z.string()).describe('Targets not started because the cap was reached'),
      })
      .optional()
      .describe("The run's cost ledger: what was spent against --max-cost (src/providers/spend.ts)"),
    reused: z
      .array(z.string())
      .optional()
      .describe(
        'score --only-changed: target paths whose results were taken from the results store (content and plan ' +
          'unchanged), not measured in this run; their usage is not counted again',
      ),
  })
  .meta({
    id: 'ScoreRun',
    title: 'plugin-eval score run',
    description: 'One run of plugin-eval score: plan, status, results and failures (the --output json document).',
  });
export type ScoreRun = z.infer<typeof ScoreRun>;
