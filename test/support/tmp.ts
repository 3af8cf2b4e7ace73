import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export interface TempTree {
  root: string;
  /** Write a file (parent folders made); returns its full path. */
  write(rel: string, data: string | Buffer): string;
  /** Make a folder (and its parents); returns its full path. */
  dir(rel: string): string;
  /**
   * A new empty folder with a unique name under the root, for one test that must not share a folder. The prefix may
   * start with folders (`runs/case-`): the new folder is then made in that folder of the tree.
   */
  fresh(prefix?: string): string;
}

/** A temporary folder tree for one test file (or one describe block), removed after its last test. */
export function tempTree(prefix = 'plugin-eval-'): TempTree {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  // No time limit on the removal: it cannot hang, and how long thousands of files take to go says how busy the disk
  // is, not whether the code under test works.
  afterAll(() => rmSync(root, { recursive: true, force: true }), 0);
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
    fresh(prefix = 'case-') {
      const start = path.join(root, prefix);
      mkdirSync(path.dirname(start), { recursive: true });
      return mkdtempSync(start);
    },
  };
}
