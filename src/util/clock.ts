/**
 * Milliseconds on a monotonic clock, for measuring how long something took: differences are what
 * `performance.now()` gives. The `performance` global loads Node's eleven perf_hooks modules on first use (~1.5 ms
 * of a one-skill CLI run); `process.hrtime` is there from the start.
 */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}
