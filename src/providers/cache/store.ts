/**
 * The on-disk response cache: one SQLite file (libSQL, `file:` URL) under the user's cache dir, shared safely
 * by parallel runs: WAL journal (readers never wait for the writer), a short busy timeout, and asynchronous
 * retries with backoff while another process holds the write lock (see lock-retry.ts). Hit and miss counts
 * live in the database too, so `cache stats` reports them across runs and processes.
 */
import { defaultCacheDir } from '../../util/cache-dir.js';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { PluginEvalError } from '../../errors.js';
import { importLazily } from '../../util/optional-package.js';
import { retryWhileLocked } from './lock-retry.js';
import { openSqlite, SQLITE_BUSY_TIMEOUT_MS, useWal } from './sqlite-open.js';

export const DEFAULT_CACHE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * SQLite's own wait for a lock, per statement. It blocks the event loop (the driver is synchronous), so it is short.
 */
export const DEFAULT_BUSY_TIMEOUT_MS = SQLITE_BUSY_TIMEOUT_MS;
/** How long a statement keeps retrying while the database is locked before the error is reported. */
export const DEFAULT_LOCK_RETRY_MS = 15_000;
const FILE_NAME = 'responses.db';

/** What `cache stats --output json` prints (`plugin-eval schema cache-stats`). Times are ms since the epoch. */
export const CacheStats = z
  .strictObject({
    entries: z.number().int().min(0).describe('Live (unexpired) entries'),
    bytes: z
      .number()
      .int()
      .min(0)
      .describe('Size on disk of the database and its write-ahead log; 0 for an in-memory cache'),
    hits: z.number().int().min(0).describe('Lookups answered from the cache, by every process, since countingSince'),
    misses: z
      .number()
      .int()
      .min(0)
      .describe('Lookups that found nothing usable (absent, expired, or no longer valid), since countingSince'),
    countingSince: z
      .number()
      .describe("When counting started: the database's creation or the last `cache clear` (ms since the epoch)"),
    oldest: z
      .number()
      .nullable()
      .describe('Creation time of the oldest live entry (ms since the epoch); null when the cache is empty'),
    newest: z
      .number()
      .nullable()
      .describe('Creation time of the newest live entry (ms since the epoch); null when the cache is empty'),
    session: z
      .strictObject({ hits: z.number().int().min(0), misses: z.number().int().min(0) })
      .describe('Lookups made through this handle only (always 0 for `cache stats`, which makes none)'),
    location: z.string().describe('The database file, or :memory:'),
  })
  .meta({
    id: 'CacheStats',
    title: 'plugin-eval cache stats --output json',
    description: 'The response cache: entries, size, and hit and miss counts across runs',
  });
export type CacheStats = z.infer<typeof CacheStats>;

export interface ResponseCacheOptions {
  /** Directory for the database file (default `defaultCacheDir(env)`). Ignored when `url` is given. */
  dir?: string;
  /** Explicit libSQL URL, e.g. `file:/tmp/x.db` or `:memory:` for tests. */
  url?: string;
  /** Entry lifetime (default 14 days). */
  ttlMs?: number;
  /** SQLite busy timeout per statement (default 250 ms). */
  busyTimeoutMs?: number;
  /** Total time a statement retries while the database is locked (default 15 s). */
  lockRetryMs?: number;
  /** Called each time a statement found the database locked and waits to retry (diagnostics, tests). */
  onLockWait?: (error: unknown, delayMs: number) => void;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

const SCHEMA: string[] = [
  `CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  )`,
  // One row: lookup counters shared by every process that opens the file.
  `CREATE TABLE IF NOT EXISTS lookup_counts (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hits INTEGER NOT NULL,
    misses INTEGER NOT NULL,
    since INTEGER NOT NULL
  )`,
];

export class ResponseCache {
  readonly location: string;
  readonly ttlMs: number;
  readonly #client: Client;
  readonly #now: () => number;
  readonly #retry: { deadlineMs: number; onWait?: (error: unknown, delayMs: number) => void };
  #hits = 0;
  #misses = 0;
  #closed = false;

  private constructor(client: Client, location: string, options: ResponseCacheOptions) {
    this.#client = client;
    this.location = location;
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#retry = {
      deadlineMs: options.lockRetryMs ?? DEFAULT_LOCK_RETRY_MS,
      ...(options.onLockWait ? { onWait: options.onLockWait } : {}),
    };
  }

  static async open(options: ResponseCacheOptions = {}): Promise<ResponseCache> {
    const { client, file: location } = await openSqlite({
      location: options.url ?? join(options.dir ?? defaultCacheDir(options.env), FILE_NAME),
      // Loaded here, not with the module: `plugin-eval/cache` (its key helpers, CachedProvider) imports without the
      // SQLite client, and opening a cache without it is a MissingPackageError naming @libsql/client (exit 3).
      load: () => importLazily(() => import('@libsql/client'), 'the response cache'),
      busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      cannotUse,
    });
    const cache = new ResponseCache(client, location, options);
    try {
      await cache.#init();
    } catch (error) {
      client.close();
      throw cannotUse(location, error);
    }
    return cache;
  }

  async #init(): Promise<void> {
    await useWal(this.location, (sql) => this.#execute(sql));
    const now = this.#now();
    await this.#batch([
      ...SCHEMA,
      { sql: 'INSERT OR IGNORE INTO lookup_counts (id, hits, misses, since) VALUES (1, 0, 0, ?)', args: [now] },
      { sql: 'DELETE FROM responses WHERE expires_at <= ?', args: [now] },
    ]);
  }

  #execute(statement: InStatement): Promise<ResultSet> {
    return this.#withRetry(() => this.#client.execute(statement));
  }

  /** Statements in one write transaction (BEGIN IMMEDIATE), retried as a whole while locked. */
  #batch(statements: InStatement[]): Promise<ResultSet[]> {
    return this.#withRetry(() => this.#client.batch(statements, 'write'));
  }

  #withRetry<T>(op: () => Promise<T>): Promise<T> {
    return retryWhileLocked(async () => {
      try {
        return await op();
      } catch (error) {
        // libSQL's local driver (libsql-js under @libsql/client 0.18) does not reset a statement that failed,
        // SQLITE_BUSY included (tursodatabase/libsql-client-ts#352): the connection keeps it "in progress", so
        // every later write on that connection stays in a transaction that never commits (it reads back fine,
        // then vanishes when the process exits) and holds the write lock meanwhile. Three writer processes lost
        // over half their entries that way. A fresh connection is the safe next step; the stale one is closed
        // before it has written anything.
        if (!this.#closed) this.#client.reconnect();
        throw error;
      }
    }, this.#retry);
  }

  /**
   * The payload stored under `key`, or undefined. `accept` lets the caller reject a payload it can
   * no longer use (counted as a miss).
   */
  async get(key: string, accept: (payload: unknown) => boolean = () => true): Promise<unknown> {
    const result = await this.#execute({
      sql: 'SELECT payload FROM responses WHERE key = ? AND expires_at > ?',
      args: [key, this.#now()],
    });
    const raw = result.rows[0]?.payload;
    let found: unknown;
    if (typeof raw === 'string') {
      const payload = parseJson(raw);
      if (payload !== undefined && accept(payload)) found = payload;
    }
    const hit = found !== undefined;
    if (hit) this.#hits += 1;
    else this.#misses += 1;
    await this.#execute(
      hit
        ? 'UPDATE lookup_counts SET hits = hits + 1 WHERE id = 1'
        : 'UPDATE lookup_counts SET misses = misses + 1 WHERE id = 1',
    );
    return found;
  }

  async set(key: string, payload: unknown, meta: { provider: string; model: string }): Promise<void> {
    const now = this.#now();
    await this.#execute({
      sql:
        'INSERT OR REPLACE INTO responses (key, provider, model, payload, created_at, expires_at) VALUES (?, ?, ' +
        '?, ?, ?, ?)',
      args: [key, meta.provider, meta.model, JSON.stringify(payload), now, now + this.ttlMs],
    });
  }

  async stats(): Promise<CacheStats> {
    const live = await this.#execute({
      sql:
        'SELECT COUNT(*) AS n, MIN(created_at) AS oldest, MAX(created_at) AS newest FROM responses WHERE ' +
        'expires_at > ?',
      args: [this.#now()],
    });
    const counts = await this.#execute('SELECT hits, misses, since FROM lookup_counts WHERE id = 1');
    let bytes = 0;
    if (this.location !== ':memory:') {
      for (const file of [this.location, `${this.location}-wal`]) {
        bytes += await stat(file).then(
          (s) => s.size,
          () => 0,
        );
      }
    }
    const row = live.rows[0];
    const c = counts.rows[0];
    const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
    return {
      entries: Number(row?.n ?? 0),
      bytes,
      hits: Number(c?.hits ?? 0),
      misses: Number(c?.misses ?? 0),
      countingSince: Number(c?.since ?? 0),
      oldest: orNull(row?.oldest),
      newest: orNull(row?.newest),
      session: { hits: this.#hits, misses: this.#misses },
      location: this.location,
    };
  }

  /** Delete every entry and restart the hit and miss counts; returns how many entries there were. */
  async clear(): Promise<number> {
    const [deleted] = await this.#batch([
      'DELETE FROM responses',
      { sql: 'UPDATE lookup_counts SET hits = 0, misses = 0, since = ? WHERE id = 1', args: [this.#now()] },
    ]);
    // Give the space back; harmless to skip if another process holds the database.
    await this.#client.execute('VACUUM').catch(() => undefined);
    return deleted?.rowsAffected ?? 0;
  }

  close(): void {
    this.#closed = true;
    this.#client.close();
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // A damaged row is a miss, and the next answer overwrites it.
    return undefined;
  }
}

/** SQLite's word for a file that is not a database, or one whose pages are damaged: nothing in it can be read back. */
const UNUSABLE_FILE = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/** The cache file could not be opened because its content is damaged (not a permission or lock problem). */
export function isUnusableCacheFile(error: unknown): boolean {
  const cause = error instanceof PluginEvalError ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && UNUSABLE_FILE.has(code);
}

function cannotUse(location: string, error: unknown): PluginEvalError {
  const detail = error instanceof Error ? error.message : String(error);
  // A damaged file holds nothing that cannot be asked again: say how to get rid of it rather than leave the user stuck.
  const remedy = isUnusableCacheFile(error)
    ? '; it holds only cached model replies: remove it with `plugin-eval cache clear` (or delete the file), or ' +
      'run with --no-cache'
    : '';
  return new PluginEvalError('INPUT', `${location}: cannot open the response cache: ${detail}${remedy}`, {
    path: location,
    cause: error,
  });
}

/**
 * Delete a damaged cache file and its WAL and shared-memory files (what `cache clear` does when the database
 * cannot be opened). Only the cache's own file names in `dir` are touched.
 */
export async function removeCacheFiles(dir: string): Promise<void> {
  const file = join(dir, FILE_NAME);
  for (const name of [file, `${file}-wal`, `${file}-shm`]) await rm(name, { force: true });
}

/** Where the cache file of `dir` (default: the user's cache dir) is. */
export function cacheFileIn(dir: string): string {
  return join(dir, FILE_NAME);
}
