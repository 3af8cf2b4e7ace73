/**
 * A large run's heap growth. After each full collection V8 sets the next one's limit at a multiple of what survived,
 * a multiple it picks itself: up to about 4x when collecting costs the thread little, as in a scoring run, whose
 * ~30 MB of live data let the main thread's heap reach ~150 MB. `--heap-growing-percent=N` fixes that multiple at
 * 1 + N/100, for a few more full collections (docs/performance.md, "A large run's heap growth").
 *
 * Node calls `v8.setFlagsFromString` after start-up undefined behaviour in general; this flag is safe to change
 * then because V8 reads it in one place only, `MemoryController::GrowingFactor` (src/heap/heap-controller.cc), each
 * time a full collection sets the next limit. Nothing is built from it at start-up, so the change takes effect at
 * the next full collection, in every isolate of the process (the scoring workers' too: V8's flags are per process).
 * The flag implies no other flag, so V8's re-applying of implications after the call changes nothing else.
 *
 * Two things it must not break:
 * - The CLI's code cache (./code-cache.ts). V8 stores a hash of its flags in every cache and refuses one made under
 *   other flags; the hash follows the flags' current values. So the flag goes back to its default before the
 *   process exits, ahead of the cache's write: a cache written after a large run is the one an ordinary run reads.
 * - A Node whose V8 no longer knows the flag. V8 would print "unrecognized flag" on stderr (and go on), so the flag
 *   is first tried on `node --heap-growing-percent=N --version` (~10 ms, exit 9 on an unknown flag), and not set if
 *   that fails.
 * A flag the user gave node themselves (`node --heap-growing-percent=...`) is theirs: nothing is changed then.
 */
import type * as ChildProcess from 'node:child_process';
import { createRequire } from 'node:module';
import type * as V8 from 'node:v8';
import { AUTO_THREADS_MIN_TARGETS } from '../pipeline/scoring-threads.js';

/** A run of this many targets or more is a large run (the size from which 'auto' threads start workers too). */
export const LARGE_RUN_MIN_TARGETS = AUTO_THREADS_MIN_TARGETS;

/**
 * The heap's growth between full collections in a large run, in percent (V8 picks up to ~300 itself). 5,000 skills,
 * store on: peak RSS 258-301 -> 226 MB (threads auto) and 245-287 -> ~197 MB (--threads 1), CPU within the spread
 * between runs (docs/performance.md).
 */
export const LARGE_RUN_HEAP_GROWING_PERCENT = 20;

const FLAG = '--heap-growing-percent';
/** V8's default: 0 lets V8 choose the factor. */
const FLAG_DEFAULT = 0;

export interface HeapGrowthHooks {
  /** node's own command-line options (process.execArgv). */
  execArgv: readonly string[];
  /** Whether this Node accepts the V8 flag (a node started with it and --version exits 0). */
  accepts: (flag: string) => boolean;
  /** v8.setFlagsFromString. */
  setFlags: (flags: string) => void;
  /** Run once as the process exits, before the code cache is written (process.prependOnceListener('exit')). */
  atExit: (restore: () => void) => void;
}

/** node:child_process and node:v8, loaded by a large run only: a one-skill run loads neither. */
const requireBuiltin = createRequire(import.meta.url);

/** Whether `node <flag> --version` exits 0: node refuses a V8 flag its V8 does not know (exit 9) before printing. */
export function nodeAcceptsFlag(flag: string): boolean {
  const { spawnSync } = requireBuiltin('node:child_process') as typeof ChildProcess;
  return spawnSync(process.execPath, [flag, '--version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

const PROCESS_HOOKS: HeapGrowthHooks = {
  execArgv: process.execArgv,
  accepts: nodeAcceptsFlag,
  setFlags: (flags) => (requireBuiltin('node:v8') as typeof V8).setFlagsFromString(flags),
  atExit: (restore) => process.prependOnceListener('exit', restore),
};

/** What each process (its hooks) settled on: the percent set, or undefined when the flag could not be. */
const settled = new WeakMap<HeapGrowthHooks, number | undefined>();

/**
 * For a run of `targets` targets: a large run gets LARGE_RUN_HEAP_GROWING_PERCENT (returned), set once in the process
 * and back at V8's default as the process exits; a smaller run, a Node that does not know the flag, or a node given
 * the flag by its user is left as it is (undefined).
 */
export function limitHeapGrowthForLargeRun(
  targets: number,
  hooks: HeapGrowthHooks = PROCESS_HOOKS,
): number | undefined {
  if (targets < LARGE_RUN_MIN_TARGETS) return undefined;
  if (settled.has(hooks)) return settled.get(hooks);
  const percent = setFlag(hooks);
  settled.set(hooks, percent);
  return percent;
}

function setFlag(hooks: HeapGrowthHooks): number | undefined {
  if (hooks.execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return undefined;
  const flag = `${FLAG}=${LARGE_RUN_HEAP_GROWING_PERCENT}`;
  if (!hooks.accepts(flag)) return undefined;
  hooks.setFlags(flag);
  hooks.atExit(() => hooks.setFlags(`${FLAG}=${FLAG_DEFAULT}`));
  return LARGE_RUN_HEAP_GROWING_PERCENT;
}
