/** A one-line progress bar on stderr, only on a terminal. */
export function progressBar(enabled: boolean): {
  update(done: number, total: number, label: string): void;
  finish(): void;
} {
  if (!enabled) return { update() {}, finish() {} };
  let drawn = false;
  return {
    update(done, total, label) {
      const width = 24;
      const filled = Math.round((done / total) * width);
      const cols = process.stderr.columns ?? 80;
      const text = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}`;
      process.stderr.write(`\r${text.slice(0, cols - 1).padEnd(cols - 1)}`);
      drawn = true;
    },
    finish() {
      if (drawn) process.stderr.write(`\r${' '.repeat((process.stderr.columns ?? 80) - 1)}\r`);
    },
  };
}
