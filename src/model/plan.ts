/**
 * ScorePlan: everything that decides what a run measures, as plain data. It is what a job queue sends to a
 * worker and what a results store records next to the results, so it holds no live objects and no secrets
 * (a provider is named, never its key). The live parts of a run are in RunContext (./context.ts).
 *
 * zod is loaded only by whoever validates or publishes the schema; the scoring path imports the type alone.
 */
import { z } from 'zod';
import { Depth, LayerName, Methodology } from './enums.js';

export const PLAN_SCHEMA_VERSION = 1;

export const JudgePlan = z
  .object({
    provider: z.string().describe('Which provider runs the judge and why it was chosen (never a key)'),
    baseURL: z.string().nullable().describe('Where the calls go; null when the backend picks it itself'),
    model: z.string().describe('Judge model id'),
    judgeModels: z.array(z.string()).describe('A panel of judge models (empty: the one model above)'),
  })
  .describe('How Layer 2 (the LLM judge) is run');

export const EloPlan = z
  .object({
    corpusDir: z.string().describe('The corpus index folder (plugin-eval init)'),
    model: z.string().describe('Judge model of the pairwise matchups'),
    references: z.number().int().min(1).describe('Reference skills to play against (the seed: at least 5)'),
    seed: z.number().int().describe('Seeds the Bradley-Terry bootstrap'),
  })
  .describe('How a skill is rated against the corpus (certify only)');
export type EloPlan = z.infer<typeof EloPlan>;

export const ScorePlan = z
  .object({
    planVersion: z.literal(PLAN_SCHEMA_VERSION),
    targets: z.array(z.string()).min(1).describe('Paths as given: skills, plugins, marketplaces, folders'),
    depth: Depth,
    methodology: Methodology,
    layers: z.array(LayerName).describe('Layers the depth asks for, in order'),
    judge: JudgePlan.nullable().describe('null: no provider was given, so the judge layer cannot run'),
    seeds: z.record(z.string(), z.number().int()).describe('Random seeds by use (none is used yet: the judge runs at temperature 0, or 1 for repeated samples)'),
    samples: z
      .object({
        judge: z.number().int().min(1).describe('Judge samples per model and dimension'),
        monteCarloRuns: z.number().int().min(1).nullable().describe('Agent runs per skill (Monte Carlo layer; null until it exists)'),
      }),
    budget: z
      .object({
        materialTokens: z.number().int().positive().nullable().describe('Token budget of the skill text shown to the judge (null: the default)'),
      }),
    jobs: z.number().int().min(1).describe('Targets scored at once'),
    ruleConfig: z
      .object({
        rules: z.record(z.string(), z.enum(['off', 'info', 'warn', 'error'])).optional(),
        ignorePatterns: z.array(z.string()).optional(),
        baseDir: z.string().optional().describe('Folder ignorePatterns are relative to (the config file\'s)'),
      })
      .optional()
      .describe('The config file\'s `rules` and `ignorePatterns`: which diagnostics are reported and which folders skipped; never a score'),
  })
  .meta({ id: 'ScorePlan', title: 'plugin-eval score plan', description: 'What a score run measures and how: serialisable, no secrets.' });
export type ScorePlan = z.infer<typeof ScorePlan>;
export type JudgePlan = z.infer<typeof JudgePlan>;
