/**
 * `evals triggers` output: the run_eval-shaped JSON (schemas/trigger-results.ts), a text table, and the exit rule.
 */
import { formatCost } from '../../providers/pricing.js';
import { TriggerResults } from '../schemas/trigger-results.js';
import type { TriggerEvaluation } from './triggers.js';

export interface TriggerRunInfo {
  skillName: string;
  description: string;
  agentModel: string;
  threshold: number;
  runsPerQuery: number;
  timeoutMs: number;
  /** Warnings from reading the eval set (merged duplicates). */
  warnings: readonly string[];
}

export function triggerResultsOf(evaluation: TriggerEvaluation, info: TriggerRunInfo): TriggerResults {
  return TriggerResults.parse({
    skill_name: info.skillName,
    description: info.description,
    results: evaluation.results,
    summary: evaluation.summary,
    runner: evaluation.runner,
    simulated: evaluation.simulated,
    agent_model: info.agentModel,
    threshold: info.threshold,
    runs_per_query: info.runsPerQuery,
    timeout_ms: info.timeoutMs,
    cost_usd: evaluation.costUsd,
    warnings: [...info.warnings, ...evaluation.warnings],
  });
}

/**
 * Exit code of a trigger eval: 3 when any query could not be measured (every run of it an error, or none run), since
 * a gate that passes with unmeasured queries would claim what was not measured; else 1 when a measured query failed
 * its threshold rule; else 0.
 */
export function triggerExitCode(results: TriggerResults): 0 | 1 | 3 {
  if (results.summary.errors > 0) return 3;
  return results.summary.failed > 0 ? 1 : 0;
}

const SIMULATION_LABEL = 'SIMULATION: the messages runner asks a model for a routing decision; no agent ran';

export function simulationLabel(simulated: boolean): string | undefined {
  return simulated ? SIMULATION_LABEL : undefined;
}

function verdict(pass: boolean | null): string {
  if (pass === null) return 'ERROR';
  return pass ? 'pass' : 'FAIL';
}

/** One line per query (verdict, rate, triggers/runs, errors), then the summary and warnings. */
export function renderTriggerText(results: TriggerResults): string {
  const lines: string[] = [];
  const label = simulationLabel(results.simulated);
  if (label) lines.push(label, '');
  lines.push(
    `${results.skill_name}: trigger eval, ${results.runs_per_query} run(s) per query, ` +
      `threshold ${results.threshold}, runner ${results.runner} (${results.agent_model})`,
    '',
  );
  for (const r of results.results) {
    const rate = r.trigger_rate === null ? '  -  ' : r.trigger_rate.toFixed(2).padStart(5);
    const extra = [
      r.errors > 0 ? `${r.errors} error(s): ${[...new Set(r.error_messages)].join('; ')}` : '',
      r.not_run > 0 ? `${r.not_run} not run` : '',
    ].filter((s) => s !== '');
    const expect = r.should_trigger ? 'should trigger    ' : 'should not trigger';
    lines.push(
      `${verdict(r.pass).padEnd(5)} ${expect} rate ${rate} ` +
        `(${r.triggers}/${r.runs})  ${JSON.stringify(r.query)}${extra.length > 0 ? `  [${extra.join('; ')}]` : ''}`,
    );
  }
  const s = results.summary;
  lines.push(
    '',
    `${s.passed} passed, ${s.failed} failed, ${s.errors} not measured (of ${s.total} queries); ${s.error_runs} ` +
      `run(s) were infrastructure errors, not counted as "not triggered"`,
  );
  lines.push(
    `agent cost: ${results.cost_usd === null ? 'unknown (the warnings say why)' : formatCost(results.cost_usd)}`,
  );
  for (const w of results.warnings) lines.push(`warning: ${w}`);
  if (label) lines.push('', label);
  return `${lines.join('\n')}\n`;
}
