#!/usr/bin/env node
// The ES module CLI. The package's bin is the CommonJS dispatcher src/cli/bin.ts, which imports this for every
// command but `hook`. `hook pre|post` is still dispatched here, before commander or any scoring code loads, for
// hooks that name this file (installed by an earlier version, or by running this file directly).
if (process.argv[2] === 'hook') {
  const { runHookProcess } = await import('../logs/hook-entry.js');
  await runHookProcess(process.argv.slice(3));
  // Whatever happened was recorded in the side log: a hook never fails Claude Code.
  process.exitCode = 0;
} else {
  await import('./process-cli.js');
}
export {};
