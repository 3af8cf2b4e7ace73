/**
 * What the results store gives back to people and to the dashboard: the trend of one skill across recorded runs
 * (`plugin-eval history SKILL --output json`). The database's own tables are private to src/store/; these shapes
 * are the contract (published by `plugin-eval schema skill-history`).
 */
import { z } from 'zod';
import { Depth, DimensionName, Methodology } from '../model/enums.js';
import { BadgeName } from '../model/result.js';

export const HISTORY_SCHEMA_VERSION = 1;

/** The commands whose runs are recorded. score and certify record one row per scored target; the others a run row. */
export const RecordedCommand = z.enum([
  'score',
  'certify',
  'evals-run',
  'evals-grade',
  'evals-aggregate',
  'evals-compare',
  'evals-triggers',
  'judge',
]);
export type RecordedCommand = z.infer<typeof RecordedCommand>;

export const HistoryPoint = z
  .object({
    runId: z.string(),
    command: RecordedCommand,
    recordedAt: z.string().describe('ISO 8601: when the run finished'),
    toolVersion: z.string(),
    contentHash: z
      .string()
      .describe(
        "sha256 of the target's files when it was scored: a change of content starts a new segment of the trend",
      ),
    depth: Depth,
    methodology: Methodology,
    composite: z.number().nullable().describe('0-100, as the run reported it; null when nothing was scored'),
    badge: BadgeName,
    elo: z.number().nullable(),
    coverage: z.number().min(0).max(1).describe("Share of the composite's weight that was measured"),
    partial: z
      .boolean()
      .describe('Some layer that ran failed to measure something (the run was partial for this target)'),
    dimensions: z
      .partialRecord(DimensionName, z.number().nullable())
      .describe('Blended score in [0,1] per dimension; null: not measured'),
    reused: z.boolean().describe('Taken from an earlier run by --only-changed, not measured again'),
  })
  .describe('One recorded result of one target');
export type HistoryPoint = z.infer<typeof HistoryPoint>;

export const SkillHistory = z
  .object({
    schemaVersion: z.literal(HISTORY_SCHEMA_VERSION),
    kind: z.literal('skill-history'),
    target: z.object({
      key: z.string().describe("The store's identity of the target: its absolute folder path"),
      name: z.string(),
      kind: z.enum(['skill', 'plugin']),
      path: z.string().describe('The path as last given'),
    }),
    points: z.array(HistoryPoint).describe('Oldest first'),
  })
  .meta({
    id: 'SkillHistory',
    title: 'plugin-eval skill history',
    description: 'Recorded results of one skill or plugin, oldest first.',
  });
export type SkillHistory = z.infer<typeof SkillHistory>;
