/**
 * The on-disk response cache: one SQLite file (libSQL, `file:` URL) under the user's cache dir.
 * WAL and a busy timeout let parallel runs (CI matrix jobs, two terminals) share it safely.
 */
import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Client } from '@libsql/client';

export const DEFAULT_CACHE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const FILE_NAME = 'responses.db';

/** `$PLUGIN_EVAL_CACHE_DIR`, else `$XDG_CACHE_HOME/plugin-eval`, else `~/.cache/plugin-eval`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PLUGIN_EVAL_CACHE_DIR) return env.PLUGIN_EVAL_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'plugin-eval');
}

export interface CacheStats {
  /** Live (unexpired) entries. */
  entries: number;
  /** Size on disk (database plus WAL), 0 for an in-memory cache. */
  bytes: number;
  /** Lookups answered from the cache by this process. */
  hits: number;
  misses: number;
  /** Database location, or `:memory:`. */
  location: string;
}

export interface ResponseCacheOptions {
  /** Directory for the database file (default `defaultCacheDir(env)`). Ignored when `url` is given. */
  dir?: string;
  /** Explicit libSQL URL, e.g. `file:/tmp/x.db` or `:memory:` for tests. */
  url?: string;
  /** Entry lifetime (default 14 days). */
  ttlMs?: number;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

export class ResponseCache {
  readonly location: string;
  readonly ttlMs: number;
  readonly #client: Client;
  readonly #now: () => number;
  #hits = 0;
  #misses = 0;

  private constructor(client: Client, location: string, ttlMs: number, now: () => number) {
    this.#client = client;
    this.location = location;
    this.ttlMs = ttlMs;
    this.#now = now;
  }

  static async open(options: ResponseCacheOptions = {}): Promise<ResponseCache> {
    let url = options.url;
    let location: string;
    if (url === undefined) {
      const dir = options.dir ?? defaultCacheDir(options.env);
      mkdirSync(dir, { recursive: true });
      location = join(dir, FILE_NAME);
      url = `file:${location}`;
    } else {
      location = url.startsWith('file:') ? url.slice('file:'.length) : url;
    }
    const client = createClient({ url });
    const cache = new ResponseCache(client, location, options.ttlMs ?? DEFAULT_CACHE_TTL_MS, options.now ?? Date.now);
    await cache.#init();
    return cache;
  }

  async #init(): Promise<void> {
    // busy_timeout first: the WAL switch itself needs the lock when another process holds the file.
    await this.#client.execute('PRAGMA busy_timeout = 5000');
    if (this.location !== ':memory:') await this.#client.execute('PRAGMA journal_mode = WAL');
    await this.#client.execute('PRAGMA synchronous = NORMAL');
    await this.#client.execute(`CREATE TABLE IF NOT EXISTS responses (
      key TEXT PRIMARY KEY,
      provider TEXT NOT NULL,
      model TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    )`);
    await this.#client.execute({ sql: 'DELETE FROM responses WHERE expires_at <= ?', args: [this.#now()] });
  }

  /**
   * The payload stored under `key`, or undefined. `accept` lets the caller reject a payload it can
   * no longer use (counted as a miss).
   */
  async get(key: string, accept: (payload: unknown) => boolean = () => true): Promise<unknown> {
    const result = await this.#client.execute({ sql: 'SELECT payload FROM responses WHERE key = ? AND expires_at > ?', args: [key, this.#now()] });
    const raw = result.rows[0]?.payload;
    if (typeof raw === 'string') {
      const payload = JSON.parse(raw) as unknown;
      if (accept(payload)) {
        this.#hits += 1;
        return payload;
      }
    }
    this.#misses += 1;
    return undefined;
  }

  async set(key: string, payload: unknown, meta: { provider: string; model: string }): Promise<void> {
    const now = this.#now();
    await this.#client.execute({
      sql: 'INSERT OR REPLACE INTO responses (key, provider, model, payload, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      args: [key, meta.provider, meta.model, JSON.stringify(payload), now, now + this.ttlMs],
    });
  }

  async stats(): Promise<CacheStats> {
    const result = await this.#client.execute({ sql: 'SELECT COUNT(*) AS n FROM responses WHERE expires_at > ?', args: [this.#now()] });
    let bytes = 0;
    if (this.location !== ':memory:') {
      for (const file of [this.location, `${this.location}-wal`]) {
        bytes += await stat(file).then((s) => s.size, () => 0);
      }
    }
    return { entries: Number(result.rows[0]?.n ?? 0), bytes, hits: this.#hits, misses: this.#misses, location: this.location };
  }

  /** Delete every entry; returns how many there were. */
  async clear(): Promise<number> {
    const result = await this.#client.execute('DELETE FROM responses');
    // Give the space back; harmless to skip if another process holds the database.
    await this.#client.execute('VACUUM').catch(() => undefined);
    return result.rowsAffected;
  }

  close(): void {
    this.#client.close();
  }
}
