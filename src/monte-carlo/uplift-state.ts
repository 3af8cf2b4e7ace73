/**
 * Resumable uplift state: each finished comparison (the run without the skill and the judge's verdict on the pair)
 * is saved atomically beside the Monte Carlo state of the same skill and plan, so a resumed `certify` makes no run
 * without the skill twice. A comparison lost to infrastructure is not saved: a resume makes it again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { UpliftComparison } from '../model/uplift.js';
import { parseJsonText } from '../parse/json.js';
import { UsageSummary } from '../providers/pricing.js';
import { makeDir } from '../util/make-dir.js';
import { OrderedWrites } from '../util/ordered-writes.js';
import { McRunRecordSchema } from './state.js';

const SavedComparison = z.object({
  /** The run with the skill this comparison pairs with. */
  runIndex: z.number().int().min(0),
  comparison: UpliftComparison,
  /** What the run without the skill spent, under the usage ledger's rules. */
  run: McRunRecordSchema.pick({
    priced: true,
    usageReported: true,
    costUsd: true,
    durationMs: true,
    inputTokens: true,
    outputTokens: true,
    cacheReadTokens: true,
    cacheWriteTokens: true,
    cached: true,
  }),
  judge: UsageSummary,
});
export type SavedComparison = z.infer<typeof SavedComparison>;

const UpliftState = z.object({
  version: z.literal(1),
  /** The Monte Carlo state's key (skill text and plan): comparisons are reused only when it matches. */
  key: z.string(),
  comparisons: z.array(SavedComparison),
});
export type UpliftState = z.infer<typeof UpliftState>;

export class UpliftStateStore {
  // Runs finishing together save at once: their writes must land in order.
  readonly #writes = new OrderedWrites();

  constructor(readonly folder: string) {}

  #file(key: string): string {
    return path.join(this.folder, `uplift-${key.slice(0, 16)}.json`);
  }

  /** The saved comparisons for this skill and plan (none yet, or saved for other content or plan: empty). */
  async load(key: string): Promise<SavedComparison[]> {
    const file = this.#file(key);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new InputError(`${file}: cannot read the saved uplift state: ${(error as Error).message}`, file, error);
    }
    const parsed = parseJsonText(text, file);
    const state = parsed.ok ? UpliftState.safeParse(parsed.value) : undefined;
    if (state === undefined || !state.success)
      throw new InputError(
        `${file}: not an uplift state file (${
          parsed.ok ? (state?.error?.issues[0]?.message ?? 'invalid') : parsed.diagnostic.message
        }); delete it to make the runs without the skill again`,
        file,
      );
    return state.data.key === key ? state.data.comparisons : [];
  }

  async save(key: string, comparisons: readonly SavedComparison[]): Promise<void> {
    await makeDir(this.folder);
    const state: UpliftState = { version: 1, key, comparisons: [...comparisons] };
    await this.#writes.write(this.#file(key), `${JSON.stringify(state)}\n`);
  }
}
