/** The locked JSONL store: appends, evaluation saves that leave every other byte alone, and the lock's rules. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acquireLock,
  appendEntry,
  LockTimeoutError,
  readLogs,
  saveEvaluation,
  updateEntries,
  withFileLock,
} from '../../src/logs/index.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-store-');
const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  timestamp: '2026-01-08T03:15:23.123Z',
  invocation_id: id,
  skill: 'imbue:proof',
  plugin: 'imbue',
  skill_name: 'proof',
  duration_ms: 3,
  outcome: 'success',
  context: { session_id: 'abc' },
  error: null,
  qualitative_evaluation: null,
  ...extra,
});
const evaluation = {
  evaluated_at: '2026-01-09T00:00:00.000Z',
  rating: 4,
  friction_points: ['slow'],
  improvement_suggestions: [],
  evaluator_notes: 'ok',
  evaluator: 'human',
};
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('appendEntry', () => {
  it('creates the folders, writes one line per entry, and starts a fresh line after a torn one', () => {
    const file = path.join(tree.root, 'a/imbue/proof/2026-01-08.jsonl');
    appendEntry(file, entry('one'));
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"torn":`, { flag: 'w' });
    appendEntry(file, entry('two'));
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0]!).invocation_id).toBe('one');
    expect(lines[1]).toBe('{"torn":');
    expect(JSON.parse(lines[2]!).invocation_id).toBe('two');
    expect(existsSync(`${file}.lock`)).toBe(false);
    const read = readLogs(path.join(tree.root, 'a'));
    expect(read.entries.map((e) => e.entry.invocation_id)).toEqual(['one', 'two']);
    expect(read.badLines.map((b) => b.line)).toEqual([2]);
  });
});

describe('saveEvaluation', () => {
  it('replaces only the matching line; every other byte stays as it was', () => {
    const file = path.join(tree.root, 'b/2026-01-08.jsonl');
    // Foreign formatting (spaces, key order, a bad line, no final newline) must survive untouched.
    const before = [
      JSON.stringify(entry('x'), null, 0).replace(/,/g, ', '),
      '{not json',
      JSON.stringify(entry('y')),
      '',
      JSON.stringify(entry('z')),
    ].join('\n');
    tree.write('b/2026-01-08.jsonl', before);
    expect(saveEvaluation(file, 'y', evaluation)).toBe(1);
    const after = readFileSync(file, 'utf8').split('\n');
    const old = before.split('\n');
    expect(after).toHaveLength(old.length);
    for (const i of [0, 1, 3, 4]) expect(after[i]).toBe(old[i]);
    expect(JSON.parse(after[2]!)).toEqual({ ...entry('y'), qualitative_evaluation: evaluation });
    expect(readdirTemps(path.dirname(file))).toEqual([]);
  });

  it('refuses an unknown id or an invalid evaluation, naming them, and writes nothing', () => {
    const file = tree.write('c/2026-01-08.jsonl', `${JSON.stringify(entry('x'))}\n`);
    const before = readFileSync(file, 'utf8');
    expect(() => saveEvaluation(file, 'nope', evaluation)).toThrow(
      /2026-01-08\.jsonl: no execution with invocation_id "nope"/,
    );
    expect(() => saveEvaluation(file, 'x', { ...evaluation, rating: 7 })).toThrow(/evaluation for x: rating/);
    expect(() => saveEvaluation(path.join(tree.root, 'c/missing.jsonl'), 'x', evaluation)).toThrow(
      /missing\.jsonl: cannot read \(ENOENT\)/,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('removes temp files a killed rewriter left, and updateEntries leaves an unchanged file alone', () => {
    const file = tree.write('d/2026-01-08.jsonl', `${JSON.stringify(entry('x'))}\n`);
    tree.write('d/.2026-01-08.jsonl.999.abcd.tmp', 'half');
    expect(updateEntries(file, () => undefined)).toBe(0);
    expect(readdirTemps(path.dirname(file))).toHaveLength(1);
    saveEvaluation(file, 'x', evaluation);
    expect(readdirTemps(path.dirname(file))).toEqual([]);
  });
});

describe('the lock', () => {
  it('breaks a lock whose holder is gone, or that is older than the stale period', () => {
    const file = path.join(tree.root, 'e.jsonl');
    writeFileSync(`${file}.lock`, `${deadPid()} ${Date.now()} ${hostname()} dead\n`);
    expect(withFileLock(file, () => 'ran', { timeoutMs: 500 })).toBe('ran');
    expect(existsSync(`${file}.lock`)).toBe(false);
    writeFileSync(`${file}.lock`, `${process.pid} ${Date.now() - 60_000} ${hostname()} old\n`);
    expect(withFileLock(file, () => 'ran', { timeoutMs: 500, staleMs: 30_000 })).toBe('ran');
  });

  it('waits a bounded time for a live holder, then says who holds it', () => {
    const file = path.join(tree.root, 'f.jsonl');
    const release = acquireLock(file);
    try {
      expect(() => acquireLock(file, { timeoutMs: 30 })).toThrow(LockTimeoutError);
      expect(() => acquireLock(file, { timeoutMs: 30 })).toThrow(
        new RegExp(`f\\.jsonl\\.lock: still locked after \\d+ ms \\(held by ${process.pid} `),
      );
    } finally {
      release();
    }
    expect(withFileLock(file, () => 1, { timeoutMs: 30 })).toBe(1);
  });

  it('does not remove a lock that is no longer its own on release', () => {
    const file = path.join(tree.root, 'g.jsonl');
    const release = acquireLock(file);
    writeFileSync(`${file}.lock`, `${process.pid} ${Date.now()} ${hostname()} someone-else\n`);
    release();
    expect(readFileSync(`${file}.lock`, 'utf8')).toContain('someone-else');
  });

  it('creates a lock whole: it names its holder from the moment it exists, and no temp file is left', () => {
    const dir = tree.dir('whole');
    const file = path.join(dir, 'w.jsonl');
    const release = acquireLock(file);
    // A lock that looked empty for a moment could be broken as a dead holder's by a waiter on a loaded machine.
    expect(readFileSync(`${file}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+ ${hostname()} \\w+\\n$`));
    expect(readdirSync(dir)).toEqual(['w.jsonl.lock']);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('breaks an empty lock file (left by another writer) after a short wait', () => {
    const file = path.join(tree.root, 'h.jsonl');
    writeFileSync(`${file}.lock`, '');
    expect(withFileLock(file, () => 'ran', { timeoutMs: 3_000 })).toBe('ran');
  });
});

const readdirTemps = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));
