// The package's bin, built as CommonJS (dist/bin/plugin-eval.cjs, scripts/bundle-cli.mjs). Why CommonJS: Claude
// Code starts `plugin-eval hook pre|post` as a new process on every skill call, and a CommonJS entry that requires
// the one-file hook bundle (dist/bin/hook.cjs) starts ~8 ms sooner than the ES module entry, most of a hook's
// own cost over a bare `node`. Every other command imports the ES module CLI (dist/bin/plugin-eval.js), which
// costs the same as starting there. The paths are runtime strings: both files exist only in dist/bin/.
import type * as HookModule from '../logs/hook-entry.js';

const HOOK_BUNDLE = './hook.cjs';
const ESM_CLI = './plugin-eval.js';

type HookEntry = typeof HookModule;

if (process.argv[2] === 'hook') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose (see above)
  const { runHookProcess } = require(HOOK_BUNDLE) as HookEntry;
  // Whatever happened was recorded in the side log: a hook never fails Claude Code.
  void runHookProcess(process.argv.slice(3)).finally(() => (process.exitCode = 0));
} else {
  void import(ESM_CLI);
}
export {};
