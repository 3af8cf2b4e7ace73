/**
 * Regex expectations run on a worker thread with a time limit. A pattern in evals.json is the user's, and one
 * that backtracks catastrophically (`(a+)+$` over "aaaa...b") would hold the main thread for ever: no timer can
 * fire while a regex runs, so the only bound is a thread that can be terminated. One thread serves a whole
 * `evals grade` (started with its first regex, ~30 ms), searches one at a time, and is replaced only after it
 * had to be stopped; the texts travel by structured clone, linear in their size.
 */
import type * as WorkerThreads from 'node:worker_threads';
import { createRequire } from 'node:module';
import { CancelledError } from '../../errors.js';

/**
 * How long one regex expectation may search one run's texts. A sound pattern takes milliseconds even over a
 * transcript of megabytes; one still running after this long is backtracking, and would not finish in a lifetime.
 */
export const REGEX_TIME_LIMIT_MS = 10_000;

/** Characters of a match sent back: the evidence quotes at most 200 (and says when it cut). */
const MATCH_SENT = 201;

export type RegexSearch =
  /** `index`: the first text (in the order given) with a match; -1: none matched. */
  { done: true; index: number; match: string } | { done: false; reason: string };

interface Request {
  pattern: string;
  flags: string;
  texts: readonly string[];
}
type Reply = { index: number; match: string } | { error: string };

// Plain CommonJS run with `eval: true`: no file to find beside the module, in the library or the CLI bundle.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ pattern, flags, texts }) => {
  try {
    const re = new RegExp(pattern, flags);
    for (let i = 0; i < texts.length; i++) {
      re.lastIndex = 0;
      const hit = re.exec(texts[i]);
      if (hit) return parentPort.postMessage({ index: i, match: hit[0].slice(0, ${MATCH_SENT}) });
    }
    parentPort.postMessage({ index: -1, match: '' });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

let workerThreads: typeof WorkerThreads | undefined;
const loadWorkerThreads = (): typeof WorkerThreads =>
  (workerThreads ??= createRequire(import.meta.url)('node:worker_threads') as typeof WorkerThreads);

export class RegexThread {
  readonly #limitMs: number;
  #worker: WorkerThreads.Worker | undefined;
  #online: Promise<void> | undefined;
  /** Searches run one after another: each one's time limit starts when the thread takes it. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(limitMs = REGEX_TIME_LIMIT_MS) {
    this.#limitMs = limitMs;
  }

  /** The first match of `pattern` in `texts` (searched in order), or why the search could not be finished. */
  search(pattern: string, flags: string, texts: readonly string[], signal?: AbortSignal): Promise<RegexSearch> {
    const next = this.#queue.then(() => this.#run({ pattern, flags, texts }, signal));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Stops the thread (a later search starts another). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#online = undefined;
    await worker?.terminate();
  }

  #start(): { worker: WorkerThreads.Worker; online: Promise<void> } {
    if (this.#worker === undefined || this.#online === undefined) {
      const worker = new (loadWorkerThreads().Worker)(WORKER_SOURCE, { eval: true });
      this.#worker = worker;
      this.#online = new Promise<void>((resolve, reject) => {
        worker.once('online', resolve);
        worker.once('error', reject);
      });
    }
    return { worker: this.#worker, online: this.#online };
  }

  async #run(request: Request, signal: AbortSignal | undefined): Promise<RegexSearch> {
    if (signal?.aborted) throw new CancelledError();
    const { worker, online } = this.#start();
    // Held while it searches; idle, the thread never keeps the process alive (a caller that forgets close()).
    worker.ref();
    try {
      await online;
    } catch (error) {
      void this.close();
      return {
        done: false,
        reason: `the regex thread did not start: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (signal?.aborted) {
      worker.unref();
      throw new CancelledError();
    }
    return new Promise<RegexSearch>((resolve, reject) => {
      const settle = (): void => {
        worker.unref();
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (reply: Reply): void => {
        settle();
        resolve(
          'error' in reply ? { done: false, reason: `the pattern failed: ${reply.error}` } : { done: true, ...reply },
        );
      };
      const onError = (error: Error): void => {
        settle();
        void this.close();
        resolve({ done: false, reason: `the regex thread failed: ${error.message}` });
      };
      const onAbort = (): void => {
        settle();
        void this.close();
        reject(new CancelledError());
      };
      // Only terminating the thread stops a regex that is running: the next search starts a new one.
      const timer = setTimeout(() => {
        settle();
        void this.close();
        resolve({
          done: false,
          reason:
            `the search did not finish within ${this.#limitMs / 1000} s (the pattern backtracks catastrophically ` +
            `on this text)`,
        });
      }, this.#limitMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(request);
    });
  }
}
