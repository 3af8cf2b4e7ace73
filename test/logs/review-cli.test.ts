/**
 * evaluate-skill without a terminal: the --invocation form through the real CLI parser and the locked store, its
 * error cases (each exit 2 with a message naming the problem), and the question loop driven by a stream.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runEvaluateSkill } from '../../src/cli/commands/evaluate-skill.js';
import { InputError } from '../../src/errors.js';
import { runReviewSession } from '../../src/cli/review-session.js';
import { LogEntry, parseLogFile, type QualitativeEvaluation } from '../../src/logs/index.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

/** Control characters (but newline and tab) left raw in printed text. */
const rawControls = (text: string): number[] =>
  [...text]
    .map((c) => c.charCodeAt(0))
    .filter((n) => (n < 0x20 && n !== 0x0a && n !== 0x09) || (n >= 0x7f && n <= 0x9f));

const tree = tempTree('plugin-eval-review-cli-');
const line = (id: string, timestamp: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    timestamp,
    invocation_id: id,
    skill: 'imbue:proof',
    plugin: 'imbue',
    skill_name: 'proof',
    duration_ms: 1800,
    outcome: 'success',
    context: { session_id: 'sess-1' },
    error: null,
    qualitative_evaluation: null,
    ...extra,
  });
const earlier = {
  evaluated_at: '2026-01-09T00:00:00.000Z',
  rating: 2,
  friction_points: ['slow'],
  improvement_suggestions: [],
  evaluator_notes: '',
  evaluator: 'human',
};

let n = 0;
/**
 * A fresh logs folder with one day file of three executions (the middle one already rated), written with foreign
 * spacing.
 */
function logsWithDay(): { root: string; file: string; before: string } {
  const root = tree.dir(`logs-${++n}`);
  const before = `${line('a', '2026-01-08T03:15:23.123Z')}\n${line('b', '2026-01-08T04:00:00.000Z', { qualitative_evaluation: earlier }).replace(/,/g, ', ')}\n${line('c', '2026-01-08T05:00:00.000Z')}\n`;
  const file = tree.write(`logs-${n}/imbue/proof/2026-01-08.jsonl`, before);
  return { root, file, before };
}
const entriesOf = (file: string): Map<string, LogEntry> =>
  new Map(parseLogFile(file).entries.map((r) => [r.entry.invocation_id, r.entry]));

const savedEnv = process.env.CLAUDE_HOME;
afterEach(() => {
  if (savedEnv === undefined) delete process.env.CLAUDE_HOME;
  else process.env.CLAUDE_HOME = savedEnv;
});

describe('evaluate-skill --invocation (for scripts)', () => {
  it('saves the answers into that line only, as a LogEntry-valid qualitative_evaluation', async () => {
    const { root, file, before } = logsWithDay();
    const out = await cli(
      'evaluate-skill',
      'imbue:proof',
      '--logs-dir',
      root,
      '--invocation',
      'c',
      '--rating',
      '4',
      '--friction',
      'Unclear X',
      '--friction',
      '- Slow start',
      '--suggestion',
      'Add an example',
      '--notes',
      'fine',
      '--output',
      'json',
    );
    expect(out.code, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout) as {
      invocation_id: string;
      file: string;
      replaced: boolean;
      qualitative_evaluation: QualitativeEvaluation;
    };
    expect(result).toMatchObject({ invocation_id: 'c', file, replaced: false });
    const after = readFileSync(file, 'utf8').split('\n');
    // The other lines keep their bytes (the store's promise; the seed's rewrite reformatted them).
    expect(after.slice(0, 2)).toEqual(before.split('\n').slice(0, 2));
    const saved = LogEntry.parse(JSON.parse(after[2]!)).qualitative_evaluation!;
    expect(saved).toMatchObject({
      rating: 4,
      friction_points: ['Unclear X', 'Slow start'],
      improvement_suggestions: ['Add an example'],
      evaluator_notes: 'fine',
      evaluator: 'human',
    });
    expect(Date.parse(saved.evaluated_at)).not.toBeNaN();
    expect(result.qualitative_evaluation).toEqual(saved);
  });

  it('refuses to overwrite an evaluation unless --replace; with it, replaces and says so', async () => {
    const { root, file, before } = logsWithDay();
    const refused = await cli(
      'evaluate-skill',
      'imbue:proof',
      '--logs-dir',
      root,
      '--invocation',
      'b',
      '--rating',
      '5',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'b was already evaluated at 2026-01-09T00:00:00.000Z (rating 2); pass --replace to overwrite it',
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
    const replaced = await cli(
      'evaluate-skill',
      'imbue:proof',
      '--logs-dir',
      root,
      '--invocation',
      'b',
      '--rating',
      '5',
      '--replace',
    );
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('rated 5/5 (Exceptional (exceeded expectations)), replacing rating 2');
    expect(entriesOf(file).get('b')!.qualitative_evaluation!.rating).toBe(5);
  });

  it.each([
    [['--invocation', 'a', '--rating', '7'], 'Invalid rating: must be 1-5. Please enter a number between 1 and 5.'],
    [['--invocation', 'a', '--rating', '3.5'], 'Invalid rating: must be 1-5'],
    [['--invocation', 'zzz', '--rating', '3'], 'no execution of imbue:proof has invocation id "zzz" (3 logged'],
    [['--invocation', 'a'], '--invocation needs --rating 1-5'],
    [['--rating', '4'], '--rating answers for one execution: give it with --invocation ID'],
    [['--all', '--date', '2026-01-08'], '--all and --date choose different executions'],
    [['--date', '2026-02-30'], '--date "2026-02-30": expected a calendar date YYYY-MM-DD'],
    [['--days', '0'], 'evaluate-skill: --days must be a whole number, 1 or more, got "0"'],
    [['--days', '1e1'], 'evaluate-skill: --days must be a whole number, 1 or more, got "1e1"'],
    [['--output', 'json'], '--output json goes with --invocation or --list'],
  ])('exit 2, file untouched: %j', async (args, message) => {
    const { root, file, before } = logsWithDay();
    const out = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, ...args);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(message);
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a save the store cannot make (its lock stays busy) is named with the file, exit 2, not an unexpected error', async () => {
    const { root, file } = logsWithDay();
    const { LockTimeoutError } = await import('../../src/logs/index.js');
    const save = (): never => {
      throw new LockTimeoutError(`${file}.lock`, 10_000, '4242 host');
    };
    const ui = {
      stdout: () => undefined,
      stderr: () => undefined,
      color: false,
      stderrIsTTY: false,
      quiet: true,
      width: 80,
      signal: undefined,
    };
    const error: unknown = await runEvaluateSkill('imbue:proof', { logsDir: root, invocation: 'a', rating: '4' }, ui, {
      save,
    }).catch((e: unknown) => e);
    // An InputError: runCli prints its message and exits 2, no stack.
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `${file}: could not save the evaluation of a (${file}.lock: still locked after 10000 ms (held by 4242 ` +
        `host); if no plugin-eval is running, delete the lock file); the file is unchanged`,
    );
  });

  it('a reference that is not plugin:skill is refused before any folder is touched', async () => {
    const out = await cli('evaluate-skill', '../etc:passwd', '--invocation', 'a', '--rating', '4');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('"../etc:passwd" is not a skill reference; expected plugin:skill-name');
  });

  it('no logs: names the folder looked in, the hooks check and the two ways to move it', async () => {
    const root = tree.dir('empty-logs');
    const out = await cli('evaluate-skill', 'imbue:nothing', '--logs-dir', root);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('No execution logs found for skill: imbue:nothing');
    expect(out.stderr).toContain(`Looked in: ${path.join(root, 'imbue', 'nothing')}`);
    expect(out.stderr).toContain('plugin-eval hooks status');
    expect(out.stderr).toContain('--logs-dir DIR, or CLAUDE_HOME');
  });

  it('finds the logs under $CLAUDE_HOME/skills/logs when no --logs-dir is given', async () => {
    const home = tree.dir('claude-home');
    const file = tree.write(
      'claude-home/skills/logs/imbue/proof/2026-01-08.jsonl',
      `${line('h', '2026-01-08T01:00:00.000Z')}\n`,
    );
    process.env.CLAUDE_HOME = home;
    const out = await cli('evaluate-skill', 'imbue:proof', '--invocation', 'h', '--rating', '3');
    expect(out.code, out.stderr).toBe(0);
    expect(entriesOf(file).get('h')!.qualitative_evaluation!.rating).toBe(3);
  });

  it('everything in the window already evaluated: the seed message, exit 2; --list shows what a review would offer', async () => {
    const { root } = logsWithDay();
    const list = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--all', '--list', '--output', 'json');
    expect(list.code).toBe(0);
    expect(
      (JSON.parse(list.stdout) as { unevaluated: { invocation_id: string }[] }).unevaluated.map((u) => u.invocation_id),
    ).toEqual(['c', 'a']);
    for (const id of ['a', 'c'])
      expect(
        (await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--invocation', id, '--rating', '4')).code,
      ).toBe(0);
    const out = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--all');
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('All executions of imbue:proof already evaluated (3 logged).');
  });

  it('--list and logs stats print control characters from the log as escapes, never raw to the terminal', async () => {
    const root = tree.dir('escapes');
    const rated = { ...earlier, friction_points: ['\u001b]52;c;cm0gLXJmIH4=\u0007clipboard'] };
    tree.write(
      'escapes/imbue/proof/2026-01-08.jsonl',
      `${line('t\u001b[2J\r', '2026-01-08T01:00:00.000Z')}\n${line('u', '2026-01-08T02:00:00.000Z', { qualitative_evaluation: rated })}\n`,
    );
    const list = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--all', '--list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('t\\u001b[2J\\u000d  2026-01-08 01:00:00 UTC');
    const stats = await cli('logs', 'stats', '--logs-dir', root, '--days', '10000');
    expect(stats.code, stats.stderr).toBe(0);
    expect(stats.stdout).toContain('\\u001b]52;c;cm0gLXJmIH4=\\u0007clipboard');
    for (const out of [list.stdout, stats.stdout]) expect(rawControls(out)).toEqual([]);
  });

  it('an execution whose timestamp is not a date: --date and --recent say they left it out; --all lists it', async () => {
    const root = tree.dir('undated');
    const file = tree.write(
      'undated/imbue/proof/2026-01-08.jsonl',
      `${line('dated', '2026-01-08T01:00:00.000Z')}\n${line('undated', 'yesterday-ish')}\n`,
    );
    const onDay = await cli(
      'evaluate-skill',
      'imbue:proof',
      '--logs-dir',
      root,
      '--date',
      '2026-01-08',
      '--list',
      '--output',
      'json',
    );
    expect(onDay.code, onDay.stderr).toBe(0);
    expect(
      (JSON.parse(onDay.stdout) as { unevaluated: { invocation_id: string }[] }).unevaluated.map(
        (u) => u.invocation_id,
      ),
    ).toEqual(['dated']);
    expect(onDay.stderr).toContain(
      `1 execution(s) left out of the window: their timestamp is not a date (--all includes them), ` +
        `e.g. ${file}:2: timestamp "yesterday-ish" is not a date`,
    );
    const recent = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--recent', '--list');
    expect(recent.stderr).toContain('1 execution(s) left out of the window');
    // --all keeps the design: the undated execution is offered (last), and nothing is said about a window.
    const all = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--all', '--list', '--output', 'json');
    expect(
      (JSON.parse(all.stdout) as { unevaluated: { invocation_id: string }[] }).unevaluated.map((u) => u.invocation_id),
    ).toEqual(['dated', 'undated']);
    expect(all.stderr).not.toContain('left out');
  });

  it('names unreadable lines and still rates the readable ones', async () => {
    const root = tree.dir('with-bad');
    tree.write('with-bad/imbue/proof/2026-01-08.jsonl', `{torn\n${line('ok', '2026-01-08T01:00:00.000Z')}\n`);
    const out = await cli('evaluate-skill', 'imbue:proof', '--logs-dir', root, '--invocation', 'ok', '--rating', '4');
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/1 unreadable log line\(s\) skipped, e\.g\. .*2026-01-08\.jsonl:1: invalid JSON/);
  });
});

describe('the question loop (a stream standing in for the terminal)', () => {
  const executions = ['x', 'y', 'z'].map((id, i) => ({
    entry: LogEntry.parse(JSON.parse(line(id, `2026-01-08T0${i}:00:00.000Z`))),
    file: `/f/${id}`,
    line: 1,
  }));
  async function session(
    typed: string,
    save: (file: string, id: string, e: QualitativeEvaluation) => unknown = () => 1,
  ) {
    const input = new PassThrough();
    const output = new PassThrough();
    let screen = '';
    output.on('data', (d: Buffer) => (screen += d.toString()));
    input.end(typed);
    const result = await runReviewSession(
      { input, output, terminal: false },
      { ref: 'imbue:proof', logDir: '/f', executions, save, now: () => new Date('2026-01-10T00:00:00Z') },
    );
    return { result, screen };
  }

  it('asks again after a bad rating, reads multi-line answers up to an empty line, skips on s, saves each at once', async () => {
    const saves: string[] = [];
    const { result, screen } = await session('9\n4\nfirst\n- second\n\nidea\n\nnote\ns\n1\n\n\n\n', (file, id, e) =>
      saves.push(
        `${file}:${id}:${e.rating}:${e.friction_points.join('|')}:${e.improvement_suggestions.join('|')}:${e.evaluator_notes}`,
      ),
    );
    expect(result.end).toBe('done');
    expect(saves).toEqual(['/f/x:x:4:first|second:idea:note', '/f/z:z:1:::']);
    expect(result.outcome).toMatchObject({ skipped: 1, notReached: 0 });
    expect(screen.match(/Invalid rating: must be 1-5/g)).toHaveLength(1);
    expect(screen).toContain('Evaluating 3/3...');
    expect(screen).toContain('Skipped.');
  });

  it('q stops with what was saved kept; end of input mid-answer saves nothing of that one', async () => {
    const quit = await session('5\n\n\n\nq\n');
    expect(quit.result.end).toBe('quit');
    expect(quit.result.outcome).toMatchObject({ skipped: 0, notReached: 2 });
    expect(quit.result.outcome.saved.map((e) => e.rating)).toEqual([5]);
    const closed = await session('3\nhalf an answer\n');
    expect(closed.result.end).toBe('closed');
    expect(closed.result.outcome.saved).toEqual([]);
    expect(closed.result.outcome.notReached).toBe(3);
  });

  it('a save the store refuses ends the session and is reported as that, not as a rating', async () => {
    const { result } = await session('4\n\n\n\n', () => {
      throw new Error('lock timeout');
    });
    expect(result.end).toBe('save-failed');
    expect((result.error as Error).message).toBe('lock timeout');
    expect(result.outcome.saved).toEqual([]);
  });
});
