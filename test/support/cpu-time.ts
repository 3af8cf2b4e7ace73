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
 * Wall-clock limit for a case whose cost is checked on CPU time: only a hang (a blocked read of a FIFO) gets near
 * it, however busy the machine.
 */
export const HANG_LIMIT_MS = 180_000;
