/**
 * Golden log trees for the logs tests: entries built with defaults, written as `<root>/<plugin>/<skill>/<day>.jsonl`.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { LogEntry } from '../../src/logs/schema.js';

let counter = 0;

export interface EntrySpec {
  skill?: string;
  at: string;
  outcome?: 'success' | 'failure' | 'partial';
  durationMs?: number;
  session?: string;
  error?: string | null;
  rating?: number;
  evaluatedAt?: string;
  evaluator?: string;
  friction?: string[];
  suggestions?: string[];
  preview?: string;
}

export function entry(spec: EntrySpec): LogEntry {
  const ref = spec.skill ?? 'demo:alpha';
  const [plugin, skillName] = ref.split(':') as [string, string];
  counter++;
  return {
    timestamp: spec.at,
    invocation_id: `${ref}:${counter}`,
    skill: ref,
    plugin,
    skill_name: skillName,
    duration_ms: spec.durationMs ?? 1000,
    outcome: spec.outcome ?? 'success',
    continual_metrics: null,
    context: {
      session_id: spec.session ?? 'sess-1',
      tool_input: { skill: ref },
      ...(spec.preview !== undefined ? { output_preview: spec.preview } : {}),
    },
    error: spec.error ?? null,
    qualitative_evaluation:
      spec.rating === undefined
        ? null
        : {
            evaluated_at: spec.evaluatedAt ?? spec.at,
            rating: spec.rating,
            friction_points: spec.friction ?? [],
            improvement_suggestions: spec.suggestions ?? [],
            evaluator_notes: '',
            evaluator: spec.evaluator ?? 'human',
          },
  };
}

/** Append entries to their day files under root; returns the entries. */
export function writeLogTree(root: string, entries: readonly LogEntry[]): LogEntry[] {
  for (const e of entries) {
    const dir = path.join(root, e.plugin, e.skill_name);
    mkdirSync(dir, { recursive: true });
    appendFileSync(path.join(dir, `${e.timestamp.slice(0, 10)}.jsonl`), `${JSON.stringify(e)}\n`);
  }
  return [...entries];
}
