/**
 * The hook: Claude Code's documented stdin JSON in, one log line out. In-process for the rules (pairing, outcome,
 * duration, tokens), then the built CLI as Claude Code runs it (a new process, JSON on stdin) for never-break.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handleHook, outcomeOf, type HookInput } from '../../src/logs/hook.js';
import { HOOK_ENV_PREFIX, hookCommand } from '../../src/logs/hook-settings.js';
import { LogEntry } from '../../src/logs/schema.js';
import { REDACTED, TOOL_INPUT_CAP } from '../../src/logs/redact.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { BUILT_BIN } from '../support/built.js';

const tree = tempTree('plugin-eval-hook-');
const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
// The package's bin (the CommonJS dispatcher), as `hooks install` writes it; the ES module entry still serves
// hooks installed by earlier versions (checked below).
const ESM_BIN = path.join(ROOT_DIR, 'dist/bin/plugin-eval.js');

/** Claude Code's hook input for a Skill call (hooks reference: common fields plus the tool event's). */
const skillCall = (
  event: 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure',
  extra: Partial<HookInput> = {},
): HookInput => ({
  session_id: 'sess-1',
  transcript_path: '/nonexistent/transcript.jsonl',
  cwd: '/work/project',
  hook_event_name: event,
  tool_name: 'Skill',
  tool_input: { skill: 'imbue:proof-of-work' },
  tool_use_id: 'toolu_01',
  ...extra,
});
const at = (iso: string) => () => new Date(iso);
const lines = (file: string): LogEntry[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => LogEntry.parse(JSON.parse(l)));

describe('hook pre/post in process', () => {
  it('pairs pre and post exactly by tool_use_id across interleaved sessions and parallel calls', () => {
    const root = tree.dir('pairing');
    const calls = [
      { session_id: 'sess-A', tool_use_id: 'toolu_A' },
      { session_id: 'sess-B', tool_use_id: 'toolu_B' },
      { session_id: 'sess-A', tool_use_id: 'toolu_C' },
    ];
    handleHook('pre', skillCall('PreToolUse', calls[0]), { root, now: at('2026-01-08T10:00:00.000Z') });
    handleHook('pre', skillCall('PreToolUse', calls[1]), { root, now: at('2026-01-08T10:00:01.000Z') });
    handleHook('pre', skillCall('PreToolUse', calls[2]), { root, now: at('2026-01-08T10:00:02.000Z') });
    handleHook('post', skillCall('PostToolUse', { ...calls[1], tool_response: { success: true } }), {
      root,
      now: at('2026-01-08T10:00:03.500Z'),
    });
    handleHook('post', skillCall('PostToolUse', { ...calls[0], tool_response: { success: true } }), {
      root,
      now: at('2026-01-08T10:00:04.000Z'),
    });
    handleHook('post', skillCall('PostToolUse', { ...calls[2], tool_response: { success: true } }), {
      root,
      now: at('2026-01-08T10:00:02.250Z'),
    });
    const entries = lines(path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl'));
    expect(entries.map((e) => [e.invocation_id, e.duration_ms, e.context.session_id])).toEqual([
      ['imbue:proof-of-work:toolu_B', 2500, 'sess-B'],
      ['imbue:proof-of-work:toolu_A', 4000, 'sess-A'],
      ['imbue:proof-of-work:toolu_C', 250, 'sess-A'],
    ]);
    expect(entries[0]).toMatchObject({
      skill: 'imbue:proof-of-work',
      plugin: 'imbue',
      skill_name: 'proof-of-work',
      outcome: 'success',
      error: null,
      qualitative_evaluation: null,
      continual_metrics: null,
    });
    expect(entries[0]!.context).toMatchObject({
      tool_use_id: 'toolu_B',
      transcript_path: '/nonexistent/transcript.jsonl',
      cwd: '/work/project',
      duration_source: 'pre_post',
      output_preview: '{"success":true}',
    });
    // Every pending record was taken back.
    expect(existsSync(path.join(root, '.pending'))).toBe(true);
    expect(readdirCount(path.join(root, '.pending'))).toBe(0);
  });

  it('clears pending records a day old when a new session starts, and keeps recent ones', () => {
    const root = tree.dir('sweep');
    handleHook('pre', skillCall('PreToolUse', { session_id: 'old', tool_use_id: 'toolu_old' }), { root });
    handleHook('pre', skillCall('PreToolUse', { session_id: 'recent', tool_use_id: 'toolu_recent' }), { root });
    const old = path.join(root, '.pending/old/toolu_old.json');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(old, dayAgo, dayAgo);
    handleHook('pre', skillCall('PreToolUse', { session_id: 'new', tool_use_id: 'toolu_new' }), { root });
    expect(existsSync(path.join(root, '.pending/old'))).toBe(false);
    expect(existsSync(path.join(root, '.pending/recent/toolu_recent.json'))).toBe(true);
  });

  it('the pending record a pre leaves on disk (for a day, if its post never comes) holds no secret the skill was called with', () => {
    const root = tree.dir('pending-secret');
    const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const result = handleHook(
      'pre',
      skillCall('PreToolUse', {
        tool_input: { skill: 'imbue:proof-of-work', args: `deploy with password=hunter2 token ${secret}` },
      }),
      { root },
    );
    expect(result.action).toBe('pending');
    const text = readFileSync((result as { file: string }).file, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text).tool_input).toEqual({
      skill: 'imbue:proof-of-work',
      args: 'deploy with password=[REDACTED] token [REDACTED]',
    });
  });

  it('decides the outcome from structure, never from words', () => {
    const ok = outcomeOf(
      skillCall('PostToolUse', {
        tool_response: { success: true, commandName: 'x', text: 'Add error handling; the build failed; warning' },
      }),
    );
    expect(ok).toEqual({ outcome: 'success' });
    expect(outcomeOf(skillCall('PostToolUse', { tool_response: 'error: failed (just words)' }))).toEqual({
      outcome: 'success',
    });
    expect(
      outcomeOf(skillCall('PostToolUse', { tool_response: { success: false, message: 'all good' } })).outcome,
    ).toBe('failure');
    expect(outcomeOf(skillCall('PostToolUse', { tool_response: { is_error: true, content: 'x' } })).outcome).toBe(
      'failure',
    );
    expect(outcomeOf(skillCall('PostToolUse', { tool_response: { error: 'Unknown skill: nope' } }))).toEqual({
      outcome: 'failure',
      error: 'Unknown skill: nope',
    });
    expect(
      outcomeOf(
        skillCall('PostToolUse', {
          tool_response: [
            { type: 'text', text: 'fine' },
            { type: 'text', text: 'boom', is_error: true },
          ],
        }),
      ).outcome,
    ).toBe('failure');
    expect(outcomeOf(skillCall('PostToolUse', { tool_response: { interrupted: true } })).outcome).toBe('partial');
    expect(outcomeOf(skillCall('PostToolUseFailure', { error: 'Skill not found' }))).toEqual({
      outcome: 'failure',
      error: 'Skill not found',
    });
    expect(outcomeOf(skillCall('PostToolUseFailure', { error: 'stopped', is_interrupt: true }))).toEqual({
      outcome: 'partial',
      error: 'interrupted: stopped',
    });
  });

  it("logs failures with a redacted, bounded preview and error; without a pre, takes Claude Code's duration and says so", () => {
    const root = tree.dir('failure');
    const secretError = `Skill failed: token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 ${'x'.repeat(500)}`;
    const result = handleHook('post', skillCall('PostToolUseFailure', { error: secretError, duration_ms: 42 }), {
      root,
      now: at('2026-01-08T23:59:59.999Z'),
    });
    expect(result.action).toBe('logged');
    const [entry] = lines(path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl'));
    expect(entry!.outcome).toBe('failure');
    expect(entry!.duration_ms).toBe(42);
    expect(entry!.context).toMatchObject({
      duration_source: 'tool_duration',
      tool_duration_ms: 42,
      hook_event: 'PostToolUseFailure',
    });
    expect(entry!.context.output_preview).toMatch(
      /^Skill failed: token=\[REDACTED\] x+\n\.\.\. \(truncated from \d+ chars\)$/,
    );
    expect(entry!.error).not.toContain('ghp_');
    handleHook(
      'post',
      skillCall('PostToolUse', {
        tool_use_id: 'toolu_03',
        tool_input: { skill: 'imbue:proof-of-work', args: 'deploy with api_key=abc123 to https://u:pw@h/x' },
        tool_response: {},
      }),
      { root, now: at('2026-01-08T12:00:00Z') },
    );
    expect(lines(path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl'))[1]!.context.tool_input).toEqual({
      skill: 'imbue:proof-of-work',
      args: 'deploy with api_key=[REDACTED] to https://u:[REDACTED]@h/x',
    });
    handleHook('post', skillCall('PostToolUse', { tool_use_id: 'toolu_02', tool_response: { success: true } }), {
      root,
      now: at('2026-01-08T12:00:00Z'),
    });
    expect(lines(path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl'))[2]!.context).toMatchObject({
      duration_source: 'unknown',
    });
  });

  it('caps a huge tool_input at 8 KB of redacted JSON in both the pending record and the line, noting the full length', () => {
    const root = tree.dir('huge-input');
    const toolInput = { skill: 'imbue:proof-of-work', args: `DB_PASS=hunter2 ${'x'.repeat(15_000_000)}` };
    const pending = handleHook('pre', skillCall('PreToolUse', { tool_input: toolInput }), { root });
    const record = readFileSync(pending.action === 'pending' ? pending.file : '', 'utf8');
    expect(record.length).toBeLessThan(10_000);
    expect(record).not.toContain('hunter2');
    handleHook('post', skillCall('PostToolUse', { tool_input: toolInput, tool_response: { success: true } }), {
      root,
      now: at('2026-01-08T12:00:00Z'),
    });
    const file = path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl');
    expect(readFileSync(file, 'utf8').length).toBeLessThan(12_000);
    const [entry] = lines(file);
    expect(entry!.context.tool_input_truncated_from).toBe(JSON.stringify(toolInput).length);
    expect((entry!.context.tool_input as string).length).toBe(TOOL_INPUT_CAP);
    expect(entry!.context.tool_input as string).toContain(`DB_PASS=${REDACTED}`);
  });

  it("takes the calling turn's tokens from the transcript, and none when the transcript does not show them", () => {
    const root = tree.dir('tokens');
    const transcript = tree.write(
      't/session.jsonl',
      [
        JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } }),
        JSON.stringify({
          type: 'assistant',
          message: {
            id: 'msg_1',
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_T', name: 'Skill', input: { skill: 'imbue:proof-of-work' } }],
            usage: {
              input_tokens: 200,
              output_tokens: 20,
              cache_read_input_tokens: 50,
              cache_creation_input_tokens: 5,
            },
          },
        }),
        JSON.stringify({
          type: 'user',
          message: {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_T', content: 'Launching skill' }],
          },
        }),
      ].join('\n'),
    );
    handleHook(
      'post',
      skillCall('PostToolUse', {
        tool_use_id: 'toolu_T',
        transcript_path: transcript,
        tool_response: { success: true },
      }),
      { root, now: at('2026-01-08T12:00:00Z') },
    );
    handleHook(
      'post',
      skillCall('PostToolUse', {
        tool_use_id: 'toolu_U',
        transcript_path: transcript,
        tool_response: { success: true },
      }),
      { root, now: at('2026-01-08T12:00:00Z') },
    );
    const [withTokens, without] = lines(path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl'));
    expect(withTokens!.tokens).toEqual({
      input: 200,
      output: 20,
      cache_read: 50,
      cache_write: 5,
      scope: 'calling_turn',
    });
    expect(without!.tokens).toBeUndefined();
  });

  it('takes the latest turn that made the call, wherever in the tail its line is', () => {
    const root = tree.dir('tokens-order');
    const turn = (input: number, id = 'toolu_V') =>
      JSON.stringify({
        type: 'assistant',
        message: {
          content: [{ type: 'tool_use', id, name: 'Skill', input: {} }],
          usage: { input_tokens: input, output_tokens: 1 },
        },
      });
    // Names the id too, and has usage-free content: passed over.
    const filler = JSON.stringify({
      type: 'user',
      message: { content: [{ type: 'tool_result', tool_use_id: 'toolu_V' }] },
    });
    const post = (name: string, text: string) => {
      const transcript = tree.write(`t/${name}.jsonl`, text);
      return handleHook(
        'post',
        skillCall('PostToolUse', { tool_use_id: 'toolu_V', transcript_path: transcript, tool_response: {} }),
        { root, now: at('2026-01-08T12:00:00Z') },
      );
    };
    const tokensOf = (result: ReturnType<typeof handleHook>) =>
      result.action === 'logged' ? (result.entry.tokens as { input: number } | undefined)?.input : 'not logged';
    // The first line of the file, and the only one that counts.
    expect(tokensOf(post('first', [turn(11), filler, filler].join('\n')))).toBe(11);
    // Two turns named the id: the later one; a turn that calls another tool does not count.
    expect(tokensOf(post('two', [turn(12), filler, turn(13), turn(99, 'toolu_other'), filler].join('\n')))).toBe(13);
    expect(tokensOf(post('none', [filler, turn(99, 'toolu_other')].join('\n')))).toBeUndefined();
  });

  it('reads only the tail of a 1.9 GB (sparse) transcript, and nothing of a device named as the transcript', () => {
    const root = tree.dir('tokens-huge');
    const transcript = tree.write('t/huge.jsonl', '');
    truncateSync(transcript, Math.floor(1.9 * 1024 ** 3));
    appendFileSync(
      transcript,
      `\n${JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_H', name: 'Skill', input: {} }], usage: { input_tokens: 7, output_tokens: 3 } } })}\n`,
    );
    handleHook(
      'post',
      skillCall('PostToolUse', {
        tool_use_id: 'toolu_H',
        transcript_path: transcript,
        tool_response: { success: true },
      }),
      { root, now: at('2026-01-08T12:00:00Z') },
    );
    handleHook(
      'post',
      skillCall('PostToolUse', {
        tool_use_id: 'toolu_H',
        transcript_path: '/dev/zero',
        tool_response: { success: true },
      }),
      { root, now: at('2026-01-08T12:00:00Z') },
    );
    const [huge, device] = lines(path.join(root, 'imbue/proof-of-work/2026-01-08.jsonl'));
    expect(huge!.tokens).toEqual({ input: 7, output: 3, scope: 'calling_turn' });
    expect(device!.tokens).toBeUndefined();
  });

  it('ignores other tools, names a bare skill "unknown", and refuses names that could climb out of the logs folder', () => {
    const root = tree.dir('names');
    expect(handleHook('post', { ...skillCall('PostToolUse'), tool_name: 'Read' }, { root })).toEqual({
      action: 'ignored',
      reason: 'tool Read',
    });
    const bare = handleHook(
      'post',
      skillCall('PostToolUse', { tool_input: { skill: 'pdf' }, tool_response: { success: true } }),
      { root },
    );
    expect(bare.action === 'logged' && bare.file).toContain(path.join(root, 'unknown', 'pdf'));
    const command = handleHook(
      'post',
      skillCall('PostToolUse', { tool_input: { command: '/imbue:proof-of-work --fast' }, tool_response: {} }),
      { root },
    );
    expect(command.action === 'logged' && command.entry.skill).toBe('imbue:proof-of-work');
    expect(() =>
      handleHook('post', skillCall('PostToolUse', { tool_input: { skill: '../../etc:passwd' } }), { root }),
    ).toThrow(/not a plugin:skill folder name; not logged/);
    // A name too long to be a folder is refused too, and the message quotes only its start.
    const long = `imbue:${'a'.repeat(129)}`;
    expect(() => handleHook('post', skillCall('PostToolUse', { tool_input: { skill: long } }), { root })).toThrow(
      new RegExp(`"imbue:a{74}" is not a plugin:skill folder name`),
    );
    expect(
      handleHook(
        'post',
        skillCall('PostToolUse', { tool_input: { skill: `imbue:${'a'.repeat(128)}` }, tool_response: {} }),
        { root },
      ).action,
    ).toBe('logged');
    expect(() =>
      handleHook('pre', skillCall('PreToolUse', { session_id: '../../x', tool_use_id: '../y' }), { root }),
    ).not.toThrow();
    expect(existsSync(path.join(root, '.pending', '______x', '___y.json'))).toBe(true);
  });
});

function readdirCount(dir: string): number {
  return spawnSync('find', [dir, '-type', 'f'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length;
}

/** The built CLI as Claude Code runs a hook command: a new process, the JSON on stdin. */
const runHookWith = (bin: string, phase: string, input: string, env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [bin, 'hook', phase], { input, encoding: 'utf8', env, timeout: HANG_LIMIT_MS });
const runHook = (phase: string, input: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [BUILT_BIN, 'hook', phase, ...args], {
    input,
    encoding: 'utf8',
    env,
    timeout: HANG_LIMIT_MS,
  });

describe('plugin-eval hook as Claude Code runs it', () => {
  it('needs the build', () => expect(existsSync(BUILT_BIN), 'run `npm run build` first (npm test does)').toBe(true));

  it('a FIFO named as transcript_path (no writer) does not block the hook: it logs the call and exits 0', () => {
    const logs = tree.dir('fifo-logs');
    const fifo = path.join(tree.dir('fifo'), 'transcript.jsonl');
    spawnSync('mkfifo', [fifo]);
    // A blocked hook would end by spawnSync's timeout as a signal, with nothing logged.
    const post = runHook(
      'post',
      JSON.stringify(skillCall('PostToolUse', { transcript_path: fifo, tool_response: { success: true } })),
      ['--logs-dir', logs],
    );
    expect(post.signal).toBeNull();
    expect(post.status).toBe(0);
    const [entry] = lines(path.join(logs, 'imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`));
    expect(entry!.context.transcript_path).toBe(fifo);
    expect(entry!.tokens).toBeUndefined();
  });

  it('reads its JSON whole from a regular file, and from a socket in many reads with characters split between them', () => {
    const logs = tree.dir('chunked');
    const file = tree.write('chunked-pre.json', JSON.stringify(skillCall('PreToolUse')));
    const fd = openSync(file, 'r');
    try {
      const pre = spawnSync(process.execPath, [BUILT_BIN, 'hook', 'pre', '--logs-dir', logs], {
        stdio: [fd, 'pipe', 'pipe'],
        timeout: HANG_LIMIT_MS,
      });
      expect(pre.status).toBe(0);
    } finally {
      closeSync(fd);
    }
    // About 800 KB of two-byte characters after an odd number of bytes: the hook reads at most 64 KB at a time, so
    // reads end inside characters; decoding each read on its own would leave replacement characters in the line.
    const cwd = `/w/${'é'.repeat(400_000)}`;
    const post = runHook('post', JSON.stringify(skillCall('PostToolUse', { cwd, tool_response: { success: true } })), [
      '--logs-dir',
      logs,
    ]);
    expect(post.status).toBe(0);
    const [entry] = lines(path.join(logs, 'imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`));
    expect(entry!.context.duration_source).toBe('pre_post');
    expect(entry!.context.cwd === cwd).toBe(true);
    expect(existsSync(path.join(logs, '.hook-errors.log'))).toBe(false);
  });

  it('ends at its stdin deadline when stdin never closes, by SIGKILL (a waiting read holds exit), saying why', async () => {
    const logs = tree.dir('never-closed');
    const child = spawn(process.execPath, [BUILT_BIN, 'hook', 'pre', '--logs-dir', logs, '--stdin-timeout-ms', '50'], {
      stdio: ['pipe', 'ignore', 'ignore'],
      // A hang guard only: the guard's SIGTERM would fail the assertion below.
      timeout: HANG_LIMIT_MS,
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Part of a call, and the writer's end stays open.
    child.stdin.write(JSON.stringify(skillCall('PreToolUse')).slice(0, 40));
    expect(await ended).toBe('SIGKILL');
    child.stdin.destroy();
    expect(readFileSync(path.join(logs, '.hook-errors.log'), 'utf8')).toMatch(
      /^\S+ hook pre: no complete hook input on stdin within 50 ms\n$/,
    );
    expect(existsSync(path.join(logs, '.pending'))).toBe(false);
    // A deadline that is not whole milliseconds from 1 to 60,000 is recorded, and nothing is read.
    expect(
      runHook('pre', JSON.stringify(skillCall('PreToolUse')), ['--logs-dir', logs, '--stdin-timeout-ms=0']).status,
    ).toBe(0);
    expect(readFileSync(path.join(logs, '.hook-errors.log'), 'utf8')).toContain(
      'hook pre: --stdin-timeout-ms: expected whole milliseconds from 1 to 60000, got "0"',
    );
    expect(existsSync(path.join(logs, '.pending'))).toBe(false);
  });

  it('logs a pre/post pair under CLAUDE_HOME, and the line parses as a LogEntry', () => {
    const home = tree.dir('claude-home');
    const env = { ...process.env, CLAUDE_HOME: home };
    expect(runHook('pre', JSON.stringify(skillCall('PreToolUse')), [], env).status).toBe(0);
    const post = runHook(
      'post',
      JSON.stringify(
        skillCall('PostToolUse', { tool_response: { success: true, commandName: 'imbue:proof-of-work' } }),
      ),
      [],
      env,
    );
    expect(post.status).toBe(0);
    expect(post.stdout).toBe('');
    const day = path.join(home, 'skills/logs/imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`);
    const [entry] = lines(day);
    expect(entry!.invocation_id).toBe('imbue:proof-of-work:toolu_01');
    expect(entry!.context.duration_source).toBe('pre_post');
    expect(existsSync(path.join(home, 'skills/logs/.hook-errors.log'))).toBe(false);
  });

  it('runs the installed command through the shell, with node spared NODE_EXTRA_CA_CERTS (its start-up cost)', () => {
    const logs = tree.dir('installed-command');
    // A missing CA file makes node warn on stderr at start-up when it reads the variable: the visible proof of
    // whether this node paid for loading the CA store.
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: path.join(logs, 'missing-ca.pem') };
    const viaShell = (command: string, input: HookInput) =>
      spawnSync('/bin/sh', ['-c', command], {
        input: JSON.stringify(input),
        encoding: 'utf8',
        env,
        timeout: HANG_LIMIT_MS,
      });
    const program = { node: process.execPath, bin: BUILT_BIN, logsDir: logs };
    const pre = viaShell(hookCommand(program, 'pre'), skillCall('PreToolUse'));
    const post = viaShell(hookCommand(program, 'post'), skillCall('PostToolUse', { tool_response: { success: true } }));
    expect([pre.status, post.status, pre.stderr, post.stderr]).toEqual([0, 0, '', '']);
    const [entry] = lines(path.join(logs, 'imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`));
    expect(entry!.context.duration_source).toBe('pre_post');
    // Control: the same command without the prefix does read the variable.
    const bare = viaShell(
      hookCommand(program, 'pre').slice(HOOK_ENV_PREFIX.length + 1),
      skillCall('PreToolUse', { tool_use_id: 'toolu_02' }),
    );
    expect(bare.status).toBe(0);
    expect(bare.stderr).toMatch(/Ignoring extra certs from .*missing-ca\.pem/);
  });

  it('still logs through the ES module entry that hooks installed by earlier versions name', () => {
    const home = tree.dir('claude-home-esm');
    const env = { ...process.env, CLAUDE_HOME: home };
    expect(runHookWith(ESM_BIN, 'pre', JSON.stringify(skillCall('PreToolUse')), env).status).toBe(0);
    expect(
      runHookWith(
        ESM_BIN,
        'post',
        JSON.stringify(
          skillCall('PostToolUse', { tool_response: { success: true, commandName: 'imbue:proof-of-work' } }),
        ),
        env,
      ).status,
    ).toBe(0);
    const [entry] = lines(
      path.join(home, 'skills/logs/imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`),
    );
    expect(entry!.context.duration_source).toBe('pre_post');
  });

  it("keeps every line whole and every pair exact when two sessions' hooks run at the same time", async () => {
    const logs = tree.dir('concurrent');
    const spawnHook = (phase: string, input: HookInput) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [BUILT_BIN, 'hook', phase, '--logs-dir', logs], {
          stdio: ['pipe', 'ignore', 'ignore'],
        });
        child.on('close', resolve);
        child.stdin.end(JSON.stringify(input));
      });
    const calls = Array.from({ length: 12 }, (_, i) => ({ session_id: `sess-${i % 2}`, tool_use_id: `toolu_c${i}` }));
    // All pres at once, then all posts at once: each post must find its own pre among the others.
    expect(await Promise.all(calls.map((c) => spawnHook('pre', skillCall('PreToolUse', c))))).toEqual(
      calls.map(() => 0),
    );
    expect(
      await Promise.all(
        calls.map((c) => spawnHook('post', skillCall('PostToolUse', { ...c, tool_response: { success: true } }))),
      ),
    ).toEqual(calls.map(() => 0));
    const entries = lines(path.join(logs, 'imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`));
    expect(entries.map((e) => e.context.tool_use_id).sort()).toEqual(calls.map((c) => c.tool_use_id).sort());
    for (const entry of entries) {
      expect(entry.context.duration_source).toBe('pre_post');
      expect(entry.context.session_id).toBe(`sess-${Number(entry.context.tool_use_id!.slice(7)) % 2}`);
    }
    expect(existsSync(path.join(logs, '.hook-errors.log'))).toBe(false);
  });

  it('the side log quoting bad stdin holds no secret from it', () => {
    const logs = tree.dir('side-log-secret');
    const cut = '{"tool_name":"Skill","tool_input":{"skill":"a:b","args":"password=hunter2"';
    expect(runHook('post', cut, ['--logs-dir', logs]).status).toBe(0);
    const side = readFileSync(path.join(logs, '.hook-errors.log'), 'utf8');
    expect(side).toMatch(/stdin is not JSON .*first bytes: .*password=\[REDACTED\]/);
    expect(side).not.toContain('hunter2');
  });

  it('exits 0 on bad input, a logs folder it cannot write, or a lock held too long, and says why in the side log', () => {
    const logs = tree.dir('never-break');
    for (const input of ['', 'not json', '[1,2]', '{"tool_name":"Skill","tool_input":{"skill":"a:b:c"}}']) {
      expect(runHook('post', input, ['--logs-dir', logs]).status, input).toBe(0);
    }
    expect(runHook('sideways', '{}', ['--logs-dir', logs]).status).toBe(0);
    const errors = readFileSync(path.join(logs, '.hook-errors.log'), 'utf8').trim().split('\n');
    const expected = [
      /^hook post: stdin is not JSON/,
      /^hook post: stdin is not JSON/,
      /^hook post: stdin JSON is not an object$/,
      /^hook post: Skill call \(no tool_use_id\): skill name "a:b:c" is not/,
      /^hook sideways: expected "hook pre" or "hook post"$/,
    ];
    expect(errors).toHaveLength(expected.length);
    errors.forEach((line, i) => expect(line.replace(/^\S+ /, '')).toMatch(expected[i]!));
    // A file where the logs folder should be: nothing can be written, not even the side log; still exit 0.
    const blocked = tree.write('blocked', 'a file');
    expect(
      runHook('post', JSON.stringify(skillCall('PostToolUse', { tool_response: {} })), [
        '--logs-dir',
        path.join(blocked, 'logs'),
      ]).status,
    ).toBe(0);
    // A logs folder that can never be created (under /proc): Node 20's recursive mkdir retries it for ever; the
    // hook must still end, with exit 0, well inside spawnSync's timeout (a hang ends as a signal, not a status).
    const impossible = runHook('pre', JSON.stringify(skillCall('PreToolUse')), [
      '--logs-dir',
      '/proc/plugin-eval-cannot-exist/logs',
    ]);
    expect(impossible.signal).toBeNull();
    expect(impossible.status).toBe(0);
    // A live process holds the day file's lock: the hook gives up after its short bound and keeps the line in the side
    // log.
    const locked = tree.dir('locked');
    const day = path.join(locked, 'imbue/proof-of-work', `${new Date().toISOString().slice(0, 10)}.jsonl`);
    tree.write(path.relative(tree.root, `${day}.lock`), `${process.pid} ${Date.now()} ${hostname()} held\n`);
    expect(
      runHook('post', JSON.stringify(skillCall('PostToolUse', { tool_response: {} })), ['--logs-dir', locked]).status,
    ).toBe(0);
    expect(existsSync(day)).toBe(false);
    const sideLog = readFileSync(path.join(locked, '.hook-errors.log'), 'utf8');
    expect(sideLog).toMatch(/not appended \(.*still locked after \d+ ms/);
    expect(sideLog).toContain('"invocation_id":"imbue:proof-of-work:toolu_01"');
    writeFileSync(`${day}.lock`, '');
  });
});
