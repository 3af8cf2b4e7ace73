/**
 * The results store over SQLite (@libsql/client, loaded only when a store is opened). Several processes write one
 * file at once (parallel CI jobs, a queue's submitter): WAL journal, a short busy timeout and asynchronous retries
 * while locked (src/providers/cache/lock-retry.ts), as the response cache does. Each recording is one write
 * transaction, so a reader never sees half a run. Tables stay private to src/store/; what leaves is ScoreResult and
 * ./schema.ts shapes.
 */
import path from 'node:path';
import type { Client, InStatement, Transaction } from '@libsql/client';
import { InputError } from '../errors.js';
import { retryWhileLocked } from '../providers/cache/lock-retry.js';
import { IN_MEMORY, openSqlite, useWal } from '../providers/cache/sqlite-open.js';
import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import { VERSION } from '../version.js';
import { importLazily } from '../util/optional-package.js';
import { readHistory } from './history-query.js';
import { storeProblem } from './store-problem.js';
import { requireSqliteClient } from './native-client.js';
import { MIGRATIONS, STORE_SCHEMA_VERSION, tablesAt } from './migrations.js';
import { knownTokens, resultRecordOf, resultsInserts, type ResultRecord } from './result-rows.js';
import type { OtherRunRecord, ResultsStore, ReuseKey, SkillHistory } from './types.js';

export { storeProblem } from './store-problem.js';
import type { StoredFileHash } from './hash-memo.js';
import { noteStoreOpened, type JournalEntry } from './journal.js';

/** How long a write keeps retrying while another process holds the lock before it is reported. */
const LOCK_RETRY_MS = 15_000;
/** Keys per reusable() statement: well under SQLite's limits, and few statements for a marketplace. */
const REUSE_LOOKUP_CHUNK = 500;

export interface OpenStoreOptions {
  /** A file path, or `:memory:` (tests). */
  location: string;
  lockRetryMs?: number;
  /** Called each time a write found the database locked and waits (tests count contention with it). */
  onLockWait?: (error: unknown, delayMs: number) => void;
  /** A line on stderr: a damaged journal line skipped, journalled runs that could not be folded yet. */
  warn?: (line: string) => void;
  /** Ctrl-C ends a wait for another process's lock (lock-retry.ts). */
  signal?: AbortSignal;
}

/** Open (creating and migrating when needed) the store at `location`. Bad files are InputError (exit 2), named. */
export async function openResultsStore(options: OpenStoreOptions): Promise<ResultsStore> {
  const {
    client,
    file: location,
    isNew,
  } = await openSqlite({
    location: options.location,
    // The local-file client alone: the package's main entry also loads the HTTP and WebSocket clients (~80 ms more).
    load: () => importLazily(async () => requireSqliteClient(), 'the results store (--no-store to run without it)'),
    cannotUse,
  });
  if (location !== IN_MEMORY) noteStoreOpened(location);
  const store = new SqliteResultsStore(client, location, options);
  try {
    await store.init(isNew);
  } catch (error) {
    client.close();
    throw error instanceof InputError ? error : cannotUse(location, error);
  }
  if (location !== IN_MEMORY) await store.foldJournal(options.warn ?? ((line) => process.stderr.write(`${line}\n`)));
  return store;
}

class SqliteResultsStore implements ResultsStore {
  readonly location: string;
  readonly #client: Client;
  readonly #retry: { deadlineMs: number; onWait?: (error: unknown, delayMs: number) => void; signal?: AbortSignal };
  #closed = false;

  constructor(client: Client, location: string, options: OpenStoreOptions) {
    this.#client = client;
    this.location = location;
    this.#retry = {
      deadlineMs: options.lockRetryMs ?? LOCK_RETRY_MS,
      ...(options.onLockWait ? { onWait: options.onLockWait } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
  }

  async init(isNew: boolean): Promise<void> {
    // Read before anything writes: a database from a newer plugin-eval is refused untouched (not even WAL is set).
    const { version, tables } = await this.#inspect();
    if (version > STORE_SCHEMA_VERSION) {
      throw new InputError(
        `${this.location}: results store schema version ${version} is newer than this plugin-eval understands ` +
          `(${STORE_SCHEMA_VERSION}); upgrade plugin-eval, or use another store (--store PATH, --no-store). The ` +
          `file was not changed`,
        this.location,
      );
    }
    // An existing SQLite file at version 0 with tables of its own is someone else's database: never migrated into.
    if (!isNew && version === 0 && tables.length > 0) {
      throw new InputError(
        `${this.location}: not a plugin-eval results store (an SQLite database with other tables); give another ` +
          `path (--store PATH)`,
        this.location,
      );
    }
    // A store whose version says a table exists but which lacks it (dropped by hand, a bad copy) is damaged: without
    // this check `history` failed with a bare "no such table" and no file name, and `--only-changed` quietly scored
    // everything again instead of refusing the store it could not use.
    const missing = tablesAt(version).filter((t) => !tables.includes(t));
    if (missing.length > 0) {
      throw new InputError(
        `${this.location}: damaged results store: schema version ${version} but no ${missing.join(', ')} table; ` +
          `move the file away (a new store is then created) or give another path (--store PATH, --no-store). The ` +
          `file was not changed`,
        this.location,
      );
    }
    await useWal(this.location, (sql) => this.#withRetry(() => this.#client.execute(sql)));
    for (const migration of MIGRATIONS) {
      if (migration.version <= version) continue;
      await this.#transaction(async (tx) => {
        // Another process may have applied it while this one waited for the lock.
        const now = Number((await tx.execute('PRAGMA user_version')).rows[0]?.user_version ?? 0);
        if (now >= migration.version) return;
        await migration.apply(tx);
        await tx.execute(`PRAGMA user_version = ${migration.version}`);
      });
    }
  }

  /**
   * The schema version and the names of the file's own tables, read by one statement so both come from one
   * snapshot: read apart, another process's first migration could commit between them, and its fresh store would
   * look like someone else's database (version 0 with tables).
   */
  async #inspect(): Promise<{ version: number; tables: string[] }> {
    const rows = await this.#withRetry(() =>
      this.#client.execute(
        'SELECT (SELECT user_version FROM pragma_user_version) AS version, (SELECT json_group_array(name) FROM ' +
          "sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%') AS tables",
      ),
    );
    return {
      version: Number(rows.rows[0]?.version ?? 0),
      tables: JSON.parse(String(rows.rows[0]?.tables ?? '[]')) as string[],
    };
  }

  async recordScoreRun(
    run: ScoreRun,
    command: 'score' | 'certify',
    keys: ReadonlyMap<string, ReuseKey>,
    fileHashes: readonly StoredFileHash[] = [],
  ): Promise<void> {
    const reused = new Set(run.reused ?? []);
    const records: ResultRecord[] = [];
    for (const result of run.results) {
      const key = keys.get(result.target.path);
      // A result without a key cannot be told apart from another version of the target: not recorded.
      if (key !== undefined) records.push(resultRecordOf(result, key, reused.has(result.target.path)));
    }
    await this.recordResults(run, command, records, fileHashes);
  }

  async recordResults(
    run: ScoreRun,
    command: 'score' | 'certify',
    records: readonly ResultRecord[],
    fileHashes: readonly StoredFileHash[] = [],
  ): Promise<void> {
    const statements = recordingStatements({ run, command, records, fileHashes });
    await this.#withRetry(() => this.#client.batch(statements, 'write'));
  }

  /**
   * Runs journalled by processes that did not open the database (journal.ts) are written into it, each batch in one
   * transaction. A fold that fails (locked past the retries, a damaged store) leaves them for the next one.
   */
  async foldJournal(warn: (line: string) => void): Promise<void> {
    const { foldJournal } = await import('./journal-fold.js');
    try {
      await foldJournal({
        file: this.location,
        warn,
        ingest: (entries) =>
          this.#withRetry(() => this.#client.batch(entries.flatMap(recordingStatements), 'write')).then(
            () => undefined,
          ),
      });
    } catch (error) {
      warn(
        `plugin-eval: ${this.location}: runs recorded in its journal could not be added to the results store yet ` +
          `(${storeProblem(this.location, error)}); the next command that opens the store tries again`,
      );
    }
  }

  async recordOtherRun(record: OtherRunRecord): Promise<void> {
    const durationMs = Math.max(0, Date.parse(record.finishedAt) - Date.parse(record.startedAt)) || 0;
    const statement: InStatement = {
      sql: `INSERT INTO runs (id, command, status, started_at, finished_at, tool_version, plan_json, provider, models_json, input_tokens, output_tokens, cost_usd, duration_ms, error, subject, summary_json)
            VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?, ?)
            ON CONFLICT (id) DO UPDATE SET status = excluded.status, finished_at = excluded.finished_at, input_tokens = excluded.input_tokens,
              output_tokens = excluded.output_tokens, cost_usd = excluded.cost_usd, duration_ms = excluded.duration_ms, summary_json = excluded.summary_json`,
      args: [
        record.runId,
        record.command,
        record.status,
        record.startedAt,
        record.finishedAt,
        VERSION,
        record.provider,
        JSON.stringify(record.models),
        record.tokens?.input ?? null,
        record.tokens?.output ?? null,
        record.costUsd,
        durationMs,
        record.subject,
        JSON.stringify(record.summary),
      ],
    };
    await this.#withRetry(() => this.#client.execute(statement));
  }

  async reusable(keys: readonly ReuseKey[]): Promise<Map<string, ScoreResult>> {
    const found = new Map<string, ScoreResult>();
    // One statement per chunk of keys (the keys as a JSON array), not one per key: --only-changed on a large
    // marketplace asks for every target.
    for (let start = 0; start < keys.length; start += REUSE_LOOKUP_CHUNK) {
      const chunk = keys.slice(start, start + REUSE_LOOKUP_CHUNK).map((k) => [k.targetKey, k.contentHash, k.planKey]);
      const rows = await this.#withRetry(() =>
        this.#client.execute({
          // Latest complete result per key: a partial one is never reused, whatever came after it. A reused row is
          // never a source either, so the run named as the result's origin is always the one that measured it.
          sql: `SELECT k.target_key AS target_key, r.result_json AS result_json, r.run_id AS run_id,
                  COALESCE(runs.finished_at, runs.started_at) AS measured_at
                FROM (SELECT json_extract(value, '$[0]') AS target_key, json_extract(value, '$[1]') AS content_hash,
                             json_extract(value, '$[2]') AS plan_key FROM json_each(?)) k
                LEFT JOIN results r ON r.id = (
                  SELECT r2.id FROM results r2 JOIN runs latest ON latest.id = r2.run_id
                  WHERE r2.target_key = k.target_key AND r2.content_hash = k.content_hash AND r2.plan_key = k.plan_key
                    AND r2.partial = 0 AND r2.reused = 0
                  ORDER BY latest.finished_at DESC, r2.id DESC LIMIT 1)
                LEFT JOIN runs ON runs.id = r.run_id`,
          args: [JSON.stringify(chunk)],
        }),
      );
      for (const row of rows.rows) {
        const result = parseStoredResult(row.result_json);
        // Marked with the run that measured it, so every report can say it was not measured now.
        if (result !== undefined)
          found.set(String(row.target_key), {
            ...result,
            reusedFrom: { runId: String(row.run_id), measuredAt: String(row.measured_at) },
          });
      }
    }
    return found;
  }

  async loadFileHashes(under: readonly string[]): Promise<StoredFileHash[]> {
    const rows: StoredFileHash[] = [];
    // Only the files below the folders being scored: the table keeps every file ever hashed, and a one-skill score
    // must not read a marketplace's worth of rows. A path range is a primary-key range, not a scan.
    for (const dir of new Set(under.map((d) => (d.endsWith(path.sep) ? d : `${d}${path.sep}`)))) {
      const found = await this.#withRetry(() =>
        this.#client.execute({
          sql:
            'SELECT path, signature, mtime_ns, ctime_ns, hashed_at_ns, sha256 FROM file_hashes WHERE path >= ? ' +
            'AND path < ?',
          args: [dir, `${dir}\uffff`],
        }),
      );
      for (const r of found.rows)
        rows.push({
          path: String(r.path),
          signature: String(r.signature),
          mtimeNs: String(r.mtime_ns),
          ctimeNs: String(r.ctime_ns),
          hashedAtNs: String(r.hashed_at_ns),
          sha256: String(r.sha256),
        });
    }
    return rows;
  }

  async saveFileHashes(rows: readonly StoredFileHash[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#withRetry(() => this.#client.execute(fileHashesUpsert(rows)));
  }

  async targetsOfRun(runId: string): Promise<Map<string, string>> {
    const rows = await this.#withRetry(() =>
      this.#client.execute({ sql: 'SELECT path, target_key FROM results WHERE run_id = ?', args: [runId] }),
    );
    return new Map(rows.rows.map((r) => [String(r.path), String(r.target_key)]));
  }

  history(query: string, options: { limit?: number } = {}): Promise<SkillHistory | undefined> {
    return readHistory((statement) => this.#withRetry(() => this.#client.execute(statement)), query, options);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#client.close();
  }

  async #transaction(work: (tx: Transaction) => Promise<void>): Promise<void> {
    await this.#withRetry(async () => {
      const tx = await this.#client.transaction('write');
      try {
        await work(tx);
        await tx.commit();
      } finally {
        tx.close();
      }
    });
  }

  #withRetry<T>(op: () => Promise<T>): Promise<T> {
    return retryWhileLocked(async () => {
      try {
        return await op();
      } catch (error) {
        // As in the response cache (src/providers/cache/store.ts): a statement that failed may leave the local driver's
        // connection mid-transaction; a fresh connection is the safe next step.
        if (!this.#closed && this.location !== ':memory:') await this.#client.reconnect();
        throw error;
      }
    }, this.#retry);
  }
}

/** The statements of one recording: the run row, its results and dimension scores, the file hashes to remember. */
function recordingStatements(entry: Omit<JournalEntry, 'format'>): InStatement[] {
  const statements: InStatement[] = [runUpsert(entry.run, entry.command)];
  if (entry.records.length > 0) statements.push(...resultsInserts(entry.run.runId, entry.records));
  if (entry.fileHashes.length > 0) statements.push(fileHashesUpsert(entry.fileHashes));
  return statements;
}

/** Remembered file hashes, by path: a newer one replaces (hash-memo.ts). */
function fileHashesUpsert(rows: readonly StoredFileHash[]): InStatement {
  const columns = ['path', 'signature', 'mtimeNs', 'ctimeNs', 'hashedAtNs', 'sha256'] as const;
  const values = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ');
  return {
    sql:
      `INSERT OR REPLACE INTO file_hashes (path, signature, mtime_ns, ctime_ns, hashed_at_ns, sha256) ` +
      `SELECT ${values} FROM json_each(?)`,
    args: [JSON.stringify(rows.map((r) => columns.map((c) => r[c])))],
  };
}

/** The run row: inserted once, then updated by later recordings of the same run (a streaming run records in parts). */
function runUpsert(run: ScoreRun, command: 'score' | 'certify'): InStatement {
  const models = [
    ...new Set([
      ...(run.usage?.models ?? []),
      ...(run.plan.judge ? [run.plan.judge.model] : []),
      ...(run.plan.monteCarlo ? [run.plan.monteCarlo.model] : []),
    ]),
  ];
  const durationMs = Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.startedAt)) || 0;
  return {
    sql: `INSERT INTO runs (id, command, status, started_at, finished_at, tool_version, plan_json, provider, models_json, input_tokens, output_tokens, cost_usd, duration_ms, error, subject, summary_json)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)
          ON CONFLICT (id) DO UPDATE SET status = excluded.status, started_at = excluded.started_at, finished_at = excluded.finished_at,
            provider = excluded.provider, models_json = excluded.models_json, input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
            cost_usd = excluded.cost_usd, duration_ms = excluded.duration_ms, error = excluded.error`,
    args: [
      run.runId,
      command,
      run.status,
      run.startedAt,
      run.finishedAt,
      run.tool.version,
      JSON.stringify(run.plan),
      run.usage?.provider ?? run.plan.judge?.provider ?? null,
      JSON.stringify(models),
      ...knownTokens(run.usage),
      run.usage?.costUsd ?? null,
      durationMs,
      run.error ?? null,
    ],
  };
}

/** A stored result JSON that still reads as a result, else undefined (a damaged row is scored again, never trusted). */
function parseStoredResult(raw: unknown): ScoreResult | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ScoreResult> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      (typeof value.composite?.score !== 'number' && value.composite?.score !== null) ||
      typeof value.target?.path !== 'string'
    )
      return undefined;
    if (value.measurement?.status === 'partial') return undefined;
    return value as ScoreResult;
  } catch {
    return undefined;
  }
}

function cannotUse(location: string, error: unknown): InputError {
  return new InputError(
    `${location}: cannot open the results store: ${storeProblem(location, error)}`,
    location,
    error,
  );
}
