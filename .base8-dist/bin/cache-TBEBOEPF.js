import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  CachedProvider,
  completionCacheKey
} from "./chunk-KYUVUVHQ.js";
import {
  canonicalJson,
  contentKey,
  sha256Hex
} from "./chunk-FGNVWYON.js";
import "./chunk-INOI5UZU.js";
import {
  PluginEvalError
} from "./chunk-KS2JGSJK.js";
import "./chunk-KJFERDYH.js";

// src/cache/store.ts
import { mkdirSync } from "node:fs";
import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";

// src/cache/lock-retry.ts
function isLockError(error) {
  if (typeof error !== "object" || error === null) return false;
  const code = error.code;
  if (typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  const message = error.message;
  return typeof message === "string" && /database (table )?is locked|SQLITE_BUSY/i.test(message);
}
var defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function retryWhileLocked(op, options) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const base = options.baseDelayMs ?? 10;
  const cap = options.maxDelayMs ?? 250;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (error) {
      const elapsed = now() - started;
      if (!isLockError(error) || elapsed >= options.deadlineMs) throw error;
      const exponential = Math.min(cap, base * 2 ** (attempt - 1));
      const delay = Math.min(options.deadlineMs - elapsed, Math.round(exponential / 2 + exponential / 2 * random()));
      options.onWait?.(error, Math.max(1, delay));
      await sleep(Math.max(1, delay));
    }
  }
}

// src/cache/store.ts
var DEFAULT_CACHE_TTL_MS = 14 * 24 * 60 * 60 * 1e3;
var DEFAULT_BUSY_TIMEOUT_MS = 250;
var DEFAULT_LOCK_RETRY_MS = 15e3;
var FILE_NAME = "responses.db";
function defaultCacheDir(env = process.env) {
  if (env.PLUGIN_EVAL_CACHE_DIR) return env.PLUGIN_EVAL_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "plugin-eval");
}
var SCHEMA = [
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
  )`
];
var ResponseCache = class _ResponseCache {
  location;
  ttlMs;
  #client;
  #now;
  #retry;
  #hits = 0;
  #misses = 0;
  #closed = false;
  constructor(client, location, options) {
    this.#client = client;
    this.location = location;
    this.ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#retry = { deadlineMs: options.lockRetryMs ?? DEFAULT_LOCK_RETRY_MS, ...options.onLockWait ? { onWait: options.onLockWait } : {} };
  }
  static async open(options = {}) {
    let url = options.url;
    let location;
    if (url === void 0) {
      const dir = options.dir ?? defaultCacheDir(options.env);
      mkdirSync(dir, { recursive: true });
      location = join(dir, FILE_NAME);
      url = `file:${location}`;
    } else {
      location = url.startsWith("file:") ? url.slice("file:".length) : url;
    }
    let client;
    try {
      client = createClient({ url, timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS, concurrency: 1 });
    } catch (error) {
      throw cannotUse(location, error);
    }
    const cache = new _ResponseCache(client, location, options);
    try {
      await cache.#init();
    } catch (error) {
      client.close();
      throw cannotUse(location, error);
    }
    return cache;
  }
  async #init() {
    if (this.location !== ":memory:") await this.#execute("PRAGMA journal_mode = WAL");
    await this.#execute("PRAGMA synchronous = NORMAL");
    const now = this.#now();
    await this.#batch([
      ...SCHEMA,
      { sql: "INSERT OR IGNORE INTO lookup_counts (id, hits, misses, since) VALUES (1, 0, 0, ?)", args: [now] },
      { sql: "DELETE FROM responses WHERE expires_at <= ?", args: [now] }
    ]);
  }
  #execute(statement) {
    return this.#withRetry(() => this.#client.execute(statement));
  }
  /** Statements in one write transaction (BEGIN IMMEDIATE), retried as a whole while locked. */
  #batch(statements) {
    return this.#withRetry(() => this.#client.batch(statements, "write"));
  }
  #withRetry(op) {
    return retryWhileLocked(async () => {
      try {
        return await op();
      } catch (error) {
        if (!this.#closed) this.#client.reconnect();
        throw error;
      }
    }, this.#retry);
  }
  /**
   * The payload stored under `key`, or undefined. `accept` lets the caller reject a payload it can
   * no longer use (counted as a miss).
   */
  async get(key, accept = () => true) {
    const result = await this.#execute({ sql: "SELECT payload FROM responses WHERE key = ? AND expires_at > ?", args: [key, this.#now()] });
    const raw = result.rows[0]?.payload;
    let found;
    if (typeof raw === "string") {
      const payload = parseJson(raw);
      if (payload !== void 0 && accept(payload)) found = payload;
    }
    const hit = found !== void 0;
    if (hit) this.#hits += 1;
    else this.#misses += 1;
    await this.#execute(hit ? "UPDATE lookup_counts SET hits = hits + 1 WHERE id = 1" : "UPDATE lookup_counts SET misses = misses + 1 WHERE id = 1");
    return found;
  }
  async set(key, payload, meta) {
    const now = this.#now();
    await this.#execute({
      sql: "INSERT OR REPLACE INTO responses (key, provider, model, payload, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      args: [key, meta.provider, meta.model, JSON.stringify(payload), now, now + this.ttlMs]
    });
  }
  async stats() {
    const live = await this.#execute({
      sql: "SELECT COUNT(*) AS n, MIN(created_at) AS oldest, MAX(created_at) AS newest FROM responses WHERE expires_at > ?",
      args: [this.#now()]
    });
    const counts = await this.#execute("SELECT hits, misses, since FROM lookup_counts WHERE id = 1");
    let bytes = 0;
    if (this.location !== ":memory:") {
      for (const file of [this.location, `${this.location}-wal`]) {
        bytes += await stat(file).then((s) => s.size, () => 0);
      }
    }
    const row = live.rows[0];
    const c = counts.rows[0];
    const orNull = (v) => v === null || v === void 0 ? null : Number(v);
    return {
      entries: Number(row?.n ?? 0),
      bytes,
      hits: Number(c?.hits ?? 0),
      misses: Number(c?.misses ?? 0),
      countingSince: Number(c?.since ?? 0),
      oldest: orNull(row?.oldest),
      newest: orNull(row?.newest),
      session: { hits: this.#hits, misses: this.#misses },
      location: this.location
    };
  }
  /** Delete every entry and restart the hit and miss counts; returns how many entries there were. */
  async clear() {
    const [deleted] = await this.#batch([
      "DELETE FROM responses",
      { sql: "UPDATE lookup_counts SET hits = 0, misses = 0, since = ? WHERE id = 1", args: [this.#now()] }
    ]);
    await this.#client.execute("VACUUM").catch(() => void 0);
    return deleted?.rowsAffected ?? 0;
  }
  close() {
    this.#closed = true;
    this.#client.close();
  }
};
function parseJson(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return void 0;
  }
}
function cannotUse(location, error) {
  const detail = error instanceof Error ? error.message : String(error);
  return new PluginEvalError("INPUT", `${location}: cannot open the response cache: ${detail}`, { path: location, cause: error });
}
export {
  CachedProvider,
  DEFAULT_CACHE_TTL_MS,
  ResponseCache,
  canonicalJson,
  completionCacheKey,
  contentKey,
  defaultCacheDir,
  sha256Hex
};
//# sourceMappingURL=cache-TBEBOEPF.js.map
