import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  EXIT
} from "./chunk-XRROTI23.js";
import {
  AgentFrontmatter,
  CommandFrontmatter,
  HooksFile,
  MarketplaceManifest,
  McpFile,
  PluginManifest,
  SkillFrontmatter
} from "./chunk-KXLPBD2T.js";
import "./chunk-ZJ3JHV56.js";
import {
  ANTI_PATTERNS,
  DEPTHS,
  DIMENSIONS,
  LAYERS,
  METHODOLOGIES,
  RESULT_SCHEMA_VERSION,
  SUB_SCORES
} from "./chunk-S3VFI5PN.js";
import {
  PluginEvalConfig
} from "./chunk-3AN4YP5S.js";
import "./chunk-INOI5UZU.js";
import {
  UsageError
} from "./chunk-KS2JGSJK.js";
import "./chunk-KJFERDYH.js";

// src/cli/schema-command.ts
import { z as z4 } from "zod";

// src/model/diagnostic-schema.ts
import { z } from "zod";
var Severity = z.enum(["error", "warning", "info"]).meta({
  description: "error: the skill is broken or the spec is violated; warning: likely a mistake; info: a note."
});
var Diagnostic = z.object({
  file: z.string().describe("Path of the file, relative to the scored target when possible"),
  line: z.number().int().nonnegative(),
  column: z.number().int().nonnegative(),
  severity: Severity,
  ruleId: z.string().describe('Stable rule id, e.g. "frontmatter/yaml-syntax"'),
  message: z.string()
});

// src/model/result.ts
import { z as z3 } from "zod";

// src/model/enums.ts
import { z as z2 } from "zod";
var DimensionName = z2.enum(DIMENSIONS);
var LayerName = z2.enum(LAYERS);
var SubScoreName = z2.enum(SUB_SCORES);
var AntiPatternFlag = z2.enum(ANTI_PATTERNS);
var Methodology = z2.enum(METHODOLOGIES);
var Depth = z2.enum(DEPTHS);

// src/model/result.ts
var AntiPatternResult = z3.object({
  flag: AntiPatternFlag,
  description: z3.string(),
  severity: z3.number().describe("The seed's severity; the penalty counts instances, not severities"),
  file: z3.string().optional(),
  line: z3.number().int().optional()
});
var DimensionResult = z3.object({
  name: DimensionName,
  weight: z3.number().describe("The seed's composite weight"),
  effectiveWeight: z3.number().describe("Weight after renormalising over measured dimensions (0 when unmeasured)"),
  measured: z3.boolean(),
  score: z3.number().min(0).max(1).nullable().describe("Blended score in [0,1]; null when no layer measured it"),
  grade: z3.enum(["A", "B", "C", "D", "F"]).nullable().describe("The seed's grade of the score as displayed (two decimals): a shown 0.70 is C"),
  layers: z3.partialRecord(LayerName, z3.number()).describe("Per-layer scores that went into the blend"),
  ciLow: z3.number().nullable(),
  ciHigh: z3.number().nullable(),
  evidence: z3.array(z3.string()),
  unmeasuredReason: z3.string().optional(),
  notMeasuredBy: z3.partialRecord(LayerName, z3.string()).optional().describe("Layers that ran and failed to measure this dimension (fully), with the reason; a layer absent from `layers` did not contribute, so the score comes from the other layers alone")
});
var SubScoreResult = z3.object({ score: z3.number(), evidence: z3.array(z3.string()) });
var LayerUsage = z3.object({
  provider: z3.string().optional().describe("Which provider ran the calls, and why it was chosen"),
  models: z3.array(z3.string()),
  calls: z3.number().int(),
  cachedCalls: z3.number().int(),
  inputTokens: z3.number().int(),
  outputTokens: z3.number().int(),
  cacheReadTokens: z3.number().int(),
  cacheWriteTokens: z3.number().int(),
  costUsd: z3.number()
});
var LayerResult = z3.object({
  name: LayerName,
  score: z3.number().describe("Layer score in [0,1] (static: weighted sub-scores x penalty, as PluginEval)"),
  durationMs: z3.number(),
  dimensionsMeasured: z3.array(DimensionName),
  subScores: z3.partialRecord(SubScoreName, SubScoreResult),
  antiPatterns: z3.array(AntiPatternResult),
  usage: LayerUsage.optional().describe("Model usage (LLM layers)"),
  notes: z3.array(z3.string()).optional().describe("What the layer left out or noticed (token budget, injection attempts, agreement)"),
  judges: z3.number().int().optional(),
  kappa: z3.number().nullable().optional().describe("Cohen's kappa between judges on banded grades (null with one judge)")
});
var LayerNotRun = z3.object({ name: LayerName, reason: z3.string() });
var MeasurementGap = z3.object({
  layer: LayerName,
  dimension: DimensionName,
  measured: z3.boolean().describe("false: the layer did not measure it at all (it is scored from the other layers alone, or unmeasured); true: measured from part of what was asked (some judges or skills failed)"),
  reason: z3.string()
});
var Measurement = z3.object({
  status: z3.enum(["complete", "partial"]).describe("partial: some layer that ran failed to measure something it should have (exit code 3)"),
  gaps: z3.array(MeasurementGap)
}).describe("Whether every layer that ran measured everything it set out to; infrastructure failures and invalid judge replies are gaps, never scores");
var ComponentResult = z3.object({
  kind: z3.enum(["skill", "agent", "command"]),
  name: z3.string(),
  path: z3.string(),
  score: z3.number().nullable().describe("Skill: composite 0-100; agent/command: check score 0-1"),
  staticScore: z3.number().nullable().describe("Skill: its static layer score 0-1 after its own penalty (PluginEval's plugin-mode input); agent/command: same as score"),
  evidence: z3.array(z3.string())
});
var BadgeName = z3.enum(["platinum", "gold", "silver", "bronze", "none"]);
var Coverage = z3.object({
  share: z3.number().min(0).max(1).describe("Share of the composite's weight measured: the sum of the seed weights of the measured dimensions (static analysis alone: 0.66)"),
  byLayer: z3.partialRecord(LayerName, z3.number()).describe("For each layer, the seed weight of the dimensions it fed into the blend (layers overlap)"),
  unmeasured: z3.array(DimensionName).describe("Dimensions no layer measured")
}).describe("How much of the composite rests on measurement, and by which layers");
var BadgeDecision = z3.object({
  badge: BadgeName.describe("The badge awarded (same as composite.badge)"),
  byComposite: BadgeName.describe("The badge the composite alone would earn (PluginEval's rule)"),
  provisional: z3.boolean().describe("Static analysis only: the content was not judged"),
  reasons: z3.array(z3.string()).describe("Why the badge is provisional, capped or withheld; empty when it stands as earned"),
  label: z3.string().describe('The badge with its reasons, as reports show it: "Silver (provisional: content not judged; composite 84.2 would be Gold)"')
}).describe(`The badge policy's decision (docs/methodology.md, "Badges")`);
var SkillEdit = z3.discriminatedUnion("op", [
  z3.object({ op: z3.literal("set-frontmatter"), file: z3.string().optional().describe("The Markdown file whose frontmatter to set (default SKILL.md)"), key: z3.string(), value: z3.string() }).describe("Set a frontmatter key of SKILL.md, or of `file` (an agent or command file)"),
  z3.object({ op: z3.literal("append"), file: z3.string(), text: z3.string() }).describe("Append text to a file (created when missing)"),
  z3.object({ op: z3.literal("replace-lines"), file: z3.string(), start: z3.number().int().min(1), end: z3.number().int().min(1), text: z3.string().nullable() }),
  z3.object({ op: z3.literal("write-file"), file: z3.string(), text: z3.string() }),
  z3.object({ op: z3.literal("delete-file"), file: z3.string() })
]);
var TipEffect = z3.object({
  dimension: DimensionName,
  from: z3.number(),
  to: z3.number()
});
var Tip = z3.object({
  id: z3.string().describe('The improvement: "<check or flag>/<what>"'),
  source: z3.enum(["check", "anti-pattern", "judge"]).describe("What offered it: a static check, an anti-pattern rule, or the judge's suggestion"),
  dimension: DimensionName.nullable().describe("The dimension the offering check or judge scores (null for an anti-pattern rule)"),
  antiPattern: AntiPatternFlag.optional().describe("The anti-pattern rule that offered it"),
  target: z3.object({ kind: z3.enum(["skill", "agent", "command"]), path: z3.string() }).describe("The component to change: the skill folder, or the agent or command file (a plugin names the component)"),
  gain: z3.number().describe("Composite points the change gains (after the penalty); for judge tips the most it could gain"),
  gainBasis: z3.enum(["simulated", "ceiling"]).describe("simulated: the change was applied in memory and the skill re-scored (judge scores held); ceiling: the dimension's judge share raised to 1"),
  action: z3.string().describe("What to do, from this skill's evidence"),
  example: z3.string().optional().describe("The exact text or change that, applied as it stands, earns the gain"),
  edits: z3.array(SkillEdit).optional().describe("The example as mechanical edits to files of the target (relative paths)"),
  effects: z3.object({
    dimensions: z3.array(TipEffect).describe("Dimensions whose score the change moves"),
    antiPatternsRemoved: z3.array(AntiPatternFlag).describe("Anti-pattern instances the change removes (one entry per instance)")
  }).optional()
});
var ScoreResult = z3.object({
  schemaVersion: z3.literal(RESULT_SCHEMA_VERSION),
  tool: z3.object({ name: z3.literal("plugin-eval"), version: z3.string() }),
  target: z3.object({
    path: z3.string(),
    kind: z3.enum(["skill", "plugin"]),
    name: z3.string(),
    /** SKILL.md line count (skills only), as PluginEval reports it. */
    lineCount: z3.number().int().optional()
  }),
  methodology: Methodology,
  depth: Depth,
  layersRequested: z3.array(LayerName),
  layersRun: z3.array(LayerName).describe("Layers that ran and measured at least one dimension"),
  layersNotRun: z3.array(LayerNotRun).describe("Layers the depth asked for that did not run, with the reason"),
  composite: z3.object({
    score: z3.number().describe("0-100, after the anti-pattern penalty (default methodology: float residue settled at 1e-7)"),
    rawScore: z3.number().describe("0-100, before the penalty"),
    penalty: z3.number(),
    badge: BadgeName,
    confidenceLabel: z3.string().describe("Estimated (static only), Assessed (+judge), Certified (+Monte Carlo), Certified+"),
    ciLow: z3.number().nullable(),
    ciHigh: z3.number().nullable(),
    elo: z3.number().nullable(),
    coverage: Coverage,
    badgeDecision: BadgeDecision
  }),
  measurement: Measurement.default({ status: "complete", gaps: [] }),
  dimensions: z3.array(DimensionResult),
  layers: z3.array(LayerResult),
  antiPatterns: z3.array(AntiPatternResult),
  usage: LayerUsage.nullable().describe("Model usage summed over all layers; null when no model was called"),
  tips: z3.array(Tip).describe("What to fix first: computed from this result's evidence, biggest composite gain first"),
  components: z3.array(ComponentResult).optional(),
  diagnostics: z3.array(Diagnostic),
  durationMs: z3.number()
}).meta({ id: "ScoreResult", title: "plugin-eval score result", description: "One scored skill or plugin (native format)." });

// src/cli/schema-command.ts
var SCHEMAS = {
  "score-result": ScoreResult,
  diagnostic: Diagnostic,
  "skill-frontmatter": SkillFrontmatter,
  "plugin-manifest": PluginManifest,
  marketplace: MarketplaceManifest,
  hooks: HooksFile,
  mcp: McpFile,
  "agent-frontmatter": AgentFrontmatter,
  "command-frontmatter": CommandFrontmatter,
  config: PluginEvalConfig
};
function jsonSchemaFor(name) {
  const schema = SCHEMAS[name];
  if (!schema) throw new UsageError(`unknown schema "${name}"; available: ${Object.keys(SCHEMAS).sort().join(", ")}`);
  return z4.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
}
function runSchema(name, ui) {
  if (!name) {
    ui.stdout(`${Object.keys(SCHEMAS).sort().join("\n")}
`);
    return EXIT.OK;
  }
  ui.stdout(`${JSON.stringify(jsonSchemaFor(name), null, 2)}
`);
  return EXIT.OK;
}
export {
  SCHEMAS,
  jsonSchemaFor,
  runSchema
};
//# sourceMappingURL=schema-command-FZDOZNOF.js.map
