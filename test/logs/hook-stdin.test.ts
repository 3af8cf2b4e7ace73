/** The hook's stdin reader in process, on a regular file: the size bound and text that spans its 64 KB reads. */
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStdin } from '../../src/logs/hook-stdin.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-hook-stdin-');

async function readFile(name: string, text: string, maxBytes: number): Promise<string> {
  const fd = openSync(tree.write(name, text), 'r');
  try {
    return await readStdin({ deadlineMs: 60_000, maxBytes }, fd);
  } finally {
    closeSync(fd);
  }
}

describe('readStdin', () => {
  it('returns text of several reads whole, a character split between reads included', async () => {
    // Three-byte characters after one byte: the 64 KB read boundaries fall inside characters.
    const text = `x${'€'.repeat(70_000)}`;
    expect((await readFile('split.txt', text, 1 << 20)) === text).toBe(true);
  });

  it('takes input up to its bound and refuses input past it, naming the bound', async () => {
    expect(await readFile('at-bound.txt', 'a'.repeat(100), 100)).toHaveLength(100);
    await expect(readFile('past-bound.txt', 'a'.repeat(70_000), 100)).rejects.toThrow(
      'hook input larger than 100 bytes; not logged',
    );
  });
});
