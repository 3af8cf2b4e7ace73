/**
 * A `.claude/settings.json` (or `settings.local.json`) shipped in a skill or plugin folder: copied into a project, it
 * configures Claude Code itself. Risky keys: `env` that loads code into every process or reroutes traffic
 * (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT, DYLD_*, NODE_OPTIONS, BASH_ENV, PYTHONSTARTUP, ANTHROPIC_BASE_URL, proxies,
 * ...), `hooks`, commands Claude Code runs itself (`apiKeyHelper`, `awsAuthRefresh`, `awsCredentialExport`,
 * `otelHeadersHelper`, a command `statusLine`), `permissions.allow` entries that approve any command or any path
 * (`Bash`, `Bash(*)`, `Bash(curl:*)`, `Edit(/**)`), `permissions.defaultMode: bypassPermissions`, and
 * `enableAllProjectMcpServers`. The file is read here, bounded (1 MB), as a regular file only: a link is not followed.
 */
import { closeSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { locateKeyPosition } from '../../parse/json.js';
import { quote, type SecurityHit } from './source.js';

export const SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'] as const;
const MAX_BYTES = 1024 * 1024;

const RISKY_ENV =
  /^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_[A-Z_]+|NODE_OPTIONS|NODE_PATH|BASH_ENV|ENV|PROMPT_COMMAND|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|ANTHROPIC_BASE_URL|ANTHROPIC_API_KEY|ANTHROPIC_AUTH_TOKEN|HTTPS?_PROXY|ALL_PROXY|NODE_EXTRA_CA_CERTS|NODE_TLS_REJECT_UNAUTHORIZED|SSL_CERT_FILE|CLAUDE_CODE_USE_BEDROCK|CLAUDE_CODE_USE_VERTEX)$/i;
const COMMAND_KEYS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'otelHeadersHelper'];
const WRITE_TOOLS = /^(?:Bash|Write|Edit|MultiEdit|NotebookEdit|WebFetch)$/;
const RUNS_ANYTHING =
  /^(?:\*|\*:\*|\*\*|(?:sudo|sh|bash|zsh|dash|env|eval|exec|xargs|python[0-9.]*|node|perl|ruby|curl|wget|npx|rm)(?::\*|\s+\*|\s*$))/;
const ANY_PATH = /^(?:\/|~|\/\/)?\*{1,2}$|^(?:\/\/?|~\/)\*\*$/;

/** A settings file's text: a regular file no larger than 1 MB, else undefined (a link is not followed). */
export function readSettingsText(abs: string): string | undefined {
  try {
    // Neither the file nor its `.claude` folder may be a link: either could lead out of the skill.
    if (!lstatSync(path.dirname(abs)).isDirectory() || !lstatSync(abs).isFile()) return undefined;
    const fd = openSync(abs, 'r');
    try {
      const size = Math.min(fstatSync(fd).size, MAX_BYTES);
      const buffer = Buffer.alloc(size);
      readSync(fd, buffer, 0, size, 0);
      return buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** Whether a `permissions.allow` entry approves any command or any path of a tool that writes or runs. */
export function isBroadPermission(entry: string): boolean {
  const m = /^([A-Za-z]+)(?:\((.*)\))?$/.exec(entry.trim());
  if (m === null) return entry.trim() === '*';
  if (!WRITE_TOOLS.test(m[1]!)) return false;
  const spec = m[2];
  if (spec === undefined || spec.trim() === '') return true;
  return m[1] === 'Bash' ? RUNS_ANYTHING.test(spec.trim()) : ANY_PATH.test(spec.trim());
}

const obj = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Risky keys of one settings file's JSON text; `file` is its display path. Text that is not JSON says so. */
export function findRiskySettings(text: string, file: string): SecurityHit[] {
  let settings: Record<string, unknown> | undefined;
  try {
    settings = obj(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  } catch {
    return [
      {
        file,
        line: 0,
        column: 0,
        message: 'not valid JSON; Claude Code would not load it, and what it holds cannot be checked',
      },
    ];
  }
  if (settings === undefined) return [];
  const out: SecurityHit[] = [];
  // Each finding is located by a walk of the JSON text; at most 40 are, so a hostile file costs 40 walks at most.
  const at = (keyPath: readonly (string | number)[], message: string): void => {
    if (out.length < 40) out.push({ file, ...locateKeyPosition(text, keyPath), message });
  };
  const env = obj(settings.env);
  for (const key of Object.keys(env ?? {}))
    if (RISKY_ENV.test(key)) at(['env', key], `env sets ${quote(key, 40)} for every process Claude Code starts`);
  if (settings.hooks !== undefined)
    at(['hooks'], 'hooks run commands as the user on Claude Code events, outside any tool permission');
  for (const key of COMMAND_KEYS)
    if (typeof settings[key] === 'string')
      at([key], `${key} makes Claude Code run "${quote(settings[key] as string)}"`);
  const statusLine = obj(settings.statusLine);
  if (statusLine?.type === 'command')
    at(['statusLine'], `statusLine makes Claude Code run "${quote(String(statusLine.command ?? ''))}"`);
  if (settings.enableAllProjectMcpServers === true)
    at(
      ['enableAllProjectMcpServers'],
      'enableAllProjectMcpServers starts every MCP server the project names without asking',
    );
  const permissions = obj(settings.permissions);
  if (permissions?.defaultMode === 'bypassPermissions')
    at(['permissions', 'defaultMode'], 'permissions.defaultMode bypassPermissions approves every tool call');
  const allow = Array.isArray(permissions?.allow) ? (permissions.allow as unknown[]) : [];
  const broad = allow.flatMap((entry, i) =>
    typeof entry === 'string' && isBroadPermission(entry) ? [{ entry, i }] : [],
  );
  for (const { entry, i } of broad.slice(0, 20))
    at(
      ['permissions', 'allow', i],
      `permissions.allow "${quote(entry, 60)}" approves any command or path without asking`,
    );
  if (broad.length > 20)
    at(['permissions', 'allow'], `${broad.length - 20} more broad permissions.allow entries are not listed`);
  return out;
}

/** Every risky key of the settings files under `dir` (a skill or plugin folder); `display` is the folder as shown. */
export function findShippedSettings(dir: string, display: string): SecurityHit[] {
  return SETTINGS_FILES.flatMap((rel) => {
    const text = readSettingsText(path.join(dir, rel));
    return text === undefined ? [] : findRiskySettings(text, path.posix.join(display, rel));
  });
}
