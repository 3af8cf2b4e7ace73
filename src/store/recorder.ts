/**
 * Records one score/certify run in the results store as it goes, and answers `--only-changed` for each target.
 * Results are written in batches as they arrive (a streaming run keeps none in memory; a run that is cancelled or
 * dies keeps what it measured), and the final write gives the run row its real status. Recording never decides a
 * run's outcome: a store that cannot be written costs one warning line, never the report or the exit code.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ScorePlan } from '../model/plan.js';
import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import type { Target } from '../parse/discover.js';
import { VERSION } from '../version.js';
import { planInputsOf, planKeyOf, reuseKeyOf, skillPlanKeyAndListing } from './keys.js';
import { StoredHashMemo, type StoredFileHash } from './hash-memo.js';
import { InputError, MissingPackageError } from '../errors.js';
import { resultRecordOf, type ResultRecord } from './result-rows.js';
import type * as SqliteStore from './sqlite-store.js';
import type { OpenStoreOptions } from './sqlite-store.js';
import { appendToJournal, JOURNAL_FOLD_BYTES, sqliteClientInstalled } from './journal.js';
import { storeProblem } from './store-problem.js';
import { IN_MEMORY, sqliteFile } from '../providers/cache/sqlite-open.js';
import type { ResultsStore, ReuseKey } from './types.js';

/** The folders a plan's target paths name (a SKILL.md given as a path stands for its folder), absolute. */
function foldersOf(targets: readonly string[]): string[] {
  return targets.map((t) => {
    const abs = path.resolve(t);
    return statSync(abs, { throwIfNoEntry: false })?.isFile() ? path.dirname(abs) : abs;
  });
}

const storeOptions = (options: RecorderOptions) => ({
  location: options.location,
  warn: options.warn,
  ...(options.signal ? { signal: options.signal } : {}),
  ...(options.onLockWait ? { onLockWait: options.onLockWait } : {}),
});

/**
 * The SQLite store's module, loaded when the store is opened: a journalled run (journal.ts) never needs it, so a
 * one-skill score does not load it (nor the lock, migration and history modules it brings) before it prints.
 */
let sqliteStore: typeof SqliteStore | undefined;
const openResultsStore = async (options: OpenStoreOptions): Promise<ResultsStore> => {
  sqliteStore ??= await import('./sqlite-store.js');
  return sqliteStore.openResultsStore(options);
};

/** Results per write: big enough that a 1,000-skill run is a handful of transactions, small enough to bound memory. */
const FLUSH_EVERY = 200;

export interface RecorderOptions {
  location: string;
  command: 'score' | 'certify';
  /** Reuse stored results whose content hash and plan key are unchanged (score --only-changed). */
  onlyChanged: boolean;
  /**
   * The run keeps its results until its report (it does not stream them): the recorder holds the same objects and
   * makes and writes their rows in finish(), after the report, instead of as they arrive.
   */
  holdResults?: boolean;
  runId: string;
  /** One line on stderr. */
  warn: (line: string) => void;
  flushEvery?: number;
  /** A journal at least this long is folded by the run that appended to it (journal.ts, JOURNAL_FOLD_BYTES). */
  journalFoldBytes?: number;
  now?: () => Date;
  /** Ctrl-C: a write waiting for another process's lock stops waiting (the report is out already). */
  signal?: AbortSignal | undefined;
  /** Called each time a write finds the store locked by another process and waits (tests act on it as an event). */
  onLockWait?: OpenStoreOptions['onLockWait'];
  /** An already opened store (tests, the queue); else opened from `location` on first use. */
  store?: ResultsStore;
  /**
   * The store is the default one, not asked for: a lean install without the SQLite client then records nothing
   * without a word (`history` says why when it is asked).
   */
  quietWithoutDriver?: boolean;
}

type SkillPlanKey = ReturnType<typeof skillPlanKeyAndListing>;

interface HeldResult {
  result: ScoreResult;
  key: ReuseKey;
  reused: boolean;
  json: string | undefined;
}

export class ScoreRunRecorder {
  readonly location: string;
  readonly #options: RecorderOptions;
  #store: Promise<ResultsStore | undefined> | undefined;
  #failed = false;
  readonly #keys = new Map<string, ReuseKey>();
  readonly #skillPlanKeys = new Map<string, Promise<SkillPlanKey>>();
  /** Results since the last write, each already its row: a result's object graph is not kept until the write. */
  #buffer: ResultRecord[] = [];
  /** With holdResults: the results with their keys, made into rows in finish() (the run holds them anyway). */
  #held: HeldResult[] = [];
  readonly #reused: string[] = [];
  readonly #reusedPaths = new Set<string>();
  #memo: Promise<StoredHashMemo | undefined> | undefined;
  /** The first target's memo when it was hashed without the store (see #hashMemo). */
  #firstMemo: StoredHashMemo | undefined;
  /** Reuse lookups waiting for the next batch, and that batch's answer. */
  #pendingLookups: Map<string, ReuseKey> | undefined;
  #lookups: Promise<Map<string, ScoreResult>> | undefined;
  #plan: ScorePlan | undefined;
  /** One plan per run: its key is computed once (targets are asked for concurrently, so it is shared as a promise). */
  #planKey: Promise<string> | undefined;
  readonly #startedAt: Date;
  #writes: Promise<void> = Promise.resolve();
  /** A batch went to the database during the run: the rest of the run follows it there. */
  #wroteBatch = false;
  /** Results handed over so far (measured and reused). */
  results = 0;

  private constructor(options: RecorderOptions, store: ResultsStore | undefined) {
    this.#options = options;
    this.location = store?.location ?? options.location;
    if (store) this.#store = Promise.resolve(store);
    this.#startedAt = (options.now ?? (() => new Date()))();
  }

  /**
   * A recorder. With `onlyChanged` the store is opened now and a store that cannot be used is bad input (thrown:
   * the user asked for reuse, so scoring everything instead would hide it); otherwise it opens on first write.
   */
  static async create(options: RecorderOptions): Promise<ScoreRunRecorder> {
    const store = options.store ?? (options.onlyChanged ? await openResultsStore(storeOptions(options)) : undefined);
    // Otherwise the store opens on the first write: after the report of a run of fewer than FLUSH_EVERY results, so
    // loading the SQLite driver (tens of ms, synchronous) is never on the way to a one-skill run's printed report.
    return new ScoreRunRecorder(options, store);
  }

  /** How many results were taken from the store. */
  get reusedCount(): number {
    return this.#reused.length;
  }

  /**
   * RunContext.reuse: every target's key is computed (recording needs it); with --only-changed a stored result may
   * stand.
   */
  readonly reuse = async (target: Target, plan: ScorePlan): Promise<ScoreResult | undefined> => {
    if (this.#plan === undefined) {
      this.#plan = plan;
      this.#planKey = planInputsOf(plan).then((inputs) => planKeyOf(plan, VERSION, inputs));
    }
    let key: ReuseKey;
    try {
      const skillKey = target.kind === 'skill' ? await this.#skillPlanKey(target.dir) : undefined;
      const planKey = skillKey?.key ?? (await this.#planKey!);
      key = await reuseKeyOf(target.dir, planKey, await this.#hashMemo(), skillKey?.listed);
    } catch {
      // Unreadable files: the scoring reports them; without a key nothing is reused or recorded for this target.
      return undefined;
    }
    this.#keys.set(target.displayPath, key);
    if (!this.#options.onlyChanged) return undefined;
    const found = await this.#lookUp(key);
    if (found === undefined) return undefined;
    this.#reused.push(target.displayPath);
    this.#reusedPaths.add(target.displayPath);
    // Shown under the path as given in this run; everything measured is as stored.
    return { ...found, target: { ...found.target, path: target.displayPath } };
  };

  /**
   * A lone skill's plan key, with its folder's listing (keys.ts, skillPlanKeyAndListing); one listing per folder, not per
   * skill. The skill's content hash walks the folders that listing read, without listing them again.
   */
  #skillPlanKey(dir: string): Promise<SkillPlanKey> {
    const skillsDir = path.dirname(path.resolve(dir));
    let key = this.#skillPlanKeys.get(skillsDir);
    if (key === undefined)
      this.#skillPlanKeys.set(
        skillsDir,
        (key = this.#planKey!.then((planKey) => skillPlanKeyAndListing(planKey, skillsDir))),
      );
    return key;
  }

  /**
   * Lookups asked for in the same turn of the event loop go to the store as one statement: the pipeline asks for
   * many targets at once (src/pipeline/run-log.ts, REUSE_CONCURRENCY), and one query per key was most of the
   * time of an unchanged --only-changed run.
   */
  #lookUp(key: ReuseKey): Promise<ScoreResult | undefined> {
    if (this.#pendingLookups === undefined) {
      const batch = new Map<string, ReuseKey>();
      this.#pendingLookups = batch;
      this.#lookups = new Promise<Map<string, ScoreResult>>((resolve) => {
        setImmediate(() => {
          this.#pendingLookups = undefined;
          void this.#openStore()
            .then((store) => store?.reusable([...batch.values()]) ?? new Map<string, ScoreResult>())
            .then(resolve, (error: unknown) => {
              this.#fail(error);
              resolve(new Map());
            });
        });
      });
    }
    this.#pendingLookups.set(key.targetKey, key);
    return this.#lookups!.then((found) => found.get(key.targetKey));
  }

  /**
   * RunContext.onResult: buffered as its row, written in batches. `json`: the result as JSON.stringify writes it,
   * when the caller made it already (a JSON Lines line), so it is not made twice.
   */
  readonly onResult = (result: ScoreResult, json?: string): void => {
    this.results += 1;
    const key = this.#keys.get(result.target.path);
    // A result without a key cannot be told apart from another version of the target: not recorded.
    if (key === undefined) return;
    const reused = this.#reusedPaths.has(result.target.path);
    if (this.#options.holdResults === true) this.#held.push({ result, key, reused, json });
    else this.#buffer.push(resultRecordOf(result, key, reused, json));
    if (this.#buffer.length >= this.#flushEvery) this.#flush(undefined);
  };

  get #flushEvery(): number {
    return this.#options.flushEvery ?? FLUSH_EVERY;
  }

  /** Resolves once every write started so far has ended (written, or warned about). */
  settled(): Promise<void> {
    return this.#writes;
  }

  /** Write what is left with the run's final status (any status: cancelled and error runs keep what they measured). */
  async finish(run: ScoreRun | undefined): Promise<void> {
    // Held results become rows a batch at a time, each batch written before the next is made: the strings of
    // one batch are alive at once, as when rows were made as results arrived.
    while (this.#held.length > 0) {
      const batch = this.#held.splice(0, this.#flushEvery - this.#buffer.length);
      for (const h of batch) this.#buffer.push(resultRecordOf(h.result, h.key, h.reused, h.json));
      if (this.#held.length === 0) break;
      this.#flush(undefined);
      await this.#writes;
    }
    // The files hashed for the run's keys are remembered in the run's last write: one transaction.
    const fileHashes = await this.#freshHashes();
    const journal = this.#journalled(run, fileHashes);
    if (journal === 'full') await this.#foldJournal();
    if (journal !== 'no') return;
    this.#flush(run, fileHashes);
    await this.#writes;
    const store = await this.#store;
    await store?.close().catch(() => undefined);
  }

  /**
   * A run that never opened the store (fewer results than one batch, no --only-changed, one target) is appended to
   * the store's journal instead (journal.ts): no SQLite driver is loaded, and the next process that opens the store
   * folds it in. A larger run has loaded the driver for its batches and remembered hashes already, and writing its
   * results twice (journal, then database) would cost it more than the driver does: it writes directly.
   */
  #journalled(final: ScoreRun | undefined, fileHashes: readonly StoredFileHash[]): 'no' | 'yes' | 'full' {
    if (this.#store !== undefined || this.#wroteBatch || this.#failed || this.location === IN_MEMORY) return 'no';
    // Without the SQLite client nobody could fold the journal: the direct write says so (or keeps quiet) as before.
    if (!sqliteClientInstalled()) return 'no';
    const run = this.#runRow(final);
    if (run === undefined) return 'yes';
    let file: string;
    try {
      file = sqliteFile(this.location);
    } catch {
      return 'no';
    }
    const size = appendToJournal(file, { command: this.#options.command, run, records: this.#buffer, fileHashes });
    if (size === undefined) return 'no';
    return size >= (this.#options.journalFoldBytes ?? JOURNAL_FOLD_BYTES) ? 'full' : 'yes';
  }

  /** Opening the store folds its journal; the run is in the journal already, whatever happens here. */
  async #foldJournal(): Promise<void> {
    try {
      await (await openResultsStore(storeOptions(this.#options))).close();
    } catch (error) {
      const detail = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
      this.#options.warn(`plugin-eval: the results store's journal was not folded into it: ${detail}`);
    }
  }

  #runRow(final: ScoreRun | undefined): ScoreRun | undefined {
    return final ? { ...final, results: [], reused: final.reused ?? [...this.#reused] } : this.#interimRun();
  }

  #flush(final: ScoreRun | undefined, fileHashes: readonly StoredFileHash[] = []): void {
    const records = this.#buffer;
    this.#buffer = [];
    if (final === undefined) this.#wroteBatch = true;
    const run = this.#runRow(final);
    if (run === undefined) return;
    this.#writes = this.#writes.then(async () => {
      if (this.#failed) return;
      const store = await this.#openStore();
      try {
        await store?.recordResults(run, this.#options.command, records, fileHashes);
      } catch (error) {
        this.#fail(error);
      }
    });
  }

  /** The run row while the run goes on: if the process dies, the row says the run did not finish. */
  #interimRun(): ScoreRun | undefined {
    if (this.#plan === undefined) return undefined;
    return {
      schemaVersion: 1,
      kind: 'score-run',
      runId: this.#options.runId,
      status: 'error',
      error: 'the run had not finished when these results were recorded (the process ended before it did)',
      tool: { name: 'plugin-eval', version: VERSION },
      plan: this.#plan,
      startedAt: this.#startedAt.toISOString(),
      finishedAt: (this.#options.now ?? (() => new Date()))().toISOString(),
      results: [],
      failures: [],
      diagnostics: [],
      usage: null,
      reused: [...this.#reused],
    };
  }

  /**
   * The store's remembered file hashes, loaded once: hashing every target is most of an unchanged --only-changed
   * run. A store that cannot be read hashes everything (its failure is said once, as for a write).
   */
  #hashMemo(): Promise<StoredHashMemo | undefined> {
    // The first target of a run without --only-changed is hashed in full instead of opening the store for its
    // remembered hashes; what it hashed is remembered all the same (saved with the run).
    if (
      this.#memo === undefined &&
      this.#firstMemo === undefined &&
      this.#store === undefined &&
      !this.#options.onlyChanged
    ) {
      this.#firstMemo = new StoredHashMemo([]);
      return Promise.resolve(this.#firstMemo);
    }
    this.#memo ??= this.#openStore().then(async (store) => {
      if (store === undefined || this.#failed) return undefined;
      try {
        return new StoredHashMemo(await store.loadFileHashes(foldersOf(this.#plan?.targets ?? [])));
      } catch (error) {
        this.#fail(error);
        return undefined;
      }
    });
    return this.#memo;
  }

  /** Hashes computed during the run: what the store should remember. */
  async #freshHashes(): Promise<StoredFileHash[]> {
    return [...(this.#firstMemo?.fresh() ?? []), ...((await this.#memo)?.fresh() ?? [])];
  }

  #openStore(): Promise<ResultsStore | undefined> {
    this.#store ??= openResultsStore(storeOptions(this.#options)).catch((error: unknown) => {
      this.#fail(error);
      return undefined;
    });
    return this.#store;
  }

  /**
   * The first problem is said once; later writes are skipped (a half-recorded run is still consistent: rows are per
   * result).
   */
  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    if (error instanceof MissingPackageError && this.#options.quietWithoutDriver === true) return;
    // Errors of opening are already worded (InputError); a failed write is worded the same way (storeProblem).
    const detail =
      error instanceof InputError ? (error.message.split('\n', 1)[0] ?? '') : storeProblem(this.location, error);
    this.#options.warn(
      `plugin-eval: the run was not recorded in the results ` +
        `store: ${detail.includes(this.location) ? detail : `${this.location}: ${detail}`}`,
    );
  }
}
