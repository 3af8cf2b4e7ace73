/**
 * The one SQLite opener for the response cache and the results store: where the file is, the folder made, the file
 * URL built, the client created with the shared connection settings. Both stores run many processes against one
 * file, so they share the settings too: one connection (the driver is synchronous; per-connection pragmas hold), a
 * short busy timeout (it blocks the event loop), WAL and synchronous=NORMAL (`useWal`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Client, Config } from '@libsql/client';
import { makeDirSync } from '../../util/make-dir.js';

/** SQLite's own wait per statement: it blocks the event loop (the driver is synchronous), so it is short. */
export const SQLITE_BUSY_TIMEOUT_MS = 250;

export const IN_MEMORY = ':memory:';

export interface SqliteTarget {
  /** A file path, a `file:` URL, or `:memory:`. */
  location: string;
  /** Loads the client package (each store loads the build it needs, lazily). */
  load: () => Promise<{ createClient: (config: Config) => Client }>;
  busyTimeoutMs?: number;
  /** The store's own error for a file it cannot use, naming the file. */
  cannotUse: (file: string, error: unknown) => Error;
}

export interface OpenedSqlite {
  client: Client;
  /** The file's path (decoded from a URL), or `:memory:`: what messages name. */
  file: string;
  /** The file did not exist before this open. */
  isNew: boolean;
}

/**
 * The file a location names. A `file:` URL is decoded, never sliced: `file:/a%20b/x.db` is the file `/a b/x.db`.
 */
export function sqliteFile(location: string): string {
  if (location === IN_MEMORY) return IN_MEMORY;
  if (location.startsWith('file://')) return fileURLToPath(location);
  return path.resolve(location.startsWith('file:') ? decodeURIComponent(location.slice('file:'.length)) : location);
}

/**
 * The URL the client is given: percent-encoded, because `file:${path}` read `?` in a folder name as a query, `#` as
 * a fragment and `%20` as a space, so such a folder was refused or, worse, another file was opened.
 */
export function sqliteUrl(file: string): string {
  return file === IN_MEMORY ? IN_MEMORY : pathToFileURL(file).href;
}

export async function openSqlite(target: SqliteTarget): Promise<OpenedSqlite> {
  let file: string;
  try {
    file = sqliteFile(target.location);
  } catch (error) {
    throw target.cannotUse(target.location, error);
  }
  const { createClient } = await target.load();
  if (file !== IN_MEMORY) {
    try {
      makeDirSync(path.dirname(file));
    } catch (error) {
      throw target.cannotUse(file, error);
    }
  }
  const isNew = file === IN_MEMORY || !existsSync(file);
  try {
    const client = createClient({
      url: sqliteUrl(file),
      timeout: target.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS,
      concurrency: 1,
    });
    return { client, file, isNew };
  } catch (error) {
    throw target.cannotUse(file, error);
  }
}

/** WAL (a property of the file: a no-op once any process switched it; none for `:memory:`) and synchronous=NORMAL. */
export async function useWal(file: string, execute: (sql: string) => Promise<unknown>): Promise<void> {
  if (file !== IN_MEMORY) await execute('PRAGMA journal_mode = WAL');
  await execute('PRAGMA synchronous = NORMAL');
}
