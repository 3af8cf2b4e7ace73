/**
 * CPU time (user + system, every thread of this process) spent in `run`, in milliseconds. Unlike the wall clock it
 * does not grow when other processes share the cores, so a limit on it catches a quadratic or cubic pass without
 * failing on a busy machine. Each test file runs in its own process, so only this file's work is counted.
 */
export async function cpuMsOf(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * The one wall-clock limit of the suite, for every test and hook: it catches a hang, never slowness. Ten minutes is
 * far above what the slowest case takes on a 2-core machine at load 30, so a busy machine cannot fail a test; speed
 * is measured in the benches, and a case whose cost matters is checked on CPU time.
 */
export const HANG_LIMIT_MS = 600_000;
