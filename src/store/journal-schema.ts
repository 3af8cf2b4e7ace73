/**
 * The journal line's shape (journal.ts), checked before a fold writes a line into the database: a line torn by a
 * killed writer, or edited by hand, is skipped with a warning rather than written as half a run. Loaded only when
 * there is a journal to fold (zod stays off a one-skill score's path).
 */
import { z } from 'zod';
import { JOURNAL_FORMAT } from './journal.js';
import { RESULT_COLUMN_COUNT } from './result-rows.js';

const Cell = z.union([z.string(), z.number(), z.null()]);

export const JournalLine = z.object({
  format: z.literal(JOURNAL_FORMAT),
  command: z.enum(['score', 'certify']),
  // The run row's fields (sqlite-store.ts, runUpsert); the rest of the run is carried as it was.
  run: z
    .object({
      runId: z.string().min(1),
      status: z.string(),
      startedAt: z.string(),
      finishedAt: z.string(),
      tool: z.object({ version: z.string() }).passthrough(),
      plan: z.object({}).passthrough(),
      usage: z.object({}).passthrough().nullable().optional(),
      error: z.string().optional(),
      reused: z.array(z.string()).optional(),
    })
    .passthrough(),
  records: z.array(
    z.object({
      row: z.array(Cell).length(RESULT_COLUMN_COUNT),
      dimensions: z.array(z.tuple([z.string(), z.string(), z.string(), z.number().nullable()])),
    }),
  ),
  fileHashes: z.array(
    z.object({
      path: z.string(),
      signature: z.string(),
      mtimeNs: z.string(),
      ctimeNs: z.string(),
      hashedAtNs: z.string(),
      sha256: z.string(),
    }),
  ),
});
