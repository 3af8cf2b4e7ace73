/**
 * The worker thread of ./scoring-threads.ts: scores each target it is sent with the same assembleTarget as the
 * main thread, from the plan and layer selection the main thread started it with, and replies with the outcome
 * (and, when the run has an event sink, the events the target's scoring emitted).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { RunEvent } from '../events/types.js';
import type { RunContext } from './context.js';
import type { LayerRunContext } from './layers/contract.js';
import { assembleTarget, type ListingCache } from './run-plan.js';
import type { ScoringReply, ScoringTask, ScoringThreadData } from './scoring-threads.js';

function errorOf(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error)
    return { name: error.name, message: error.message, ...(error.stack !== undefined ? { stack: error.stack } : {}) };
  return { name: 'Error', message: String(error) };
}

function serve(port: NonNullable<typeof parentPort>, data: ScoringThreadData): void {
  let events: (RunEvent & { at: number })[] = [];
  const run: RunContext = { providers: {}, ...(data.events ? { events: (e) => events.push(e) } : {}) };
  const ctx: LayerRunContext = { plan: data.plan, run };
  const selection = { measuring: [], notRun: data.notRun };
  const listings: ListingCache = new Map();
  const reply = (message: ScoringReply) => {
    try {
      port.postMessage(message);
    } catch (error) {
      // An outcome that cannot be cloned is a bug here, reported as the error it is rather than a lost target.
      port.postMessage({ id: message.id, error: errorOf(error) } satisfies ScoringReply);
    }
  };
  port.on('message', (task: ScoringTask) => {
    assembleTarget(task.target, selection, ctx, listings).then(
      (outcome) => {
        const sent = events;
        events = [];
        reply({ id: task.id, outcome, events: sent });
      },
      (error: unknown) => reply({ id: task.id, error: errorOf(error) }),
    );
  });
}

if (isMainThread || parentPort === null) {
  process.stderr.write(
    'plugin-eval: scoring-thread is started by the scoring pipeline as a worker thread, not run on its own\n',
  );
  process.exitCode = 2;
} else {
  serve(parentPort, workerData as ScoringThreadData);
}
