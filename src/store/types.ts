/**
 * The results store behind a small interface: the SQLite store (src/store/sqlite-store.ts, @libsql/client) is one
 * implementation; a remote or in-memory one can be another. Commands record what they ran; `history`, the dashboard
 * and `score --only-changed` read it back. Nothing here loads a database driver.
 */
import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import type { StoredFileHash } from './hash-memo.js';
import type { ResultRecord } from './result-rows.js';
import type { HistoryPoint, RecordedCommand, SkillHistory } from './schema.js';

export type { HistoryPoint, RecordedCommand, SkillHistory };

/** What identifies a target's content and the way it was scored; equal keys mean a stored result can stand. */
export interface ReuseKey {
  /** The target's identity: its absolute folder path. */
  targetKey: string;
  /** sha256 over the target's files (names and bytes). */
  contentHash: string;
  /**
   * Hash of everything in the plan that decides one target's result (not the target list, not jobs) and the tool
   * version.
   */
  planKey: string;
}

/** A run of a command other than score/certify (evals, judge): one row with its summary and usage. */
export interface OtherRunRecord {
  runId: string;
  command: Exclude<RecordedCommand, 'score' | 'certify'>;
  status: 'success' | 'partial' | 'cancelled' | 'error';
  startedAt: string;
  finishedAt: string;
  /** What was evaluated: a skill folder, an evals workspace... (absolute path) */
  subject: string;
  provider: string | null;
  models: string[];
  tokens: { input: number; output: number } | null;
  costUsd: number | null;
  /** Small JSON summary of what the run found (pass rates, verdict, score...). */
  summary: Record<string, unknown>;
}

export interface ResultsStore {
  /** Where the data lives (a file path, or `:memory:`). */
  readonly location: string;
  /**
   * Record a score or certify run: the run row and one row per result, keyed by target and content hash.
   * Idempotent per (runId, target): recording the same run twice (a retried queue job) stores it once.
   * May be called several times for one run with different results (a run recorded in batches as it goes): the
   * results add up, and the run row takes the latest call's status, times and totals. Results listed in
   * `run.reused` are recorded as reused (no tokens, cost or duration of their own). `fileHashes` are remembered in
   * the same transaction (saveFileHashes), so a run's last write is one transaction.
   */
  recordScoreRun(
    run: ScoreRun,
    command: 'score' | 'certify',
    keys: ReadonlyMap<string /* result.target.path */, ReuseKey>,
    fileHashes?: readonly StoredFileHash[],
  ): Promise<void>;
  /**
   * The same with each result already made into its record (result-rows.ts, resultRecordOf): `run.results` is not
   * read, so a recorder need not keep the results it buffers.
   */
  recordResults(
    run: ScoreRun,
    command: 'score' | 'certify',
    records: readonly ResultRecord[],
    fileHashes?: readonly StoredFileHash[],
  ): Promise<void>;
  recordOtherRun(record: OtherRunRecord): Promise<void>;
  /** Stored results that can stand for these keys (latest complete result per key), by targetKey. */
  reusable(keys: readonly ReuseKey[]): Promise<Map<string, ScoreResult>>;
  /**
   * File hashes remembered by stat signature (hash-memo.ts) for the files below these folders, and remembering more (by
   * path: a newer one replaces).
   */
  loadFileHashes(under: readonly string[]): Promise<StoredFileHash[]>;
  saveFileHashes(rows: readonly StoredFileHash[]): Promise<void>;
  /**
   * The targets a recorded run scored: each result's path as it was given (maybe relative) to its target key (the
   * absolute folder). Empty when the run is not in the store. A run log's relative paths are resolved with it.
   */
  targetsOfRun(runId: string): Promise<Map<string, string>>;
  /** The trend of one target: `query` is a path (made absolute) or a skill name; undefined when nothing matches. */
  history(query: string, options?: { limit?: number }): Promise<SkillHistory | undefined>;
  close(): Promise<void>;
}
