/**
 * Resumable Monte Carlo state: after every agent run, the prompts and every finished run of one skill are saved
 * (atomically) under `<state dir>/<run id>/`, so an interrupted `certify` resumed with `--resume RUN_ID`
 * redoes no finished run. A state file belongs to one skill content and one Monte Carlo plan: when either
 * changed, the saved runs measured something else and are not reused (and the user is told).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { parseJsonText } from '../parse/json.js';
import { contentKey } from '../util/hash.js';
import { makeDir } from '../util/make-dir.js';
import { OrderedWrites } from '../util/ordered-writes.js';
import { McPrompt } from './prompts.js';

export const MC_STATE_VERSION = 1;

export const McRunRecordSchema = z.object({
  runIndex: z.number().int().min(0),
  promptIndex: z.number().int().min(0),
  shouldTrigger: z.boolean(),
  status: z.enum(['ok', 'infra']),
  infraKind: z.string().optional(),
  infraMessage: z.string().optional(),
  activated: z.boolean(),
  activationEvidence: z.string().optional(),
  agentError: z.string().optional(),
  quality: z.number().min(0).max(1).nullable(),
  gradeNote: z.string().optional(),
  tokens: z.number().min(0),
  inputTokens: z.number().min(0),
  outputTokens: z.number().min(0),
  cacheReadTokens: z.number().min(0),
  cacheWriteTokens: z.number().min(0),
  /**
   * The part of the tokens above answered from the response cache (messages runner): consumed, not spent; `all` when
   * every call was.
   */
  cached: z
    .object({
      all: z.boolean(),
      inputTokens: z.number().min(0),
      outputTokens: z.number().min(0),
      cacheReadTokens: z.number().min(0),
      cacheWriteTokens: z.number().min(0),
    })
    .optional(),
  costUsd: z.number().min(0),
  priced: z.boolean(),
  /** False when a call of the run had no token counts reported: its tokens and cost are unknown. Absent: reported. */
  usageReported: z.boolean().optional(),
  durationMs: z.number().min(0),
  toolCalls: z.number().int().min(0),
  /** The agent's answer, kept when the uplift compares it with the run made without the skill. */
  output: z.string().optional(),
});
export type SavedRun = z.infer<typeof McRunRecordSchema>;

export const McState = z.object({
  version: z.literal(MC_STATE_VERSION),
  skill: z.string(),
  /** Hash of the skill's text and of the Monte Carlo plan: saved runs are reused only when both match. */
  key: z.string(),
  prompts: z.array(McPrompt),
  promptNotes: z.array(z.string()),
  runs: z.array(McRunRecordSchema),
  /** Usage of the judge calls (prompt generation, grading) so far, in USD; null when a model had no price. */
  judgeCostUsd: z.number().nullable(),
});
export type McState = z.infer<typeof McState>;

/** Where one run's Monte Carlo state lives. */
export function stateFolder(stateDir: string, runId: string): string {
  return path.join(stateDir, runId);
}

export function stateKey(skillText: string, planPart: unknown): string {
  return contentKey({ skillText, planPart }).slice(0, 32);
}

export class McStateStore {
  // Runs finishing together save at once: their writes must land in order.
  readonly #writes = new OrderedWrites();

  constructor(readonly folder: string) {}

  #file(key: string): string {
    return path.join(this.folder, `monte-carlo-${key.slice(0, 16)}.json`);
  }

  /** The saved state for this skill and plan, or undefined (none yet, or saved for other content or plan). */
  async load(key: string): Promise<McState | undefined> {
    const file = this.#file(key);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new InputError(
        `${file}: cannot read the saved Monte Carlo state: ${(error as Error).message}`,
        file,
        error,
      );
    }
    const parsed = parseJsonText(text, file);
    if (!parsed.ok) {
      const reason = parsed.diagnostic.message.replace(/^invalid JSON: /, '');
      throw new InputError(
        `${file}: the saved Monte Carlo state is not valid JSON (${reason}); delete it to start the skill's runs over`,
        file,
      );
    }
    const state = McState.safeParse(parsed.value);
    if (!state.success)
      throw new InputError(
        `${file}: not a Monte Carlo state file (${state.error.issues[0]?.message ?? 'invalid'}); delete it to ` +
          `start over`,
        file,
      );
    return state.data.key === key ? state.data : undefined;
  }

  async save(state: McState): Promise<void> {
    await makeDir(this.folder);
    await this.#writes.write(this.#file(state.key), `${JSON.stringify(state)}\n`);
  }
}
