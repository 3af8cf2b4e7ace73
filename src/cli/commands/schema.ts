import { z } from 'zod';
import { UsageError } from '../../errors.js';
import { Diagnostic } from '../../model/diagnostic-schema.js';
import {
  AgentFrontmatter,
  CommandFrontmatter,
  HooksFile,
  MarketplaceManifest,
  McpFile,
  PluginManifest,
  SkillFrontmatter,
} from '../../model/manifests.js';
import { MonteCarloReport } from '../../model/monte-carlo.js';
import { ScoreResult } from '../../model/result.js';
import { ScorePlan } from '../../model/plan.js';
import { ScoreRun } from '../../model/run.js';
import { ScoreComparison } from '../../score/compare.js';
import { CacheStats } from '../../providers/cache/store.js';
import { ValidationReport } from '../../model/validation-report.js';
import { CommandFailure } from '../../model/command-failure.js';
import { PluginEvalConfig } from '../../config/schema.js';
import { SkillHistory } from '../../store/schema.js';
import { CorpusIndex, InitCorpusReport } from '../../rank/corpus/schema.js';
import { EloResult } from '../../rank/result.js';
import {
  Analysis,
  Benchmark,
  Comparison,
  EvalMetadata,
  EvalsAggregateSummary,
  EvalsCompareSummary,
  EvalsFile,
  EvalsHistorySummary,
  EvalsRunOutcome,
  Feedback,
  GradeOutcome,
  Grading,
  History,
  IterationPlan,
  OptimizeResults,
  RunMetrics,
  RunRecord,
  RunTiming,
  TriggerEvalSet,
  TriggerResults,
} from '../../evals/schemas/index.js';
import { LogCalibrationReport } from '../../judge/calibrate-from-logs.js';
import {
  ImprovementQueue,
  LearningsSummary,
  LogEntry,
  LogStatsReport,
  SavedRating,
  UnevaluatedList,
} from '../../logs/index.js';
import { HooksStatusReport } from '../../logs/hook-settings.js';
import { QueueJob, QueueOutcome } from '../../queue/job.js';
import { ValidityReport } from '../../validity/schema.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';

/** Every file format and output, by the name `plugin-eval schema NAME` takes. */
export const SCHEMAS: Record<string, z.ZodType> = {
  // What `score --output json` prints: the run log, whatever the number of results.
  'score-run': ScoreRun,
  // One result (each element of score-run's `results`; before the run log, a single result printed bare).
  'score-result': ScoreResult,
  'score-plan': ScorePlan,
  // What `compare A B --output json` prints (not skill-creator's comparison.json: that is `comparison`).
  'score-comparison': ScoreComparison,
  // What `validity DIR --output json` prints (docs/validity.md).
  'validity-report': ValidityReport,
  // The results store: what `history SKILL --output json` prints (docs/store.md).
  'skill-history': SkillHistory,
  // The job queue (docs/queue.md): one target as sent to a worker, and what the worker hands back.
  'queue-job': QueueJob,
  'queue-outcome': QueueOutcome,
  // Layer 3's report per skill (also inside score-result, under layers[].monteCarlo).
  'monte-carlo-report': MonteCarloReport,
  diagnostic: Diagnostic,
  // What `validate --output json` prints (each diagnostic as above).
  'validation-report': ValidationReport,
  // What --output json prints when a command stops before it has a report (exit 2, 3 or 130).
  'command-failure': CommandFailure,
  'skill-frontmatter': SkillFrontmatter,
  'plugin-manifest': PluginManifest,
  marketplace: MarketplaceManifest,
  hooks: HooksFile,
  mcp: McpFile,
  'agent-frontmatter': AgentFrontmatter,
  'command-frontmatter': CommandFrontmatter,
  config: PluginEvalConfig,
  // The Elo corpus (docs/elo.md): the index file, what init prints, and a ranking against the corpus.
  'corpus-index': CorpusIndex,
  'corpus-init': InitCorpusReport,
  'elo-result': EloResult,
  // skill-creator's eval workflow (docs/evals.md): the files it reads and writes, in its own field names.
  evals: EvalsFile,
  'eval-metadata': EvalMetadata,
  metrics: RunMetrics,
  timing: RunTiming,
  'eval-run': RunRecord,
  'evals-run-plan': IterationPlan,
  grading: Grading,
  benchmark: Benchmark,
  comparison: Comparison,
  analysis: Analysis,
  history: History,
  feedback: Feedback,
  'trigger-eval-set': TriggerEvalSet,
  // What the evals steps print with --output json, beside the files they write.
  'evals-run-summary': EvalsRunOutcome,
  'evals-grade-summary': GradeOutcome,
  'evals-aggregate-summary': EvalsAggregateSummary,
  'evals-compare-summary': EvalsCompareSummary,
  'evals-history-summary': EvalsHistorySummary,
  // Skill execution logs (docs/logs.md): one log line, and what logs aggregate|stats|improve, evaluate-skill and
  // calibrate --from-logs print.
  'skill-log-entry': LogEntry,
  'logs-learnings-summary': LearningsSummary,
  'log-stats': LogStatsReport,
  'improvement-queue': ImprovementQueue,
  'log-calibration': LogCalibrationReport,
  'hooks-status': HooksStatusReport,
  'evaluate-skill-list': UnevaluatedList,
  'evaluate-skill-rating': SavedRating,
  // What `cache stats --output json` prints.
  'cache-stats': CacheStats,
  'trigger-results': TriggerResults,
  'optimize-results': OptimizeResults,
};

/** The `$id` of a schema: a URN, as the package publishes no schema URL; stable per name, so `$ref`s can name it. */
export function schemaId(name: string): string {
  return `urn:plugin-eval:schema:${name}`;
}

/**
 * The JSON Schema of one format: zod's, with an `$id` and a `title` first, so a validator, an editor or a
 * schema store can tell the exported schemas apart (zod writes only `$schema`, `$ref` and `$defs`).
 */
export function jsonSchemaFor(name: string): Record<string, unknown> {
  const schema = SCHEMAS[name];
  if (!schema) throw new UsageError(`unknown schema "${name}"; available: ${Object.keys(SCHEMAS).sort().join(', ')}`);
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return { $schema, $id: schemaId(name), title: `plugin-eval ${name}`, ...rest };
}

export function runSchema(name: string | undefined, ui: Ui): number {
  if (!name) {
    ui.stdout(`${Object.keys(SCHEMAS).sort().join('\n')}\n`);
    return EXIT.OK;
  }
  ui.stdout(`${JSON.stringify(jsonSchemaFor(name), null, 2)}\n`);
  return EXIT.OK;
}
