// The package's bin, built as CommonJS (dist/bin/plugin-eval.cjs, scripts/bundle-cli.mjs). Why CommonJS: Claude
// Code starts `plugin-eval hook pre|post` as a new process on every skill call, and a CommonJS entry that requires
// the one-file hook bundle (dist/bin/hook.cjs) starts ~8 ms sooner than the ES module entry, most of a hook's
// own cost over a bare `node`; it is loaded with a V8 code cache (code-cache.ts). Every other command loads the CLI's
// core chunk with its own code cache, then its entry (dist/bin/cli.cjs). The paths are runtime strings: the files
// exist only in dist/bin/.
import path from 'node:path';
import type * as HookModule from '../logs/hook-entry.js';
import type * as CodeCacheModule from './code-cache.js';

/** The core chunk's file name (content-hashed), set by scripts/bundle-cli.mjs. */
declare const PLUGIN_EVAL_CORE_CHUNK: string;

const HOOK_BUNDLE = './hook.cjs';
const CLI_ENTRY = './cli.cjs';

type HookEntry = typeof HookModule;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose (see above)
const codeCache = require('./code-cache.js') as typeof CodeCacheModule;
const { CACHED_CHUNK_LOADER, cachedChunkLoader, codeCacheGroup, loadWithCodeCache } = codeCache;

if (process.argv[2] === 'hook') {
  // With its own code cache too, one per phase (each holds the functions its phase compiled): compiling the bundle's
  // functions was ~1.5 ms of CPU of every hook run.
  const phase = process.argv[3] === 'pre' || process.argv[3] === 'post' ? process.argv[3] : 'other';
  const bundle = loadWithCodeCache(path.join(__dirname, HOOK_BUNDLE), `hook-${phase}`);
  // Its exports as loaded, not through require(), which would resolve the path again (a stat and a realpath).
  const { runHookProcess } = bundle.exports as HookEntry;
  // Whatever happened was recorded in the side log: a hook never fails Claude Code. The cache is written (on a miss
  // only) once the call is logged. Every write of a hook run is synchronous and done by then, so the process exits
  // at once rather than tearing its heap down first (~1 ms of CPU, every skill call).
  void runHookProcess(process.argv.slice(3)).finally(() => {
    bundle.save();
    process.exit(0);
  });
} else {
  const group = codeCacheGroup(process.argv.slice(2));
  const core = loadWithCodeCache(path.join(__dirname, PLUGIN_EVAL_CORE_CHUNK), group);
  // Written at exit, so the cache holds every function this run compiled.
  process.once('exit', () => core.save());
  (globalThis as Record<symbol, unknown>)[CACHED_CHUNK_LOADER] = cachedChunkLoader(__dirname, group);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the entry finds the core chunk in require's cache
  require(CLI_ENTRY);
}
export {};
