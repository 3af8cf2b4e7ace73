/**
 * Hooks a skill, agent or command declares in its frontmatter, and a plugin's hooks/hooks.json: Claude Code runs
 * their commands as the user, outside any tool permission, so their presence is worth a warning; a command that pipes
 * a download into a shell or interpreter (`curl ... | sh`, `bash <(curl ...)`, `sh -c "$(wget ...)"`) runs code
 * nobody reviewed, and is an error.
 */
import { quote, sourceLines, type SecurityHit, type SecuritySource } from './source.js';

// A shell named by a path is one of the usual bin folders: a free-form path prefix made every start rescan its word.
const DOWNLOADER = /(?:^|[\s;&|(`$])(curl|wget|fetch|aria2c|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)(?=\s|$)/i;
const SHELL_START =
  /^\s*(?:sudo\s+(?:-\S+\s+){0,4})?(?:(?:\/usr\/bin\/)?env\s+)?(?:\/(?:usr\/)?(?:local\/)?bin\/)?(sh|bash|zsh|dash|ksh|fish|python[0-9.]{0,4}|perl|ruby|node|php|iex|Invoke-Expression|pwsh|powershell)(?=\s|$)/i;
const SUBSTITUTION =
  /(?:^|[\s;&|])(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:sh|bash|zsh|dash|ksh|source|\.|eval)\s+(?:-c\s+)?["']?(?:<\(|\$\()\s*(curl|wget|fetch|iwr|irm)(?=\s)/i;

/**
 * Whether a shell command runs what it downloads: a downloader before a pipe into a shell, or a substitution of one.
 */
export function pipesDownloadToShell(command: string): boolean {
  if (SUBSTITUTION.test(command)) return true;
  for (const pipeline of command.split(/\|\||&&|[;\n]/)) {
    let downloaded = false;
    for (const stage of pipeline.split('|')) {
      if (downloaded && SHELL_START.test(stage)) return true;
      downloaded = downloaded || DOWNLOADER.test(stage);
    }
  }
  return false;
}

export interface DeclaredHook {
  event: string;
  command: string;
}

/** The command hooks of a `hooks` mapping (`{Event: [{matcher, hooks: [{type: 'command', command}]}]}`), bounded. */
export function declaredHooks(hooks: unknown): DeclaredHook[] {
  if (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks)) return [];
  const out: DeclaredHook[] = [];
  for (const [event, groups] of Object.entries(hooks as Record<string, unknown>).slice(0, 100)) {
    const list = Array.isArray(groups) ? groups : [groups];
    for (const group of list.slice(0, 100)) {
      const inner = group !== null && typeof group === 'object' ? (group as { hooks?: unknown }).hooks : undefined;
      const entries = Array.isArray(inner) ? inner : [group];
      for (const entry of entries.slice(0, 100)) {
        const command =
          entry !== null && typeof entry === 'object' ? (entry as { command?: unknown }).command : undefined;
        if (typeof command === 'string') out.push({ event, command });
      }
    }
  }
  return out;
}

/** `hooks:` in the frontmatter: one warning at its key, naming the events. */
export function findFrontmatterHooks(source: SecuritySource): SecurityHit[] {
  const hooks = source.data?.hooks;
  if (hooks === undefined || hooks === null) return [];
  const events = hooks !== null && typeof hooks === 'object' && !Array.isArray(hooks) ? Object.keys(hooks) : [];
  const named =
    events.length > 0
      ? ` (${events
          .slice(0, 8)
          .map((e) => quote(e, 40))
          .join(', ')})`
      : '';
  return [
    {
      line: source.keyLines.hooks ?? 1,
      column: 1,
      message:
        `frontmatter hooks${named} run commands as the user whenever this file is active, outside any tool ` +
        `permission; plugin-eval does not install them`,
    },
  ];
}

/**
 * Frontmatter hook commands that run a download: one error each, at the line that holds the command when it can be
 * found.
 */
export function findFrontmatterDownloads(source: SecuritySource): SecurityHit[] {
  const hooks = declaredHooks(source.data?.hooks).filter((h) => pipesDownloadToShell(h.command));
  if (hooks.length === 0) return [];
  const from = source.keyLines.hooks ?? 1;
  const lines = sourceLines(source.text).filter((l) => l.number >= from);
  return hooks.map((hook) => {
    const start = hook.command.trim().slice(0, 24);
    const line = lines.find((l) => l.text.includes(start)) ?? lines.find((l) => DOWNLOADER.test(l.text));
    const at = line === undefined ? undefined : DOWNLOADER.exec(line.text);
    return {
      line: line?.number ?? from,
      column: at === undefined || at === null ? 1 : at.index + at[0].indexOf(at[1]!) + 1,
      message: `${quote(hook.event, 40)} hook pipes a download into a shell: "${quote(hook.command)}"`,
    };
  });
}
