/**
 * What `plugin-eval hook pre|post` does with one Claude Code hook input (the JSON Claude Code writes on stdin:
 * session_id, transcript_path, cwd, hook_event_name, tool_name, tool_input, tool_use_id, and tool_response on
 * PostToolUse or error/is_interrupt on PostToolUseFailure). Only `Skill` calls are logged.
 *
 * pre: remember the start under `<root>/.pending/<session>/<tool_use_id>.json`. post: take that record back
 * (exact pairing by tool_use_id, so concurrent sessions and parallel calls never mix), decide the outcome from the
 * response's structure, never from words in it, and append one line to the day's file under the store's lock.
 *
 * Zod is deliberately not loaded here (importing it costs more than the rest of a hook run); the line is built
 * to the LogEntry schema, and the tests parse what the hook writes with it.
 */
import { readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { readBoundedSync, readTailSync } from '../util/bounded-read.js';
import { isoTimestamp } from '../util/iso-time.js';
import { makeDirSync } from '../util/make-dir.js';
import { appendEntry } from './append.js';
import { logFileFor, parseSkillRef } from './paths.js';
import { loggedToolInput, outputPreview, redactSecrets } from './redact.js';

/** Claude Code's hook input, as far as the hook uses it; every field is checked before use. */
export interface HookInput {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  tool_name?: unknown;
  tool_input?: unknown;
  tool_response?: unknown;
  tool_use_id?: unknown;
  error?: unknown;
  is_interrupt?: unknown;
  duration_ms?: unknown;
}

export interface HookRunOptions {
  root: string;
  now?: () => Date;
  /** How long to wait for the day file's lock before giving up (the hook must not hold Claude Code up). */
  lockTimeoutMs?: number;
}

export type HookResult =
  | { action: 'ignored'; reason: string }
  | { action: 'pending'; file: string }
  | { action: 'logged'; file: string; entry: Record<string, unknown> };

/** Names that become path parts: anything outside this set is replaced, so an id cannot climb out of `.pending`. */
const safePart = (value: string): string => value.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 128) || '_';
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export const pendingFile = (root: string, sessionId: string, toolUseId: string): string =>
  path.join(root, '.pending', safePart(sessionId), `${safePart(toolUseId)}.json`);

/** The skill a Skill call names: `{skill}` (current Claude Code) or `{command}` (older), `/name args` -> `name`. */
export function skillNameOf(toolInput: unknown): string | undefined {
  if (toolInput === null || typeof toolInput !== 'object') return undefined;
  const raw = str((toolInput as { skill?: unknown }).skill) ?? str((toolInput as { command?: unknown }).command);
  return raw?.trim().replace(/^\//, '').split(/\s/, 1)[0];
}

interface PendingRecord {
  tool_use_id: string;
  session_id: string;
  started_at: string;
  tool_input: unknown;
}

export function handleHook(phase: 'pre' | 'post', input: HookInput, options: HookRunOptions): HookResult {
  if (input.tool_name !== 'Skill') return { action: 'ignored', reason: `tool ${String(input.tool_name)}` };
  const now = (options.now ?? (() => new Date()))();
  const sessionId = str(input.session_id) ?? 'unknown';
  const toolUseId = str(input.tool_use_id);
  if (phase === 'pre') {
    if (toolUseId === undefined) return { action: 'ignored', reason: 'no tool_use_id to pair with' };
    const file = pendingFile(options.root, sessionId, toolUseId);
    // Redacted as the log line is: a session that never gets its post leaves this file on disk for up to a day.
    const record: PendingRecord = {
      tool_use_id: toolUseId,
      session_id: sessionId,
      started_at: isoTimestamp(now),
      tool_input: loggedToolInput(input.tool_input).tool_input,
    };
    // A new session's first call: also clear what sessions that never got their post (a crash, a kill) left.
    if (makeDirSync(path.dirname(file)) !== undefined)
      sweepAbandoned(path.join(options.root, '.pending'), path.dirname(file), now.getTime());
    // Scratch durability: the record lives until this call's post hook, and losing it loses a duration, nothing more.
    const write = (): void => writeFileAtomicSync(file, JSON.stringify(record), { durability: 'scratch' });
    try {
      write();
    } catch {
      // The post of a parallel call in this session removed the folder it had just emptied: make it again, once
      // (any other failure fails the second write the same way).
      makeDirSync(path.dirname(file));
      write();
    }
    return { action: 'pending', file };
  }
  return logExecution(input, { sessionId, toolUseId, now, options });
}

function logExecution(
  input: HookInput,
  at: { sessionId: string; toolUseId: string | undefined; now: Date; options: HookRunOptions },
): HookResult {
  const { sessionId, toolUseId, now, options } = at;
  const name = skillNameOf(input.tool_input);
  const ref = name === undefined ? undefined : parseSkillRef(name);
  if (ref === undefined)
    throw new Error(
      `Skill call ${toolUseId ?? '(no tool_use_id)'}: skill ` +
        `name ${JSON.stringify(name === undefined ? null : name.slice(0, 80))} is not a plugin:skill folder name; ` +
        `not logged`,
    );
  const pending = toolUseId === undefined ? undefined : takePending(options.root, sessionId, toolUseId);
  const toolDuration = typeof input.duration_ms === 'number' && input.duration_ms >= 0 ? input.duration_ms : undefined;
  // Pre to post when the pre hook ran; else Claude Code's own measure of the tool call, else nothing known.
  const started = pending === undefined ? Number.NaN : Date.parse(pending.started_at);
  const durationSource = Number.isFinite(started)
    ? 'pre_post'
    : toolDuration !== undefined
      ? 'tool_duration'
      : 'unknown';
  const durationMs = durationSource === 'pre_post' ? Math.max(0, now.getTime() - started) : (toolDuration ?? 0);
  const { outcome, error } = outcomeOf(input);
  const previewSource = error ?? responseText(input.tool_response);
  const tokens =
    typeof input.transcript_path === 'string' && toolUseId !== undefined
      ? callingTurnUsage(input.transcript_path, toolUseId)
      : undefined;
  const entry: Record<string, unknown> = {
    timestamp: isoTimestamp(now),
    invocation_id: toolUseId !== undefined ? `${ref.ref}:${toolUseId}` : `${ref.ref}:${now.getTime()}.${process.pid}`,
    skill: ref.ref,
    plugin: ref.plugin,
    skill_name: ref.skill,
    duration_ms: durationMs,
    outcome,
    // The reference's formula is not documented; a made-up one would be reported as if it were theirs.
    continual_metrics: null,
    context: {
      session_id: sessionId,
      // Skill arguments are free text a user may have pasted a secret into; capped, the original length noted.
      ...loggedToolInput(input.tool_input),
      output_preview: outputPreview(previewSource),
      ...(toolUseId === undefined ? {} : { tool_use_id: toolUseId }),
      ...(typeof input.transcript_path === 'string' ? { transcript_path: input.transcript_path } : {}),
      ...(typeof input.cwd === 'string' ? { cwd: input.cwd } : {}),
      hook_event: str(input.hook_event_name) ?? 'PostToolUse',
      duration_source: durationSource,
      ...(toolDuration === undefined ? {} : { tool_duration_ms: toolDuration }),
    },
    error: error === undefined ? null : redactSecrets(error.slice(0, 2_000)),
    qualitative_evaluation: null,
    ...(tokens === undefined ? {} : { tokens }),
  };
  const file = logFileFor(options.root, ref, now);
  try {
    appendEntry(file, entry, { timeoutMs: options.lockTimeoutMs ?? 1_000 });
  } catch (error) {
    // Keep the line where a person can recover it: the side log gets this message.
    throw new Error(`${file}: not appended (${(error as Error).message}); the line: ${JSON.stringify(entry)}`, {
      cause: error,
    });
  }
  return { action: 'logged', file, entry };
}

/** Remove a file, one already gone being fine. Not rmSync: that loads Node's rimraf module, ~0.7 ms of a post hook. */
function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Pending records older than a day: their post will not come. At most 200 session folders a sweep, to stay cheap. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;
function sweepAbandoned(pendingRoot: string, current: string, now: number): void {
  try {
    for (const session of readdirSync(pendingRoot).slice(0, 200)) {
      const dir = path.join(pendingRoot, session);
      if (dir === current) continue;
      let removed = 0;
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (now - statSync(file).mtimeMs > ABANDONED_MS) {
          removeFile(file);
          removed++;
        }
      }
      // Only a folder this sweep emptied: an empty one may be another session's, created a moment ago.
      if (removed > 0 && readdirSync(dir).length === 0) rmdirSync(dir);
    }
  } catch {
    // A concurrent hook removed something first; the next sweep finishes the job.
  }
}

/** A pending record holds at most one hook input (16 MiB on stdin) redacted: past twice that, it is not one of ours. */
const PENDING_RECORD_MAX_BYTES = 32 * 1024 * 1024;

function takePending(root: string, sessionId: string, toolUseId: string): PendingRecord | undefined {
  const file = pendingFile(root, sessionId, toolUseId);
  let text: string;
  try {
    text = readBoundedSync(file, PENDING_RECORD_MAX_BYTES).bytes.toString('utf8');
  } catch {
    return undefined;
  }
  removeFile(file);
  try {
    rmdirSync(path.dirname(file)); // the session's folder, once its last call is paired
  } catch {
    // other calls of the session are still pending
  }
  try {
    const record = JSON.parse(text) as PendingRecord;
    return typeof record.started_at === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Outcome from structure only. PostToolUseFailure: failure (an interrupt: partial). PostToolUse: a response that
 * flags itself as an error (`is_error`/`isError` true, `success: false`, a non-empty `error` field, an error
 * content block) is a failure; `interrupted: true` is partial; anything else succeeded, whatever words it holds.
 */
export function outcomeOf(input: HookInput): { outcome: 'success' | 'failure' | 'partial'; error?: string } {
  if (input.hook_event_name === 'PostToolUseFailure') {
    const error = str(input.error) ?? 'the tool call failed (no error text given)';
    return input.is_interrupt === true
      ? { outcome: 'partial', error: `interrupted: ${error}` }
      : { outcome: 'failure', error };
  }
  const response = input.tool_response;
  if (Array.isArray(response)) {
    const bad = response.find(
      (block) => block !== null && typeof block === 'object' && (block as { is_error?: unknown }).is_error === true,
    );
    return bad === undefined ? { outcome: 'success' } : { outcome: 'failure', error: responseText(bad) };
  }
  if (response === null || typeof response !== 'object') return { outcome: 'success' };
  const fields = response as Record<string, unknown>;
  const errorField = fields.error;
  const hasError =
    (typeof errorField === 'string' && errorField !== '') || (errorField !== null && typeof errorField === 'object');
  if (fields.is_error === true || fields.isError === true || fields.success === false || hasError) {
    return { outcome: 'failure', error: hasError ? responseText(errorField) : responseText(response) };
  }
  if (fields.interrupted === true) return { outcome: 'partial', error: 'interrupted' };
  return { outcome: 'success' };
}

function responseText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The transcript's tail is enough: the Skill call was made by the latest assistant turn. */
const TRANSCRIPT_TAIL_BYTES = 512 * 1024;

/**
 * Token usage of the assistant turn that made this Skill call, from the transcript's last 512 KB. At PostToolUse
 * time the turns the skill goes on to guide have not happened yet, so this is the calling turn's usage, not the
 * skill's whole cost; undefined when the transcript does not show it.
 */
export function callingTurnUsage(
  transcriptPath: string,
  toolUseId: string,
): Record<string, number | string> | undefined {
  let text: string;
  try {
    // The path comes from the hook input: only a regular file is read (a FIFO there would block the hook for ever).
    text = readTailSync(transcriptPath, TRANSCRIPT_TAIL_BYTES).bytes.toString('utf8');
  } catch {
    return undefined;
  }
  const needle = JSON.stringify(toolUseId);
  // The lines holding the id, last first, found by searching back for it: splitting 512 KB into lines to look at a
  // few of them was most of a post hook's own work on a long session. The id is JSON text: it holds no newline.
  for (let at = text.lastIndexOf(needle); at !== -1; ) {
    const start = text.lastIndexOf('\n', at) + 1;
    const end = text.indexOf('\n', at);
    const line = text.slice(start, end === -1 ? text.length : end);
    at = start === 0 ? -1 : text.lastIndexOf(needle, start - 1);
    if (!line.includes('"usage"')) continue;
    let record: { type?: unknown; message?: { content?: unknown; usage?: Record<string, unknown> } };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      continue;
    }
    const content = record.message?.content;
    const calls =
      Array.isArray(content) &&
      content.some((block: { type?: unknown; id?: unknown }) => block?.type === 'tool_use' && block.id === toolUseId);
    const usage = record.message?.usage;
    if (record.type !== 'assistant' || !calls || usage === undefined) continue;
    const count = (key: string): number | undefined =>
      typeof usage[key] === 'number' && Number.isInteger(usage[key]) && (usage[key] as number) >= 0
        ? (usage[key] as number)
        : undefined;
    const input = count('input_tokens');
    const output = count('output_tokens');
    if (input === undefined || output === undefined) return undefined;
    const cacheRead = count('cache_read_input_tokens');
    const cacheWrite = count('cache_creation_input_tokens');
    return {
      input,
      output,
      ...(cacheRead === undefined ? {} : { cache_read: cacheRead }),
      ...(cacheWrite === undefined ? {} : { cache_write: cacheWrite }),
      scope: 'calling_turn',
    };
  }
  return undefined;
}
