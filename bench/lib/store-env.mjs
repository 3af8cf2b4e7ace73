// Where the benchmarks' CLI runs record their results. `score` records into the results store by default, so the
// process figures include it, as users get it; but a benchmark must never write thousands of rows into the user's
// own store. Unless PLUGIN_EVAL_STORE is set (e.g. `off`, to measure without recording), the store goes into a
// temporary data folder, removed on exit. Returns the label the benchmark prints.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function benchStore() {
  if (process.env.PLUGIN_EVAL_STORE !== undefined)
    return `results store: PLUGIN_EVAL_STORE=${process.env.PLUGIN_EVAL_STORE}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-data-'));
  process.env.PLUGIN_EVAL_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return 'results store: on (the default), in a temporary data folder';
}
