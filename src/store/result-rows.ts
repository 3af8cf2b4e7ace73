/**
 * A result as the results store records it (a row of `results` and its dimension scores), made as soon as the result
 * arrives: a recorder then buffers one JSON string per result instead of its whole object graph.
 */
import type { InStatement } from '@libsql/client';
import type { ScoreResult } from '../model/result.js';
import { dimensionScoresOf } from './migrations.js';
import type { ReuseKey } from './types.js';

/**
 * The token columns: null (unknown) when some charged call had no usage reported, as its cost is; a sum of the calls
 * that reported usage would read as the whole.
 */
export function knownTokens(usage: ScoreResult['usage'] | undefined): [number | null, number | null] {
  if (usage === null || usage === undefined || (usage.unreportedCalls ?? 0) > 0) return [null, null];
  return [usage.inputTokens, usage.outputTokens];
}

/** The result columns after run_id, in RESULT_COLUMNS order. */
type ResultRow = (string | number | null)[];
const RESULT_COLUMNS = [
  'target_key',
  'name',
  'kind',
  'path',
  'content_hash',
  'plan_key',
  'methodology',
  'depth',
  'composite',
  'badge',
  'elo',
  'coverage',
  'partial',
  'input_tokens',
  'output_tokens',
  'cost_usd',
  'duration_ms',
  'result_json',
  'reused',
] as const;

/** Cells in a result row (a journal line's rows are checked against it). */
export const RESULT_COLUMN_COUNT = RESULT_COLUMNS.length;

/** One result as the store records it: its row and its dimension scores, `[target key, dimension, layer, score]`. */
export interface ResultRecord {
  row: ResultRow;
  dimensions: [string, string, string, number | null][];
}

/**
 * A result's record. `json`: the result as JSON.stringify writes it, when the caller has it already (a JSON Lines
 * line); a reused result's JSON is never stored again.
 */
export function resultRecordOf(result: ScoreResult, key: ReuseKey, reused: boolean, json?: string): ResultRecord {
  return {
    row: resultRow(result, key, reused, json),
    dimensions: dimensionScoresOf(result.dimensions).map(([dimension, layer, score]) => [
      key.targetKey,
      dimension,
      layer,
      score,
    ]),
  };
}

function resultRow(result: ScoreResult, key: ReuseKey, reused: boolean, json: string | undefined): ResultRow {
  const partial = result.measurement.status === 'partial' || result.elo?.infrastructureFailure === true;
  return [
    key.targetKey,
    result.target.name,
    result.target.kind,
    result.target.path,
    key.contentHash,
    key.planKey,
    result.methodology,
    result.depth,
    // The column is NOT NULL: a result with nothing scored keeps 0 there beside coverage 0, and history reads that
    // pair back as null (the result's JSON keeps its own null).
    result.composite.score ?? 0,
    result.composite.badge,
    result.composite.elo,
    result.composite.coverage.share,
    partial ? 1 : 0,
    // A reused result is the measured row's twin: nothing was spent on it in this run, and its JSON stays in the
    // measured row, once (reusable() reads only measured rows).
    ...(reused
      ? [0, 0, 0, 0, '']
      : [
          ...knownTokens(result.usage),
          result.usage?.costUsd ?? null,
          result.durationMs,
          json ?? JSON.stringify(result),
        ]),
    reused ? 1 : 0,
  ];
}

/*
 * A batch of results is one statement per RESULT_ROWS_PER_STATEMENT rows, not one per row: preparing ~11
 * statements per result (its row and its dimension scores) was most of the time of recording a 1,000-result run.
 * The rows are bound as parameters of a multi-row VALUES list. They were a JSON array read with json_each before:
 * json_extract parsed each ~9 KB row (most of it the result JSON) once per column, and the result JSON was escaped
 * a second time inside the array, ~0.3 ms per result.
 */

/** Rows per INSERT: 20 parameters a row stays far below SQLite's limit of 32,766 parameters per statement. */
const RESULT_ROWS_PER_STATEMENT = 500;

/**
 * A value as the JSON array carried it before: what JSON.stringify writes as null (undefined, NaN, Infinity) is NULL.
 */
const boundValue = (value: string | number | null | undefined): string | number | null =>
  value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? null : value;

/**
 * The results rows and their dimension scores; recording the same (run, target) again changes nothing (a retried
 * queue job, a repeated flush).
 */
export function resultsInserts(runId: string, records: readonly ResultRecord[]): InStatement[] {
  const statements: InStatement[] = [];
  const rows = records.map((r) => r.row);
  const placeholders = `(${['?', ...RESULT_COLUMNS.map(() => '?')].join(', ')})`;
  for (let start = 0; start < rows.length; start += RESULT_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + RESULT_ROWS_PER_STATEMENT);
    statements.push({
      // ON CONFLICT, not OR IGNORE: a repeat of (run, target) is skipped, but a row that breaks NOT NULL fails the
      // recording with its reason instead of vanishing from the store without a word.
      sql:
        `INSERT INTO results (run_id, ${RESULT_COLUMNS.join(', ')}) ` +
        `VALUES ${chunk.map(() => placeholders).join(', ')} ON CONFLICT DO NOTHING`,
      args: chunk.flatMap((row) => [runId, ...row.map(boundValue)]),
    });
  }
  statements.push(
    dimensionScoresInsert(
      runId,
      records.flatMap((r) => r.dimensions),
    ),
  );
  return statements;
}

/**
 * Dimension scores of the batch's results, found by their natural key (run, target). CROSS JOIN keeps SQLite's
 * planner from putting results in the outer loop (a scan of the run's results per JSON row: 24 s for 1,000 results).
 */
function dimensionScoresInsert(runId: string, rows: readonly [string, string, string, number | null][]): InStatement {
  return {
    // `WHERE true`: SQLite's grammar needs it before an upsert clause on INSERT ... SELECT.
    sql: `INSERT INTO dimension_scores (result_id, dimension, layer, score)
          SELECT r.id, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]')
          FROM json_each(?) j CROSS JOIN results r ON r.run_id = ? AND r.target_key = json_extract(j.value, '$[0]') WHERE true
          ON CONFLICT DO NOTHING`,
    args: [JSON.stringify(rows), runId],
  };
}
