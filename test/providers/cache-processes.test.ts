import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRITER = path.join(ROOT, 'test/support/cache-writer.mjs');
const root = tempTree('plugin-eval-cache-processes-').root;

interface WriterRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runWriter(
  dir: string,
  id: number,
  entries: number,
  startAt: number,
  busyTimeoutMs: number | undefined,
): Promise<WriterRun> {
  const args = [
    WRITER,
    dir,
    String(id),
    String(entries),
    String(startAt),
    ...(busyTimeoutMs === undefined ? [] : [String(busyTimeoutMs)]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function threeWriters(dir: string, entries: number, busyTimeoutMs: number | undefined): Promise<number[]> {
  expect(
    existsSync(path.join(ROOT, 'dist/providers/cache/index.js')),
    'run `npm run build` first (npm test does)',
  ).toBe(true);
  const writers = 3;
  const startAt = Date.now() + 1500;
  const runs = await Promise.all(
    Array.from({ length: writers }, (_, id) => runWriter(dir, id, entries, startAt, busyTimeoutMs)),
  );
  for (const run of runs) expect(run.stderr, run.stderr).toBe('');
  expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
  const reports = runs.map((r) => JSON.parse(r.stdout) as { written: number; lockWaits: number });
  expect(reports.map((r) => r.written)).toEqual([entries, entries, entries]);

  const cache = await ResponseCache.open({ dir });
  try {
    const stats = await cache.stats();
    expect(stats.entries).toBe(writers * entries);
    // Each writer looked every key up twice: a miss before its write, a hit after. The counts are in the file.
    expect(stats).toMatchObject({ hits: writers * entries, misses: writers * entries });
    for (let id = 0; id < writers; id++) {
      for (let i = 0; i < entries; i++) {
        expect(await cache.get(`writer-${id}-entry-${i}`)).toEqual({ value: `answer ${i} from writer ${id}` });
      }
    }
  } finally {
    cache.close();
  }
  return reports.map((r) => r.lockWaits);
}

describe('one cache file, several processes', () => {
  it(
    'three writer processes at once (default settings) lose no entry and no hit or miss count',
    async () => {
      const waits = await threeWriters(path.join(root, 'defaults'), 150, undefined);
      // Contention is not guaranteed on every machine, so it is reported, not asserted.
      console.log(`default busy timeout: lock waits per writer ${waits.join(', ')}`);
    },
    HANG_LIMIT_MS,
  );

  it(
    'with SQLite waiting only 1 ms, every collision goes through the retry with backoff, and still nothing is lost',
    async () => {
      const waits = await threeWriters(path.join(root, 'no-wait'), 100, 1);
      console.log(`1 ms busy timeout: lock waits per writer ${waits.join(', ')}`);
    },
    HANG_LIMIT_MS,
  );
});
