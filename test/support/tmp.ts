import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A temporary folder tree for one test file, removed afterwards. */
export function tempTree(prefix = 'plugin-eval-'): { root: string; write(rel: string, data: string | Buffer): string; dir(rel: string): string } {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    write(rel, data) {
      const full = path.join(root, rel);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, data);
      return full;
    },
    dir(rel) {
      const full = path.join(root, rel);
      mkdirSync(full, { recursive: true });
      return full;
    },
  };
}
