/**
 * Where plugin-eval keeps caches: the response cache's database (src/providers/cache/store.ts) and the CLI's code
 * caches (src/cli/code-cache.ts). Its own module, with nothing but node:os and node:path, because the bin reads it
 * before it loads anything else.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$PLUGIN_EVAL_CACHE_DIR`, else `$XDG_CACHE_HOME/plugin-eval`, else `~/.cache/plugin-eval`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PLUGIN_EVAL_CACHE_DIR) return env.PLUGIN_EVAL_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'plugin-eval');
}
