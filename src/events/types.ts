/**
 * The run's event stream: what happened, as it happened. One stream feeds the progress bar, `--verbose`, the
 * `--log-dir` call log, and later the results store and the review viewer. Plain types, no imports from the
 * rest of the code base, so the lowest modules (providers, cache) can emit without an import cycle.
 */

/** Where an event happened, when known: filled in from the scope the pipeline sets around each target's layer. */
export interface EventScope {
  /** Display path of the target being scored. */
  target?: string;
  /** The layer running (static, judge, monte_carlo). */
  layer?: string;
  /** The dimension a call measures, when the caller set it. */
  dimension?: string;
}

/** A model request as sent (system prompt and messages; never credentials). */
export interface CallPrompt {
  model: string;
  system?: string;
  messages: { role: string; content: string }[];
  /** Structured-output name (e.g. `judge_output_quality`), when the call asked for one. */
  schemaName?: string;
  sampleIndex?: number;
  temperature?: number;
}

/** A model reply as received, with what it cost. */
export interface CallReply {
  ok: boolean;
  text: string;
  /** Why the reply could not be used (an invalid answer after the repair request). */
  reason?: string;
  model: string;
  provider: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Present (false) only when the server reported no token counts: the tokens and cost above are unknown, not 0. */
  usageReported?: false;
  costUsd: number;
  cached: boolean;
  attempts: number;
  latencyMs: number;
}

export type RunEvent = EventScope &
  (
    | { type: 'run.started'; runId: string; targets: number }
    | { type: 'run.finished'; runId: string; status: string; ms: number }
    | { type: 'layer.started'; target: string; layer: string }
    | { type: 'layer.finished'; target: string; layer: string; ms: number }
    | { type: 'call.sent'; provider: string; attempt: number; prompt: CallPrompt }
    | { type: 'call.retried'; provider: string; attempt: number; reason: string; status?: number; delayMs: number }
    | { type: 'call.cached'; provider: string; prompt: CallPrompt; reply: CallReply }
    | { type: 'call.failed'; provider: string; attempts: number; reason: string; status?: number; prompt: CallPrompt }
    | { type: 'call.finished'; provider: string; prompt: CallPrompt; reply: CallReply }
    | { type: 'target.done'; target: string; done: number; total: number; outcome: 'scored' | 'failed' | 'reused' }
    /**
     * A static-only run scores its targets on worker threads, this many at most, and on the main thread too when
     * mainThread is set (src/pipeline/scoring-threads.ts).
     */
    | { type: 'threads.started'; workers: number; mainThread?: true }
    /** A worker thread ended mid-run; the targets it had in hand are scored on the main thread instead. */
    | { type: 'thread.lost'; reason: string; targets: string[] }
    /** Monte Carlo: one agent run finished (progress, running cost, activations so far). */
    | {
        type: 'agent.run';
        /** without-skill: a run made without the skill, for the uplift (its `done`/`planned` count those runs). */
        phase?: 'without-skill';
        target: string;
        runIndex: number;
        done: number;
        planned: number;
        status: 'ok' | 'infra';
        infraKind?: string;
        shouldTrigger: boolean;
        activated: boolean;
        /** Activated runs so far, infrastructure errors so far, USD so far (null: a model had no price). */
        activatedSoFar: number;
        infraSoFar: number;
        costUsd: number | null;
        ms: number;
      }
    /** Monte Carlo: the planned work of one skill, before any run (cost estimate). */
    | { type: 'agent.plan'; target: string; planned: number; prompts: number; resumed: number }
  );

export type RunEventType = RunEvent['type'];

/** Receives every event of a run, synchronously, in the order they happen. Must not throw. */
export type EventSink = (event: RunEvent & { at: number }) => void;
