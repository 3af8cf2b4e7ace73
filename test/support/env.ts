/**
 * Environment variables for every test of a file: set before each test (undefined removes one), and every named
 * variable put back as it was after it, including those a test changes itself (`restoreToo`).
 */
import { afterEach, beforeEach } from 'vitest';

export function envForEachTest(
  values: () => Record<string, string | undefined>,
  restoreToo: readonly string[] = [],
): void {
  const saved = new Map<string, string | undefined>();
  beforeEach(() => {
    const wanted = values();
    for (const key of [...Object.keys(wanted), ...restoreToo]) if (!saved.has(key)) saved.set(key, process.env[key]);
    for (const [key, value] of Object.entries(wanted)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterEach(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    saved.clear();
  });
}
