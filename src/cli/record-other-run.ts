/**
 * The `evals` and `judge` commands that run or judge something are recorded in the results store as one run row
 * each (recordOtherRun), from one place after the command finished: which step, on what, when, how it ended, and
 * what its model calls used (command-usage.ts: every provider the CLI builds records into the command's ledger).
 * Agent runs (evals run) are noted by their command. A step that made no model call stores its tokens and cost as
 * unknown (null), never as 0. A dry run, and a command that stopped on bad input (exit 2) or was cancelled, measured
 * nothing and is not recorded. Recording never changes the exit code.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { resolveSettings, settingPath } from '../config/resolve.js';
import type { RecordedCommand } from '../store/schema.js';
import type { OtherRunRecord } from '../store/types.js';
import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';
import { newRunId } from '../util/run-id.js';

/** The steps recorded, by `evals` subcommand; `evals history` only reads, so it is not one. */
const EVALS_STEPS: Readonly<Record<string, OtherRunRecord['command']>> = {
  run: 'evals-run',
  grade: 'evals-grade',
  aggregate: 'evals-aggregate',
  compare: 'evals-compare',
  triggers: 'evals-triggers',
};
const JUDGE_STEPS = new Set(['score', 'compare', 'rubric', 'calibrate', 'bias']);

/** The recorded command of `group sub`, or undefined when that step is not recorded. */
export function recordedCommandOf(
  group: string | undefined,
  sub: string | undefined,
): Exclude<RecordedCommand, 'score' | 'certify'> | undefined {
  if (sub === undefined) return undefined;
  if (group === 'evals') return EVALS_STEPS[sub];
  if (group === 'judge' && JUDGE_STEPS.has(sub)) return 'judge';
  return undefined;
}

function statusOf(code: number): OtherRunRecord['status'] | undefined {
  if (code === EXIT.OK || code === EXIT.FAILED) return 'success';
  if (code === EXIT.NOT_MEASURED) return 'partial';
  return undefined;
}

export interface OtherCommandRun {
  /** The subcommand whose action ran (commander's actionCommand). */
  action: Command;
  code: number;
  startedAt: Date;
  ui: Ui;
  configFile: string | undefined;
}

/**
 * Provider, models, tokens and cost of the command's model calls and agent runs; unknown (null) when it made none.
 * A cost is null as soon as one part of it had no price or no usage reported (never a partial sum shown as the whole).
 */
async function usageOfCommandNow(): Promise<Pick<OtherRunRecord, 'provider' | 'models' | 'tokens' | 'costUsd'>> {
  const { agentUsage, commandUsage } = await import('./command-usage.js');
  const rows = commandUsage().rows();
  const agents = agentUsage();
  if (rows.length === 0 && agents.length === 0) return { provider: null, models: [], tokens: null, costUsd: null };
  const total = commandUsage().total();
  const parts = [
    ...(rows.length > 0 ? [{ input: total.inputTokens, output: total.outputTokens, cost: total.costUsd }] : []),
    ...agents.map((a) => ({ input: a.inputTokens, output: a.outputTokens, cost: a.costUsd })),
  ];
  return {
    provider: [...new Set([...rows.map((r) => r.provider), ...agents.map((a) => a.runner)])].join(', '),
    models: [...new Set([...rows.map((r) => r.model), ...agents.map((a) => a.model)])],
    // Calls without usage reported leave the token sums unknown, as the cost.
    tokens:
      total.unreportedCalls > 0
        ? null
        : { input: parts.reduce((n, p) => n + p.input, 0), output: parts.reduce((n, p) => n + p.output, 0) },
    costUsd: parts.some((p) => p.cost === null) ? null : parts.reduce((n, p) => n + p.cost!, 0),
  };
}

export async function recordOtherCommand(run: OtherCommandRun): Promise<void> {
  const sub = run.action;
  const group = sub.parent?.name();
  const command = recordedCommandOf(group, sub.name());
  const status = statusOf(run.code);
  // A dry run printed a plan and ran nothing: there is nothing to record.
  if (command === undefined || status === undefined || sub.opts<{ dryRun?: boolean }>().dryRun === true) return;
  let location: string | undefined;
  try {
    const resolved = await resolveSettings({
      command: group === 'judge' ? 'judge' : 'evals',
      ...(run.configFile !== undefined ? { config: run.configFile } : {}),
    });
    if (resolved.settings.store === false) return;
    location = settingPath(resolved, 'store', resolved.settings.store);
    const opts = sub.opts<{ input?: unknown; workspace?: unknown }>();
    const given =
      sub.args[0] ??
      (typeof opts.input === 'string' ? opts.input : undefined) ??
      (typeof opts.workspace === 'string' ? opts.workspace : undefined);
    const usage = await usageOfCommandNow();
    const { openResultsStore } = await import('../store/sqlite-store.js');
    const store = await openResultsStore({ location, warn: (line) => run.ui.stderr(line) });
    try {
      await store.recordOtherRun({
        runId: newRunId(),
        command,
        status,
        startedAt: run.startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        subject: path.resolve(given ?? '.'),
        ...usage,
        summary: { step: `${group} ${sub.name()}`, exitCode: run.code, arguments: sub.args },
      });
    } finally {
      await store.close();
    }
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
    run.ui.stderr(
      `plugin-eval: the run was not recorded in the results ` +
        `store: ${location !== undefined && !detail.includes(location) ? `${location}: ` : ''}${detail}`,
    );
  }
}
