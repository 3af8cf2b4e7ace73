/**
 * The data the review page is built from: collected from a workspace on the Node side, embedded in the page as
 * JSON, rendered by the page's script. Everything that needs judgement (which file is text, what a Markdown file
 * renders to, how a benchmark number is written) is decided here, so the page script only puts strings into
 * elements, and the decisions can be tested without a browser.
 */
import { z } from 'zod';
import { Feedback } from '../../evals/schemas/feedback.js';

/** One file of a run's outputs/ folder, as the page shows it. */
export const OutputFileView = z.object({
  /** Path inside outputs/, with `/` separators. */
  name: z.string(),
  bytes: z.number().int().min(0),
  kind: z.enum(['text', 'markdown', 'image', 'pdf', 'binary']),
  /** text: the file's text (cut at the cap when `truncated`). */
  text: z.string().optional(),
  /** markdown: HTML made by renderMarkdown (escaped first; the only HTML the page inserts as HTML). */
  html: z.string().optional(),
  /** image, pdf: a data: URI. */
  dataUri: z.string().optional(),
  mime: z.string().optional(),
  truncated: z.boolean().optional(),
  /** Why the file is not shown in full (too big, page budget spent, unreadable). */
  note: z.string().optional(),
});
export type OutputFileView = z.infer<typeof OutputFileView>;

export const GradeView = z.object({
  text: z.string(),
  passed: z.boolean(),
  evidence: z.string(),
  method: z.string().optional(),
});
export type GradeView = z.infer<typeof GradeView>;

export const GradesView = z.object({
  expectations: z.array(GradeView),
  passed: z.number().int(),
  total: z.number().int(),
});
export type GradesView = z.infer<typeof GradesView>;

/** How the run ended: only run.json says; a run without it is shown as ok (skill-creator's runs have none). */
export const RunStatusView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok') }),
  z.object({ kind: z.literal('infra'), message: z.string() }),
]);
export type RunStatusView = z.infer<typeof RunStatusView>;

export const PreviousRunView = z.object({
  /** Where the previous run was read from (an iteration folder's name). */
  source: z.string(),
  outputs: z.array(OutputFileView),
  feedback: z.string().nullable(),
  grades: GradesView.nullable(),
});
export type PreviousRunView = z.infer<typeof PreviousRunView>;

export const RunView = z.object({
  /** skill-creator's run id: the run folder relative to the iteration, `/` replaced by `-`. */
  id: z.string(),
  evalName: z.string(),
  configuration: z.string(),
  runNumber: z.number().int(),
  prompt: z.string().nullable(),
  promptSource: z.enum(['eval_metadata', 'transcript', 'none']),
  outputs: z.array(OutputFileView),
  grades: GradesView.nullable(),
  status: RunStatusView,
  /** Files of this run that could not be read, each naming the file and the problem. */
  problems: z.array(z.string()),
  previous: PreviousRunView.nullable(),
});
export type RunView = z.infer<typeof RunView>;

/** A table cell: a plain string, or a pass count with a tone for colour (the text always says the number too). */
export const CellView = z.union([
  z.string(),
  z.object({ text: z.string(), tone: z.enum(['pass', 'fail', 'mixed', 'none']) }),
]);
export type CellView = z.infer<typeof CellView>;

export const TableView = z.object({
  caption: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(CellView)),
});
export type TableView = z.infer<typeof TableView>;

export const BenchmarkView = z.object({
  skillName: z.string(),
  summary: TableView,
  /** "with_skill - without_skill: pass rate +0.50 (95% CI +0.20 to +0.80), time +13.0 s, tokens +1700". */
  delta: z.array(z.string()),
  perEval: z.array(TableView),
  grid: z.array(TableView),
  notes: z.array(z.string()),
  /** Fields beyond skill-creator's (discrimination, flaky_evals), shown as tables. */
  extras: z.array(TableView),
});
export type BenchmarkView = z.infer<typeof BenchmarkView>;

export const ViewerData = z.object({
  title: z.string(),
  /** server: feedback goes to POST /api/feedback; static: to localStorage, and Submit downloads feedback.json. */
  mode: z.enum(['server', 'static']),
  /** Namespaces localStorage in static mode (every file:// page shares one origin). */
  storageKey: z.string(),
  runs: z.array(RunView),
  feedback: Feedback,
  benchmark: BenchmarkView.nullable(),
  /** Files of the iteration that could not be read (benchmark.json), each naming the file and the problem. */
  problems: z.array(z.string()),
});
export type ViewerData = z.infer<typeof ViewerData>;
