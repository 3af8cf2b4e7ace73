#!/usr/bin/env node
// `plugin-eval hook pre|post` runs on every skill call Claude Code makes, so it is dispatched before commander or
// any scoring code loads; everything else is the normal command line.
if (process.argv[2] === 'hook') {
  const { runHookProcess } = await import('../logs/hook-entry.js');
  await runHookProcess(process.argv.slice(3));
  // Whatever happened was recorded in the side log: a hook never fails Claude Code.
  process.exitCode = 0;
} else {
  await import('./process-cli.js');
}
export {};
