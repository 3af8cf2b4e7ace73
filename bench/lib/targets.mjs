// The summary `npm run bench` ends with: one line per target of issue 27, with PluginEval 0.1's figure from the issue
// (the fixed reference; measured there on this machine, quiet, interleaved), this build's figure, how many times
// faster than PluginEval it is, its ratio to the bare `node -e 0` measured in the same run, the target, and met / not met.
// Met or not is read from wall time, as the targets are; the CPU time beside it (mean or median, as the part
// above printed it; for the hook, the mean above bare node's) is what to compare on a busy machine.
import os from 'node:os';

const ms = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : x >= 10 ? `${x.toFixed(0)} ms` : `${x.toFixed(2)} ms`);

export function printTargets(rows) {
  console.log(
    `\nissue 27 targets (PluginEval 0.1: the issue's figures; load average now ${os.loadavg()[0].toFixed(1)} on ` +
      `${os.cpus().length} cores: wall times on a busy machine are high)`,
  );
  for (const row of rows) {
    const reference = Array.isArray(row.reference)
      ? `${ms(row.reference[0])}-${ms(row.reference[1])}`
      : row.reference === undefined
        ? '-'
        : ms(row.reference);
    const best = Array.isArray(row.reference) ? row.reference[0] : row.reference;
    const faster = best === undefined ? '' : `   ${(best / row.value).toFixed(2)}x PluginEval`;
    const bare = row.bare === undefined ? '' : `   ${(row.value / row.bare).toFixed(2)}x bare node`;
    const cpu = row.cpu === undefined || Number.isNaN(row.cpu) ? '' : ` (CPU ${ms(row.cpu)})`;
    console.log(
      `${row.name.padEnd(40)} PluginEval ${reference.padStart(13)}   now ${ms(row.value).padStart(9)}${cpu}${faster}${bare}` +
        `   target ${row.target}: ${row.met ? 'met' : 'NOT MET'}`,
    );
  }
}
