/**
 * The trend of one target, read from the store's tables into the SkillHistory shape (./schema.ts). A query is a
 * path first (made absolute: the store's identity of a target), then a skill name; a name that several recorded
 * targets share is refused with the candidates, never guessed.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { InStatement, ResultSet } from '@libsql/client';
import { InputError } from '../errors.js';
import type { HistoryPoint, SkillHistory } from './schema.js';
import type { ResultsStore } from './types.js';
import { BLENDED_LAYER } from './migrations.js';

export type Execute = (statement: InStatement) => Promise<ResultSet>;

/** Points kept when no limit is given: enough for any sparkline, bounded for a target scored on every commit. */
export const DEFAULT_HISTORY_LIMIT = 200;

async function targetKeyOf(execute: Execute, query: string): Promise<string | undefined> {
  // `score path/SKILL.md` records the skill's folder (the store's identity of a target): history takes the same path.
  const asPath =
    /^skill\.md$/i.test(path.basename(query)) && statSync(query, { throwIfNoEntry: false })?.isFile()
      ? path.dirname(path.resolve(query))
      : path.resolve(query);
  const byPath = await execute({ sql: 'SELECT 1 FROM results WHERE target_key = ? LIMIT 1', args: [asPath] });
  if (byPath.rows.length > 0) return asPath;
  const byName = await execute({
    sql: 'SELECT DISTINCT target_key FROM results WHERE name = ? ORDER BY target_key',
    args: [query],
  });
  const keys = byName.rows.map((r) => String(r.target_key));
  if (keys.length > 1)
    throw new InputError(
      `${query}: ${keys.length} recorded skills have this name: ${keys.join(', ')}; give the path of one`,
    );
  return keys[0] ?? (await enclosingPluginKey(execute, asPath));
}

/**
 * A skill scored as part of its plugin has no row of its own: the nearest folder above it recorded as a plugin is
 * where its trend is (the caller says so). One lookup per folder level.
 */
async function enclosingPluginKey(execute: Execute, skillPath: string): Promise<string | undefined> {
  for (let dir = path.dirname(skillPath); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const found = await execute({
      sql: "SELECT 1 FROM results WHERE target_key = ? AND kind = 'plugin' LIMIT 1",
      args: [dir],
    });
    if (found.rows.length > 0) return dir;
  }
  return undefined;
}

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function readHistory(
  execute: Execute,
  query: string,
  options: { limit?: number } = {},
): Promise<SkillHistory | undefined> {
  const key = await targetKeyOf(execute, query);
  if (key === undefined) return undefined;
  const limit = Math.max(1, options.limit ?? DEFAULT_HISTORY_LIMIT);
  const rows = await execute({
    sql: `SELECT r.id, r.run_id, runs.command, runs.finished_at, runs.tool_version, r.content_hash, r.depth, r.methodology, r.composite, r.badge,
            r.elo, r.coverage, r.partial, r.reused, r.name, r.kind, r.path
          FROM results r JOIN runs ON runs.id = r.run_id
          WHERE r.target_key = ? ORDER BY runs.finished_at DESC, r.id DESC LIMIT ?`,
    args: [key, limit],
  });
  const newestFirst = rows.rows;
  const latest = newestFirst[0];
  if (latest === undefined) return undefined;
  const shown = new Set(newestFirst.map((r) => Number(r.id)));
  // By target rather than `IN (ids)`: a long --limit would pass SQLite's cap on bound parameters.
  const dims = await execute({
    sql: `SELECT d.result_id, d.dimension, d.score FROM dimension_scores d JOIN results r ON r.id = d.result_id
          WHERE r.target_key = ? AND d.layer = ?`,
    args: [key, BLENDED_LAYER],
  });
  const byResult = new Map<number, Record<string, number | null>>();
  for (const d of dims.rows) {
    const id = Number(d.result_id);
    if (!shown.has(id)) continue;
    const entry = byResult.get(id) ?? {};
    entry[String(d.dimension)] = nullableNumber(d.score);
    byResult.set(id, entry);
  }
  const points = newestFirst.reverse().map(
    (r): HistoryPoint => ({
      runId: String(r.run_id),
      command: String(r.command) as HistoryPoint['command'],
      recordedAt: String(r.finished_at),
      toolVersion: String(r.tool_version),
      contentHash: String(r.content_hash),
      depth: String(r.depth) as HistoryPoint['depth'],
      methodology: String(r.methodology) as HistoryPoint['methodology'],
      composite: Number(r.coverage) <= 0 ? null : Number(r.composite),
      badge: String(r.badge) as HistoryPoint['badge'],
      elo: nullableNumber(r.elo),
      coverage: Number(r.coverage),
      partial: Number(r.partial) === 1,
      dimensions: byResult.get(Number(r.id)) ?? {},
      reused: Number(r.reused) === 1,
    }),
  );
  return {
    schemaVersion: 1,
    kind: 'skill-history',
    target: {
      key,
      name: String(latest.name),
      kind: String(latest.kind) as 'skill' | 'plugin',
      path: String(latest.path),
    },
    points,
  };
}

/**
 * The histories of many targets (the dashboard's trend lines), by absolute folder path; targets never recorded are
 * absent. Paths only: a bare name could match another recorded skill, and the dashboard knows its folders. A store
 * that fails is thrown, not taken for "no history": the caller says so.
 */
export async function historyOf(
  store: ResultsStore,
  targetPaths: readonly string[],
  options: { limit?: number } = {},
): Promise<Map<string, SkillHistory>> {
  const found = new Map<string, SkillHistory>();
  for (const target of targetPaths) {
    const key = path.resolve(target);
    const history = await store.history(key, options);
    if (history !== undefined && history.target.key === key) found.set(key, history);
  }
  return found;
}
