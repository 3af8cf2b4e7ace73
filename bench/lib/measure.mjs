// What the process benchmarks measure with: medians, and the CPU time of finished child processes.
import { readFileSync } from 'node:fs';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The user+system CPU time of this process's finished children (Linux /proc/self/stat, cutime + cstime, in 10 ms
 * ticks, so it is summed over many runs, then averaged). Unlike wall time, it hardly moves with the load other
 * processes put on a shared machine. NaN where there is no /proc: CPU figures are then left out.
 */
export const childCpuMs = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
};
