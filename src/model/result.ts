import { z } from 'zod';
import { BADGE_ORDER } from './badges.js';
import { EloResult } from './elo.js';
import { MonteCarloReport } from './monte-carlo.js';
import { Uplift } from './uplift.js';
import { LayerUsage } from './usage.js';
import { RESULT_SCHEMA_VERSION } from './dimensions.js';
import { Diagnostic } from './diagnostic-schema.js';
import { AntiPatternFlag, DimensionName, Depth, LayerName, Methodology, SubScoreName } from './enums.js';

export { RESULT_SCHEMA_VERSION };
export { LayerUsage };

export const AntiPatternResult = z.object({
  flag: AntiPatternFlag,
  description: z.string(),
  severity: z
    .number()
    .describe("The severity PluginEval's methodology gives; the penalty counts instances, not severities"),
  file: z.string().optional(),
  line: z.number().int().optional(),
});
export type AntiPatternResult = z.infer<typeof AntiPatternResult>;

export const DimensionResult = z.object({
  name: DimensionName,
  weight: z.number().describe("The composite weight in PluginEval's methodology"),
  effectiveWeight: z.number().describe('Weight after renormalising over measured dimensions (0 when unmeasured)'),
  measured: z.boolean(),
  score: z.number().min(0).max(1).nullable().describe('Blended score in [0,1]; null when no layer measured it'),
  grade: z
    .enum(['A', 'B', 'C', 'D', 'F'])
    .nullable()
    .describe("The grade (PluginEval's methodology) of the score as displayed (two decimals): a shown 0.70 is C"),
  layers: z.partialRecord(LayerName, z.number()).describe('Per-layer scores that went into the blend'),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  evidence: z.array(z.string()),
  unmeasuredReason: z.string().optional(),
  notMeasuredBy: z
    .partialRecord(LayerName, z.string())
    .optional()
    .describe(
      'Layers that ran and failed to measure this dimension (fully), with the reason; a layer absent from ' +
        '`layers` did not contribute, so the score comes from the other layers alone',
    ),
});
export type DimensionResult = z.infer<typeof DimensionResult>;

export const SubScoreResult = z.object({ score: z.number(), evidence: z.array(z.string()) });

export const LayerResult = z.object({
  name: LayerName,
  score: z.number().describe('Layer score in [0,1] (static: weighted sub-scores x penalty, as PluginEval)'),
  durationMs: z.number(),
  dimensionsMeasured: z.array(DimensionName),
  subScores: z.partialRecord(SubScoreName, SubScoreResult),
  antiPatterns: z.array(AntiPatternResult),
  usage: LayerUsage.optional().describe('Model usage (LLM layers)'),
  notes: z
    .array(z.string())
    .optional()
    .describe('What the layer left out or noticed (token budget, injection attempts, agreement)'),
  judges: z.number().int().optional(),
  kappa: z
    .number()
    .nullable()
    .optional()
    .describe("Cohen's kappa between judges on banded grades (null with one judge)"),
  monteCarlo: z
    .array(MonteCarloReport)
    .optional()
    .describe('Layer 3: one report per skill measured (a plugin has one per skill)'),
});
export type LayerResult = z.infer<typeof LayerResult>;

export const LayerNotRun = z.object({ name: LayerName, reason: z.string() });

/** One dimension a layer that ran failed to measure, or measured from fewer judges or skills than asked. */
export const MeasurementGap = z.object({
  layer: LayerName,
  dimension: DimensionName,
  measured: z
    .boolean()
    .describe(
      'false: the layer did not measure it at all (it is scored from the other layers alone, or unmeasured); ' +
        'true: measured from part of what was asked (some judges or skills failed)',
    ),
  reason: z.string(),
});
export type MeasurementGap = z.infer<typeof MeasurementGap>;

export const Measurement = z
  .object({
    status: z
      .enum(['complete', 'partial'])
      .describe('partial: some layer that ran failed to measure something it should have (exit code 3)'),
    gaps: z.array(MeasurementGap),
  })
  .describe(
    'Whether every layer that ran measured everything it set out to; infrastructure failures and invalid judge ' +
      'replies are gaps, never scores',
  );
export type Measurement = z.infer<typeof Measurement>;

export const ComponentResult = z.object({
  kind: z.enum(['skill', 'agent', 'command']),
  name: z.string(),
  path: z.string(),
  score: z.number().nullable().describe('Skill: composite 0-100; agent/command: check score 0-1'),
  staticScore: z
    .number()
    .nullable()
    .describe(
      "Skill: its static layer score 0-1 after its own penalty (PluginEval's plugin-mode input); agent/command: " +
        'same as score',
    ),
  evidence: z.array(z.string()),
});

export const BadgeName = z.enum(BADGE_ORDER);

export const ScoreMeaning = z
  .object({
    measures: z.literal('form and conformance'),
    rhoWithUplift: z
      .number()
      .describe("Spearman's rho between this methodology's quick composite and measured uplift (with vs without)"),
    tasks: z.number().int().describe('Tasks the rho was measured over'),
    source: z.string().describe('The task set the rho was measured on'),
    helpMeasuredBy: z.array(z.string()).describe('The commands and layers that measure whether a skill helps'),
    note: z.string().describe('The sentence the reports print in their header'),
  })
  .describe('What a static-only composite measures: form and conformance, not whether the skill helps');
export type ScoreMeaning = z.infer<typeof ScoreMeaning>;

export const Coverage = z
  .object({
    share: z
      .number()
      .min(0)
      .max(1)
      .describe(
        "Share of the composite's weight measured: the sum of the methodology weights of the measured " +
          'dimensions (static analysis alone: 0.66)',
      ),
    byLayer: z
      .partialRecord(LayerName, z.number())
      .describe('For each layer, the methodology weight of the dimensions it fed into the blend (layers overlap)'),
    unmeasured: z.array(DimensionName).describe('Dimensions no layer measured'),
  })
  .describe('How much of the composite rests on measurement, and by which layers');
export type Coverage = z.infer<typeof Coverage>;

export const BadgeDecision = z
  .object({
    badge: BadgeName.describe('The badge awarded (same as composite.badge)'),
    byComposite: BadgeName.describe("The badge the composite alone would earn (PluginEval's rule)"),
    provisional: z.boolean().describe('Static analysis only: the content was not judged'),
    reasons: z
      .array(z.string())
      .describe('Why the badge is provisional, capped or withheld; empty when it stands as earned'),
    label: z
      .string()
      .describe(
        'The badge with its reasons, as reports show it: "Silver (provisional: content not judged; composite ' +
          '84.2 would be Gold)"',
      ),
  })
  .describe('The badge policy\'s decision (docs/methodology.md, "Badges")');
export type BadgeDecision = z.infer<typeof BadgeDecision>;

/**
 * One mechanical change to the files of a tip's target. Paths are relative to the target's folder: the skill
 * folder for a skill, the folder holding the file (agents/, commands/) for an agent or command. Line numbers are
 * 1-based lines of the file as it is now (CRLF read as LF); `text: null` deletes the lines. `tips[].edits` can be
 * applied as they stand (see `applyEdits`).
 */
export const SkillEdit = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('set-frontmatter'),
      file: z.string().optional().describe('The Markdown file whose frontmatter to set (default SKILL.md)'),
      key: z.string(),
      value: z.string(),
    })
    .describe('Set a frontmatter key of SKILL.md, or of `file` (an agent or command file)'),
  z
    .object({ op: z.literal('append'), file: z.string(), text: z.string() })
    .describe('Append text to a file (created when missing)'),
  z.object({
    op: z.literal('replace-lines'),
    file: z.string(),
    start: z.number().int().min(1),
    end: z.number().int().min(1),
    text: z.string().nullable(),
  }),
  z.object({ op: z.literal('write-file'), file: z.string(), text: z.string() }),
  z.object({ op: z.literal('delete-file'), file: z.string() }),
]);
export type SkillEdit = z.infer<typeof SkillEdit>;

export const TipEffect = z.object({
  dimension: DimensionName,
  from: z.number(),
  to: z.number(),
});

const TipTarget = z.object({ kind: z.enum(['skill', 'agent', 'command']), path: z.string() });

export const Tip = z.object({
  id: z.string().describe('The improvement: "<check or flag>/<what>"'),
  source: z
    .enum(['check', 'anti-pattern', 'judge'])
    .describe("What offered it: a static check, an anti-pattern rule, or the judge's suggestion"),
  dimension: DimensionName.nullable().describe(
    'The dimension the offering check or judge scores (null for an anti-pattern rule)',
  ),
  antiPattern: AntiPatternFlag.optional().describe('The anti-pattern rule that offered it'),
  target: TipTarget.describe(
    'The component to change: the skill folder, or the agent or command file (a plugin names the component); the ' +
      'first of `components` when the tip is for several',
  ),
  components: z
    .array(TipTarget)
    .optional()
    .describe("Every component the same tip is for, when a plugin's components need the same change (gain is for all)"),
  gain: z
    .number()
    .describe('Composite points the change gains (after the penalty); for judge tips the most it could gain'),
  gainBasis: z
    .enum(['check', 'ceiling'])
    .describe(
      "check: the offering check's own formula (its score once the change is made) and the anti-pattern " +
        "instances it removes, carried to the composite (other layers' scores held); ceiling: the dimension's " +
        'judge share raised to 1',
    ),
  action: z
    .string()
    .describe("What to do: fixed text naming what is missing, with the author's words only as quoted spans"),
  example: z
    .string()
    .optional()
    .describe("What to write: fixed text with only the target's own name filled in (placeholders in parentheses)"),
  edits: z
    .array(SkillEdit)
    .optional()
    .describe('The example as mechanical edits to files of the target (relative paths)'),
  effects: z
    .object({
      dimensions: z.array(TipEffect).describe('Dimensions whose score the change moves'),
      antiPatternsRemoved: z
        .array(AntiPatternFlag)
        .describe('Anti-pattern instances the change removes (one entry per instance)'),
    })
    .optional(),
});
export type Tip = z.infer<typeof Tip>;

export const DisabledCounts = z
  .object({ byConfig: z.number().int(), inline: z.number().int(), ignored: z.number().int() })
  .describe(
    'Diagnostics the rule configuration left out: rules set to off, inline plugin-eval-disable comments, ' +
      'ignorePatterns',
  );

export const HumanRating = z
  .object({
    meanRating: z.number().min(1).max(5),
    ratings: z.number().int().min(1),
    /** The logged `plugin:skill` references the ratings came from. */
    skills: z.array(z.string()),
    logsRoot: z.string(),
  })
  .describe(
    "People's mean rating (1-5) of this skill's logged executions (evaluator human, synthetic sessions " +
      'excluded), shown beside the composite and never blended into it: it is not a measured dimension. Present ' +
      'only with enough ratings (5)',
  );
export type HumanRating = z.infer<typeof HumanRating>;

export const ReusedFrom = z
  .object({
    runId: z.string().describe('The run that measured this result'),
    measuredAt: z.string().describe('When that run finished (ISO 8601)'),
  })
  .describe(
    'Present only when this result was not measured in this run: it is the stored result of an earlier run, ' +
      "reused because the target's content and the plan are unchanged (score --only-changed). Its usage and " +
      'duration belong to that run',
  );
export type ReusedFrom = z.infer<typeof ReusedFrom>;

export const ScoreResult = z
  .object({
    schemaVersion: z.literal(RESULT_SCHEMA_VERSION),
    tool: z.object({ name: z.literal('plugin-eval'), version: z.string() }),
    target: z.object({
      path: z.string(),
      kind: z.enum(['skill', 'plugin']),
      name: z.string(),
      /** SKILL.md line count (skills only), as PluginEval reports it. */
      lineCount: z.number().int().optional(),
    }),
    methodology: Methodology,
    depth: Depth,
    layersRequested: z.array(LayerName),
    layersRun: z.array(LayerName).describe('Layers that ran and measured at least one dimension'),
    layersNotRun: z.array(LayerNotRun).describe('Layers the depth asked for that did not run, with the reason'),
    uplift: Uplift.optional().describe(
      'The headline when measured uplift was asked for (certify, --uplift): is the output better with the skill',
    ),
    composite: z.object({
      score: z
        .number()
        .nullable()
        .describe(
          '0-100, after the anti-pattern penalty (default methodology: float residue settled at 1e-7); null when ' +
            'nothing was scored (see notScored)',
        ),
      rawScore: z.number().describe('0-100, before the penalty'),
      penalty: z.number(),
      badge: BadgeName,
      confidenceLabel: z
        .string()
        .describe('Estimated (static only), Assessed (+judge), Certified (+Monte Carlo), Certified+'),
      ciLow: z.number().nullable(),
      ciHigh: z.number().nullable(),
      elo: z
        .number()
        .nullable()
        .describe(
          'The online Elo rating against the corpus (certify, skills); null when not rated. Details in the ' +
            "result's elo block",
        ),
      coverage: Coverage,
      badgeDecision: BadgeDecision,
      notScored: z
        .string()
        .optional()
        .describe(
          'Present when nothing was measured: why there is no composite. `score` is then null and every report ' +
            'shows "not scored"',
        ),
    }),
    scoreMeaning: ScoreMeaning.optional().describe(
      'Present when static analysis is all that measured this result: what its composite measures and how far it ' +
        'tracks measured uplift',
    ),
    elo: EloResult.optional().describe(
      'certify only: the rating against the corpus (absent when no rating was asked for; status unmeasured with ' +
        'the reason when it could not be measured)',
    ),
    measurement: Measurement.default({ status: 'complete', gaps: [] }),
    dimensions: z.array(DimensionResult),
    layers: z.array(LayerResult),
    antiPatterns: z.array(AntiPatternResult),
    usage: LayerUsage.nullable().describe('Model usage summed over all layers; null when no model was called'),
    tips: z
      .array(Tip)
      .describe("What to fix first: computed from this result's evidence, biggest composite gain first"),
    components: z.array(ComponentResult).optional(),
    diagnostics: z.array(Diagnostic),
    disabledDiagnostics: DisabledCounts.optional().describe(
      'Diagnostics the rule configuration left out, counted (absent when none were)',
    ),
    durationMs: z.number(),
    human: HumanRating.optional(),
    reusedFrom: ReusedFrom.optional(),
  })
  .meta({
    id: 'ScoreResult',
    title: 'plugin-eval score result',
    description: 'One scored skill or plugin (native format).',
  });
export type ScoreResult = z.infer<typeof ScoreResult>;
