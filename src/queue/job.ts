/**
 * What travels through the queue: one job per target of a run, and what a worker hands back. Plain data only
 * (a ScorePlan names the provider and model, never a key), so any machine with the checkout can run it.
 * The submitter validates every reply with these schemas: a worker of another version, or a corrupt reply, is
 * said as such, never read as a score.
 */
import { z } from 'zod';
import { ScorePlan } from '../model/plan.js';
import { ScoreResult } from '../model/result.js';
import { RunFailure } from '../model/run.js';

export const QUEUE_JOB_VERSION = 1;

/** The BullMQ queue every submitter and worker of one Redis uses unless told otherwise. */
export const DEFAULT_QUEUE_NAME = 'plugin-eval';
/** BullMQ's key prefix: plugin-eval's keys stay apart from anything else in the same Redis. */
export const DEFAULT_QUEUE_PREFIX = 'plugin-eval';

export const QueueTarget = z.object({
  kind: z.enum(['skill', 'plugin']),
  displayPath: z.string().describe("The folder as the submitter shows it: the result's target path"),
  dir: z.string().describe('Absolute folder on the submitting machine'),
  relative: z
    .string()
    .nullable()
    .describe(
      'The folder relative to `root`, so a worker with the checkout elsewhere (worker --root DIR) finds it; ' +
        'null when it lies outside the root',
    ),
});
export type QueueTarget = z.infer<typeof QueueTarget>;

export const QueueJob = z
  .object({
    jobVersion: z.literal(QUEUE_JOB_VERSION),
    runId: z.string(),
    index: z.number().int().min(0).describe("The target's place in the run: results are reported in this order"),
    total: z.number().int().min(1),
    root: z.string().describe("The submitter's working folder (absolute): the root `relative` paths are relative to"),
    target: QueueTarget,
    contentHash: z
      .string()
      .describe("sha256 over the target's files when it was submitted: a worker that sees other content fails the job"),
    plan: ScorePlan.describe("The run's plan with `targets` narrowed to this one target"),
  })
  .meta({
    id: 'QueueJob',
    title: 'plugin-eval queue job',
    description: 'One target of a score run, as sent to a worker.',
  });
export type QueueJob = z.infer<typeof QueueJob>;

export const QueueOutcome = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('result'),
      result: ScoreResult,
      worker: z.string().describe('Host and process id of the worker that scored it'),
    }),
    z
      .object({ kind: z.literal('failure'), failure: RunFailure, worker: z.string() })
      .describe('The target could not be read (the same failure a local run reports)'),
  ])
  .meta({
    id: 'QueueOutcome',
    title: 'plugin-eval queue job result',
    description: "What a worker returns for one job: a result, or the target's failure to be read.",
  });
export type QueueOutcome = z.infer<typeof QueueOutcome>;

/**
 * One id per (run, target): adding the same job again, or a retry, is the same job, and the submitter keys
 * results by it. BullMQ rejects ':' in custom ids (its own key separator), hence '#'.
 */
export const jobIdOf = (runId: string, index: number): string => `${runId}#${index}`;
