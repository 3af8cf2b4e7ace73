/**
 * The `evals` and `judge` commands that run or judge something are recorded in the results store as one run row
 * each (recordOtherRun), from one place after the command finished: which step, on what, when, how it ended, and
 * what its model calls used (command-usage.ts: every provider the CLI builds records into the command's ledger).
 * A step that made no model call through a provider (an agent run's own usage is in its run.json) stores its
 * tokens and cost as unknown (null), never as 0. A command that stopped on bad
 * input (exit 2) or was cancelled measured nothing and is not recorded. Recording never changes the exit code.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { resolveSettings, settingPath } from '../config/resolve.js';
import type { RecordedCommand } from '../store/schema.js';
import type { OtherRunRecord } from '../store/types.js';
import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';

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
export function recordedCommandOf(group: string | undefined, sub: string | undefined): Exclude<RecordedCommand, 'score' | 'certify'> | undefined {
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

/** Provider, models, tokens and cost of the command's model calls; unknown (null) when it made none through a provider. */
async function usageOfCommandNow(): Promise<Pick<OtherRunRecord, 'provider' | 'models' | 'tokens' | 'costUsd'>> {
  const { commandUsage } = await import('./command-usage.js');
  const ledger = commandUsage();
  const rows = ledger.rows();
  if (rows.length === 0) return { provider: null, models: [], tokens: null, costUsd: null };
  const total = ledger.total();
  return {
    provider: [...new Set(rows.map((r) => r.provider))].join(', '),
    models: [...new Set(rows.map((r) => r.model))],
    tokens: { input: total.inputTokens, output: total.outputTokens },
    costUsd: total.costUsd,
  };
}

export async function recordOtherCommand(run: OtherCommandRun): Promise<void> {
  const sub = run.action;
  const group = sub.parent?.name();
  const command = recordedCommandOf(group, sub.name());
  const status = statusOf(run.code);
  if (command === undefined || status === undefined) return;
  let location: string | undefined;
  try {
    const resolved = await resolveSettings({ command: group === 'judge' ? 'judge' : 'evals', ...(run.configFile !== undefined ? { config: run.configFile } : {}) });
    if (resolved.settings.store === false) return;
    location = settingPath(resolved, 'store', resolved.settings.store);
    const opts = sub.opts<{ input?: unknown; workspace?: unknown }>();
    const given = sub.args[0] ?? (typeof opts.input === 'string' ? opts.input : undefined) ?? (typeof opts.workspace === 'string' ? opts.workspace : undefined);
    const usage = await usageOfCommandNow();
    const { openResultsStore } = await import('../store/sqlite-store.js');
    const store = await openResultsStore({ location });
    try {
      await store.recordOtherRun({
        runId: globalThis.crypto.randomUUID(),
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
    run.ui.stderr(`plugin-eval: the run was not recorded in the results store: ${location !== undefined && !detail.includes(location) ? `${location}: ` : ''}${detail}`);
  }
}
