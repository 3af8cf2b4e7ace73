/**
 * Our hooks in Claude Code's settings (`hooks: { PreToolUse: [{ matcher, hooks: [{ type: "command", command,
 * timeout }] }] }`): install (merge, idempotent), uninstall (only ours) and status. Ours are recognised by a
 * marker at the end of the command (a shell comment), so a user's own Skill hooks are never touched. Every other
 * setting and hook is kept as it was; the file is written atomically, and a file that is not valid JSON (or whose
 * `hooks` is not the documented shape) is refused with its name, line and field, and nothing is written.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { readJsonToEdit } from '../parse/json-reader.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { makeDirSync } from '../util/make-dir.js';

export const HOOK_MARKER = '# plugin-eval:skill-logs';
/** PostToolUseFailure: Claude Code sends a failed tool call there, not to PostToolUse. */
export const HOOK_EVENTS = { PreToolUse: 'pre', PostToolUse: 'post', PostToolUseFailure: 'post' } as const;
export type HookEvent = keyof typeof HOOK_EVENTS;
/** Seconds Claude Code waits for our hook at most (it normally takes tens of milliseconds). */
export const HOOK_TIMEOUT_S = 10;

// Lenient on purpose (unlike model/manifests.ts's plugin HooksFile): a user's hook of a type we do not know must
// not make us refuse their settings file.
const HookCommand = z
  .object({ type: z.string(), command: z.string().optional(), timeout: z.number().optional() })
  .loose();
const MatcherGroup = z.object({ matcher: z.string().optional(), hooks: z.array(HookCommand) }).loose();
/** Claude Code's settings file, as far as hooks go; everything else passes through untouched. */
export const ClaudeSettings = z.object({ hooks: z.record(z.string(), z.array(MatcherGroup)).optional() }).loose();
export type ClaudeSettings = z.infer<typeof ClaudeSettings>;

export type SettingsScope = 'project' | 'user';

export function settingsFileFor(scope: SettingsScope, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  if (scope === 'project') return path.join(options.cwd ?? process.cwd(), '.claude', 'settings.json');
  const claudeHome = (options.env ?? process.env).CLAUDE_HOME;
  return claudeHome ? path.join(claudeHome, 'settings.json') : path.join(homedir(), '.claude', 'settings.json');
}

/** POSIX shell single quotes: the command runs through a shell, and paths may hold spaces or quotes. */
export const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

export interface HookProgram {
  /** The node binary (absolute), so the hook works without PATH. */
  node: string;
  /** This plugin-eval's CLI entry (absolute). */
  bin: string;
  /** Written into the command when given (absolute); else the hook uses CLAUDE_HOME or ~/.claude at run time. */
  logsDir?: string;
}

/**
 * Cleared for the hook's node only (POSIX `VAR= cmd`). Node 20 reads and parses the whole CA store before any
 * JavaScript runs when NODE_EXTRA_CA_CERTS is set, ~45 ms of a ~75 ms start on the reference machine, and users behind
 * a TLS-inspecting proxy set it for Claude Code, whose hooks inherit it. The hook makes no network calls.
 */
export const HOOK_ENV_PREFIX = 'NODE_EXTRA_CA_CERTS=';

export const hookCommand = (program: HookProgram, phase: 'pre' | 'post'): string =>
  [
    HOOK_ENV_PREFIX,
    shellQuote(program.node),
    shellQuote(program.bin),
    'hook',
    phase,
    ...(program.logsDir === undefined ? [] : ['--logs-dir', shellQuote(program.logsDir)]),
    HOOK_MARKER,
  ].join(' ');

const isOurs = (hook: { command?: string | undefined }): boolean => hook.command?.includes(HOOK_MARKER) === true;

export async function readSettings(file: string): Promise<{ settings: ClaudeSettings; exists: boolean }> {
  if (!existsSync(file)) return { settings: {}, exists: false };
  try {
    // The validated shape, but the file's own object: key order and every unknown field stay as the user wrote them.
    const settings = await readJsonToEdit(file, ClaudeSettings, "Claude Code's hooks format, hooks.<Event>[].hooks[]");
    return { settings, exists: true };
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`${error.message}; nothing was written`, file, error);
    throw error;
  }
}

/** The settings without any hook of ours; groups left empty by that removal go too (a user's empty group stays). */
export function withoutOurHooks(settings: ClaudeSettings): { settings: ClaudeSettings; removed: number } {
  if (settings.hooks === undefined) return { settings, removed: 0 };
  let removed = 0;
  const hooks: NonNullable<ClaudeSettings['hooks']> = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    const kept = [];
    for (const group of groups) {
      const mine = group.hooks.filter(isOurs).length;
      removed += mine;
      if (mine === 0) kept.push(group);
      else if (mine < group.hooks.length) kept.push({ ...group, hooks: group.hooks.filter((hook) => !isOurs(hook)) });
    }
    if (kept.length > 0 || groups.length === 0) hooks[event] = kept;
  }
  const next: ClaudeSettings = { ...settings, hooks };
  if (Object.keys(hooks).length === 0) delete next.hooks;
  return { settings: next, removed };
}

/**
 * Ours added (after removing any older copy of ours, so installing twice is installing once, with the newest paths).
 */
export function withOurHooks(settings: ClaudeSettings, program: HookProgram): ClaudeSettings {
  const base = withoutOurHooks(settings).settings;
  const hooks = { ...(base.hooks ?? {}) };
  for (const [event, phase] of Object.entries(HOOK_EVENTS)) {
    hooks[event] = [
      ...(hooks[event] ?? []),
      { matcher: 'Skill', hooks: [{ type: 'command', command: hookCommand(program, phase), timeout: HOOK_TIMEOUT_S }] },
    ];
  }
  return { ...base, hooks };
}

const serialise = (settings: ClaudeSettings): string => `${JSON.stringify(settings, null, 2)}\n`;

export async function installHooks(file: string, program: HookProgram): Promise<{ changed: boolean }> {
  const { settings, exists } = await readSettings(file);
  const next = withOurHooks(settings, program);
  const changed = !exists || JSON.stringify(next) !== JSON.stringify(settings);
  if (changed) {
    makeDirSync(path.dirname(file));
    await writeFileAtomic(file, serialise(next));
  }
  return { changed };
}

export async function uninstallHooks(file: string): Promise<{ removed: number }> {
  const { settings, exists } = await readSettings(file);
  if (!exists) return { removed: 0 };
  const { settings: next, removed } = withoutOurHooks(settings);
  if (removed > 0) await writeFileAtomic(file, serialise(next));
  return { removed };
}

export const InstalledHook = z.object({
  event: z.string(),
  matcher: z.string().optional(),
  command: z.string(),
  /** Paths the command names that do not exist any more (a moved or removed plugin-eval or node). */
  missingPaths: z.array(z.string()),
  /**
   * Written by an earlier plugin-eval (before HOOK_ENV_PREFIX): it works, but starts slower; installing again updates
   * it.
   */
  outdated: z.boolean(),
});
export type InstalledHook = z.infer<typeof InstalledHook>;

export const HookStatus = z.object({
  file: z.string(),
  exists: z.boolean(),
  hooks: z.array(InstalledHook),
  /** Events ours should be on but are not (a partial or hand-edited install). */
  missingEvents: z.array(z.string()),
});
export type HookStatus = z.infer<typeof HookStatus>;

/** What `plugin-eval hooks status --json` prints: one entry per settings scope looked at. */
export const HooksStatusReport = z.array(HookStatus.extend({ scope: z.enum(['project', 'user']) }));
export type HooksStatusReport = z.infer<typeof HooksStatusReport>;

export async function hookStatus(file: string): Promise<HookStatus> {
  const { settings, exists } = await readSettings(file);
  const hooks: InstalledHook[] = [];
  for (const [event, groups] of Object.entries(settings.hooks ?? {})) {
    for (const group of groups) {
      for (const hook of group.hooks) {
        if (!isOurs(hook)) continue;
        const command = hook.command!;
        const quoted = [...command.matchAll(/'((?:[^']|'\\'')*)'/g)].map((m) => m[1]!.replace(/'\\''/g, "'"));
        // The node binary and the bin; --logs-dir may not exist yet (the first hook run creates it).
        hooks.push({
          event,
          matcher: group.matcher,
          command,
          missingPaths: quoted.slice(0, 2).filter((p) => !existsSync(p)),
          outdated: !command.startsWith(`${HOOK_ENV_PREFIX} `),
        });
      }
    }
  }
  const missingEvents =
    hooks.length === 0
      ? []
      : Object.keys(HOOK_EVENTS).filter((event) => !hooks.some((h) => h.event === event && h.matcher === 'Skill'));
  return { file, exists, hooks, missingEvents };
}
