/**
 * Nothing lost (issue 11 item 3): one child appends lines, another saves evaluations into the same file, both are
 * killed with SIGKILL at random moments, round after round. Afterwards every acknowledged append is present exactly
 * once, every acknowledged evaluation (or a later one) is in its line, and every line parses as a LogEntry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { appendEntry, LogEntry } from '../../src/logs/index.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-store-crash-');
const ROUNDS = 8;

async function bundleChild(): Promise<string> {
  const out = path.join(tree.root, 'store-child.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'support/store-child.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
  });
  return out;
}

interface Acks {
  appended: string[];
  /** id -> the latest acknowledged evaluation's sequence number. */
  evaluated: Map<string, number>;
  evaluations: number;
}

function run(
  child: string,
  mode: 'append' | 'evaluate',
  file: string,
  round: number,
  acks: Acks,
): { proc: ChildProcess; working: Promise<void>; exited: Promise<void> } {
  const proc = spawn(process.execPath, [child, mode, file, String(round)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let working: () => void = () => undefined;
  const firstAck = new Promise<void>((resolve) => (working = resolve));
  let pending = '';
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  proc.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    if (lines.length > 0) working();
    for (const line of lines) {
      const [kind, id, seq] = line.split(' ');
      if (kind === 'A') acks.appended.push(id!);
      else if (kind === 'E') {
        acks.evaluations++;
        acks.evaluated.set(id!, Math.max(acks.evaluated.get(id!) ?? -1, Number(seq)));
      }
    }
  });
  const exited = new Promise<void>((resolve, reject) =>
    proc.on('close', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`${mode} child ended by itself (${code}): ${stderr}`)),
    ),
  );
  // A child that ends without an acknowledgement is reported by `exited`, not waited on.
  return { proc, working: Promise.race([firstAck, exited.catch(() => undefined)]), exited };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the locked store under kill -9', () => {
  it(
    'keeps every acknowledged append and evaluation, and every line parses',
    async () => {
      const child = await bundleChild();
      const file = path.join(tree.root, 'logs/crash/test/2026-01-08.jsonl');
      const acks: Acks = { appended: [], evaluated: new Map(), evaluations: 0 };
      let locksLeft = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const appender = run(child, 'append', file, round, acks);
        const evaluator = run(child, 'evaluate', file, round, acks);
        // Kill each at its own random moment once it has acknowledged its first operation: counted from the spawn, a
        // start-up slowed by a busy machine let both be killed before either wrote anything, and there was no file.
        // The appender acknowledges first, so the evaluator always finds lines to evaluate.
        await Promise.all([
          appender.working.then(() => pause(Math.random() * 700)).then(() => appender.proc.kill('SIGKILL')),
          evaluator.working.then(() => pause(Math.random() * 700)).then(() => evaluator.proc.kill('SIGKILL')),
        ]);
        await Promise.all([appender.exited, evaluator.exited]);
        if (existsSync(`${file}.lock`)) locksLeft++;
      }
      // A last append through the library: the lock a killed child may have left is broken, not waited on forever.
      appendEntry(
        file,
        { ...JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!), invocation_id: 'final' },
        { timeoutMs: 2_000 },
      );

      const lines = readFileSync(file, 'utf8').split('\n');
      expect(lines.pop()).toBe('');
      const entries = lines.map((line, i) => {
        const parsed = LogEntry.safeParse(JSON.parse(line));
        expect(parsed.success, `line ${i + 1}: ${line.slice(0, 80)}`).toBe(true);
        return parsed.data!;
      });
      const count = new Map<string, number>();
      for (const entry of entries) count.set(entry.invocation_id, (count.get(entry.invocation_id) ?? 0) + 1);
      for (const id of acks.appended) expect(count.get(id), id).toBe(1);
      expect([...count.values()].every((n) => n === 1)).toBe(true);
      const byId = new Map(entries.map((entry) => [entry.invocation_id, entry]));
      for (const [id, seq] of acks.evaluated) {
        const saved = byId.get(id)!.qualitative_evaluation;
        expect(saved, id).not.toBeNull();
        // Later (unacknowledged) saves may have overwritten it; an earlier one never may.
        expect(Number(saved!.evaluator_notes), id).toBeGreaterThanOrEqual(seq);
      }
      expect(acks.appended.length).toBeGreaterThan(ROUNDS);
      expect(acks.evaluated.size).toBeGreaterThan(0);
      console.log(
        `kill -9 test: ${ROUNDS} rounds, ${acks.appended.length} acknowledged appends, ${lines.length} lines on ` +
          `disk (${lines.length - 1 - acks.appended.length} appended but killed before ` +
          `acknowledging), ${acks.evaluations} acknowledged evaluations into ${acks.evaluated.size} ` +
          `lines, ${locksLeft} rounds left a lock held by a killed process, 0 bad lines`,
      );
    },
    HANG_LIMIT_MS,
  );
});
