/**
 * The execution-log contracts: skill references, where files go, and reading lines without one bad line hiding the
 * rest.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logFileFor, logsRoot, parseSkillRef, readLogs } from '../src/logs/index.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-logs-read-');
const line = (id: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    timestamp: '2026-01-08T03:15:23.123Z',
    invocation_id: id,
    skill: 'imbue:proof',
    plugin: 'imbue',
    skill_name: 'proof',
    duration_ms: 323,
    outcome: 'success',
    context: { session_id: 'abc' },
    error: null,
    qualitative_evaluation: null,
    ...extra,
  });

describe('skill execution logs', () => {
  it('parses references as the reference tools do, refusing parts that could climb out of the logs folder', () => {
    expect(parseSkillRef('imbue:proof-of-work')).toEqual({
      ref: 'imbue:proof-of-work',
      plugin: 'imbue',
      skill: 'proof-of-work',
    });
    expect(parseSkillRef('pdf')).toEqual({ ref: 'unknown:pdf', plugin: 'unknown', skill: 'pdf' });
    for (const bad of ['../etc:passwd', 'a:b:c', 'imbue:', ':x', 'a/b', '.hidden'])
      expect(parseSkillRef(bad), bad).toBeUndefined();
  });

  it("puts a day's executions in one file named by the UTC date of their end; CLAUDE_HOME and --logs-dir move the root", () => {
    const ref = parseSkillRef('imbue:proof')!;
    expect(logFileFor('/r', ref, new Date('2026-01-08T23:59:59.999Z'))).toBe('/r/imbue/proof/2026-01-08.jsonl');
    expect(logsRoot({ env: { CLAUDE_HOME: '/ch' } })).toBe('/ch/skills/logs');
    expect(logsRoot({ logsDir: '/x', env: { CLAUDE_HOME: '/ch' } })).toBe('/x');
  });

  it('reads every line, names each bad one (file:line) and keeps going', () => {
    const root = tree.dir('logs');
    tree.write(
      'logs/imbue/proof/2026-01-08.jsonl',
      `${line('a')}\n{not json\n${line('b', { outcome: 'maybe' })}\n\n${line('c')}\n`,
    );
    tree.write('logs/imbue/proof/2026-01-09.jsonl', `${line('d')}\n`);
    tree.write('logs/imbue/proof/notes.txt', 'ignored');
    const all = readLogs(root);
    expect(all.entries.map((e) => `${e.entry.invocation_id}@${e.line}`)).toEqual(['a@1', 'c@5', 'd@1']);
    expect(all.badLines.map((b) => `${b.line}: ${b.reason.split(' ')[0]}`)).toEqual(['2: invalid', '3: outcome:']);
    expect(
      readLogs(root, { ref: parseSkillRef('imbue:proof')!, since: '2026-01-09' }).entries.map(
        (e) => e.entry.invocation_id,
      ),
    ).toEqual(['d']);
    expect(join(all.files[0]!)).toMatch(/2026-01-08\.jsonl$/);
  });
});
