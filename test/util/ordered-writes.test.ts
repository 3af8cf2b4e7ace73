import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OrderedWrites } from '../../src/util/ordered-writes.js';

/** A writer whose calls finish when the test says so, in any order. */
function heldWriter() {
  const calls: { file: string; data: string; finish: (error?: Error) => void }[] = [];
  const landed: string[] = [];
  const write = (file: string, data: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        file,
        data,
        finish: (error) => {
          if (error) return reject(error);
          landed.push(`${file}:${data}`);
          resolve();
        },
      });
    });
  return { calls, landed, write };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('OrderedWrites', () => {
  it('starts a write of a file only once the write before it has landed', async () => {
    const w = heldWriter();
    const writes = new OrderedWrites(w.write);
    const first = writes.write('a', '4 runs');
    const second = writes.write('a', '5 runs');
    await tick();
    // The second waits: it cannot overtake the first and be overwritten by older content.
    expect(w.calls.map((c) => c.data)).toEqual(['4 runs']);
    w.calls[0]!.finish();
    await first;
    await tick();
    expect(w.calls.map((c) => c.data)).toEqual(['4 runs', '5 runs']);
    w.calls[1]!.finish();
    await second;
    expect(w.landed).toEqual(['a:4 runs', 'a:5 runs']);
  });

  it('writes of different files do not wait for each other', async () => {
    const w = heldWriter();
    const writes = new OrderedWrites(w.write);
    void writes.write('a', '1');
    const b = writes.write('b', '1');
    await tick();
    expect(w.calls.map((c) => c.file)).toEqual(['a', 'b']);
    w.calls[1]!.finish();
    await b;
    expect(w.landed).toEqual(['b:1']);
    w.calls[0]!.finish();
  });

  it('a failed write rejects its own caller and the next write still runs', async () => {
    const w = heldWriter();
    const writes = new OrderedWrites(w.write);
    const first = writes.write('a', 'x');
    const second = writes.write('a', 'y');
    await tick();
    w.calls[0]!.finish(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await tick();
    expect(w.calls.map((c) => c.data)).toEqual(['x', 'y']);
    w.calls[1]!.finish();
    await expect(second).resolves.toBeUndefined();
    expect(w.landed).toEqual(['a:y']);
  });

  const dir = mkdtempSync(join(tmpdir(), 'ordered-writes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with the atomic writer, the last of many writes at once is what the file holds', async () => {
    const writes = new OrderedWrites();
    const file = join(dir, 'state.json');
    await Promise.all(Array.from({ length: 40 }, (_, i) => writes.write(file, `${i}`)));
    expect(readFileSync(file, 'utf8')).toBe('39');
  });
});
