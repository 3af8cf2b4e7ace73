/**
 * A child process for the kill -9 test (bundled by the test with esbuild). Modes:
 *   append <file> <round>        appends lines r<round>-<i> forever; prints "A <id>" after each append returned
 *   evaluate <file> <round>      saves evaluations into random existing lines forever; prints "E <id> <seq>" after
 *                                each save returned (seq = round * 1e6 + k, so later saves have larger numbers)
 * An acknowledgement is written only after the operation returned, so every acknowledged one must survive.
 */
import { readFileSync } from 'node:fs';
import { appendEntry, saveEvaluation } from '../../../src/logs/store.js';

const [mode, file, roundText] = process.argv.slice(2);
const round = Number(roundText);
const entry = (id: string) => ({
  timestamp: new Date().toISOString(),
  invocation_id: id,
  skill: 'crash:test',
  plugin: 'crash',
  skill_name: 'test',
  duration_ms: 1,
  outcome: 'success',
  continual_metrics: null,
  context: { session_id: 'test-crash', output_preview: 'x'.repeat(300) },
  error: null,
  qualitative_evaluation: null,
});

if (mode === 'append') {
  for (let i = 0; ; i++) {
    const id = `r${round}-${i}`;
    appendEntry(file!, entry(id));
    process.stdout.write(`A ${id}\n`);
  }
} else if (mode === 'evaluate') {
  for (let k = 0; ; k++) {
    let ids: string[] = [];
    try {
      ids = [...readFileSync(file!, 'utf8').matchAll(/"invocation_id":"([^"]+)"/g)].map((m) => m[1]!);
    } catch {
      // no file yet
    }
    if (ids.length === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
      continue;
    }
    const id = ids[Math.floor(Math.random() * ids.length)]!;
    const seq = round * 1e6 + k;
    saveEvaluation(file!, id, {
      evaluated_at: new Date().toISOString(),
      rating: 1 + (k % 5),
      friction_points: [],
      improvement_suggestions: [],
      evaluator_notes: String(seq),
      evaluator: 'human',
    });
    process.stdout.write(`E ${id} ${seq}\n`);
  }
}
