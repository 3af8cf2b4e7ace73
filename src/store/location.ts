/**
 * Where the results store lives by default. Tests and CI point PLUGIN_EVAL_DATA_DIR at a temp folder, so no run
 * ever writes into the real home directory by accident (test/setup-env.ts does it for every test file).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const STORE_FILE_NAME = 'results.db';

/**
 * `$PLUGIN_EVAL_DATA_DIR/results.db`, else `$XDG_DATA_HOME/plugin-eval/results.db`, else
 * `~/.local/share/plugin-eval/results.db`.
 */
export function defaultStorePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PLUGIN_EVAL_DATA_DIR) return join(env.PLUGIN_EVAL_DATA_DIR, STORE_FILE_NAME);
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'plugin-eval', STORE_FILE_NAME);
}
