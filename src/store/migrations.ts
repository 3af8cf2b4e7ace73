/**
 * The results store's schema, as an ordered list of steps (PRAGMA user_version is the number of steps applied).
 * Each step runs in one write transaction with the version bump, so a crash or a second process never leaves a
 * half-migrated file. Steps are history: once released, a step is never edited, only followed by a new one
 * (test/store/migrations.test.ts builds every earlier version and migrates it with data to the current one).
 */
import type { Transaction } from '@libsql/client';

export interface Migration {
  /** The version the database has after this step. */
  version: number;
  /** What the step adds, in words (shown nowhere; for people reading the history). */
  description: string;
  /** The tables this step creates: a store at this version or later without one of them is damaged (see tablesAt). */
  tables: readonly string[];
  apply(tx: Transaction): Promise<void>;
}

/** v1: one row per recorded score/certify run, one row per scored target with the whole result JSON. */
const V1_RUNS_AND_RESULTS: readonly string[] = [
  `CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    command TEXT NOT NULL,
    status TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    tool_version TEXT NOT NULL,
    plan_json TEXT,
    provider TEXT,
    models_json TEXT NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cost_usd REAL,
    duration_ms INTEGER NOT NULL,
    error TEXT
  )`,
  `CREATE TABLE results (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL REFERENCES runs(id),
    target_key TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    path TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    plan_key TEXT NOT NULL,
    methodology TEXT NOT NULL,
    depth TEXT NOT NULL,
    composite REAL NOT NULL,
    badge TEXT NOT NULL,
    elo REAL,
    coverage REAL NOT NULL,
    partial INTEGER NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cost_usd REAL,
    duration_ms REAL NOT NULL,
    result_json TEXT NOT NULL,
    UNIQUE (run_id, target_key)
  )`,
  'CREATE INDEX results_by_reuse_key ON results (target_key, content_hash, plan_key)',
];

/** v2: per-dimension scores by layer (the dashboard's heat map, history's dimensions) and the other commands' runs. */
const V2_DIMENSIONS_AND_OTHER_RUNS: readonly string[] = [
  `CREATE TABLE dimension_scores (
    result_id INTEGER NOT NULL REFERENCES results(id),
    dimension TEXT NOT NULL,
    layer TEXT NOT NULL,
    score REAL,
    PRIMARY KEY (result_id, dimension, layer)
  )`,
  'ALTER TABLE runs ADD COLUMN subject TEXT',
  'ALTER TABLE runs ADD COLUMN summary_json TEXT',
];

/** v3: results reused by --only-changed are marked, and a skill is found by name without a table scan. */
const V3_REUSED_AND_NAMES: readonly string[] = [
  'ALTER TABLE results ADD COLUMN reused INTEGER NOT NULL DEFAULT 0',
  'CREATE INDEX results_by_name ON results (name)',
];

/**
 * v4: file hashes remembered by stat signature (src/store/hash-memo.ts), so an unchanged marketplace is not read byte
 * by byte on every `score --only-changed`. Nanosecond times are text: they do not fit a double exactly.
 */
const V4_FILE_HASHES: readonly string[] = [
  `CREATE TABLE file_hashes (
    path TEXT PRIMARY KEY,
    signature TEXT NOT NULL,
    mtime_ns TEXT NOT NULL,
    ctime_ns TEXT NOT NULL,
    hashed_at_ns TEXT NOT NULL,
    sha256 TEXT NOT NULL
  )`,
];

/** The blended score per dimension is stored under this layer name, beside each layer's own score. */
export const BLENDED_LAYER = 'blended';

async function runAll(tx: Transaction, statements: readonly string[]): Promise<void> {
  for (const sql of statements) await tx.execute(sql);
}

/** v1 rows carry the whole result: their dimension scores are filled in from it, so nothing recorded is left out. */
async function backfillDimensionScores(tx: Transaction): Promise<void> {
  const rows = await tx.execute('SELECT id, result_json FROM results');
  for (const row of rows.rows) {
    let dimensions: unknown;
    try {
      dimensions = (JSON.parse(String(row.result_json)) as { dimensions?: unknown }).dimensions;
    } catch {
      continue; // a damaged row keeps its columns; only its breakdown is missing
    }
    for (const [dimension, layer, score] of dimensionScoresOf(dimensions)) {
      await tx.execute({
        sql: 'INSERT OR IGNORE INTO dimension_scores (result_id, dimension, layer, score) VALUES (?, ?, ?, ?)',
        args: [Number(row.id), dimension, layer, score],
      });
    }
  }
}

/** A ScoreResult's `dimensions` as (dimension, layer, score) rows: the blended score and each layer's own. */
export function dimensionScoresOf(dimensions: unknown): [string, string, number | null][] {
  if (!Array.isArray(dimensions)) return [];
  const rows: [string, string, number | null][] = [];
  for (const d of dimensions as { name?: unknown; score?: unknown; layers?: unknown }[]) {
    if (typeof d?.name !== 'string') continue;
    rows.push([d.name, BLENDED_LAYER, typeof d.score === 'number' ? d.score : null]);
    if (d.layers !== null && typeof d.layers === 'object') {
      for (const [layer, score] of Object.entries(d.layers as Record<string, unknown>))
        if (typeof score === 'number') rows.push([d.name, layer, score]);
    }
  }
  return rows;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'runs and results',
    tables: ['runs', 'results'],
    apply: (tx) => runAll(tx, V1_RUNS_AND_RESULTS),
  },
  {
    version: 2,
    description: 'dimension scores by layer; runs of other commands (subject, summary)',
    tables: ['dimension_scores'],
    apply: async (tx) => {
      await runAll(tx, V2_DIMENSIONS_AND_OTHER_RUNS);
      await backfillDimensionScores(tx);
    },
  },
  {
    version: 3,
    description: 'reused results; names indexed',
    tables: [],
    apply: (tx) => runAll(tx, V3_REUSED_AND_NAMES),
  },
  {
    version: 4,
    description: 'file hashes by stat signature',
    tables: ['file_hashes'],
    apply: (tx) => runAll(tx, V4_FILE_HASHES),
  },
];

export const STORE_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** The tables a store at `version` must have (every step up to it created its own). */
export function tablesAt(version: number): string[] {
  return MIGRATIONS.filter((m) => m.version <= version).flatMap((m) => [...m.tables]);
}
