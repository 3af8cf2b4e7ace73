/** `plugin-eval hooks install|uninstall|status`: our Skill hooks in Claude Code's project or user settings. */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import {
  hookStatus,
  installHooks,
  settingsFileFor,
  uninstallHooks,
  type HookProgram,
  type HooksStatusReport,
  type SettingsScope,
} from '../../logs/hook-settings.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';

export interface HooksFlags {
  project?: boolean;
  user?: boolean;
  logsDir?: string;
  json?: boolean;
}

/**
 * This process's node and CLI entry: what the hook command must run, by absolute path (no PATH needed). The
 * CommonJS bin beside the entry is preferred however this process was started (src/cli/bin.ts: it starts the hook
 * ~8 ms sooner, on every skill call).
 */
export function thisProgram(): { node: string; bin: string } {
  const entry = process.argv[1];
  if (entry === undefined)
    throw new UsageError(
      'hooks install: cannot tell where this plugin-eval is (no script path); run it as plugin-eval',
    );
  const bin = realpathSync(entry);
  const commonJsBin = path.join(path.dirname(bin), 'plugin-eval.cjs');
  return { node: process.execPath, bin: existsSync(commonJsBin) ? commonJsBin : bin };
}

function scopeOf(flags: HooksFlags): SettingsScope {
  if (flags.project === true && flags.user === true) throw new UsageError('hooks: give --project or --user, not both');
  return flags.user === true ? 'user' : 'project';
}

export async function runHooks(
  action: string,
  flags: HooksFlags,
  ui: Ui,
  program: () => { node: string; bin: string } = thisProgram,
): Promise<number> {
  if (action === 'status') return status(flags, ui);
  if (action !== 'install' && action !== 'uninstall')
    throw new UsageError(`hooks ${action}: expected install, uninstall or status`);
  const scope = scopeOf(flags);
  const file = settingsFileFor(scope);
  if (action === 'uninstall') {
    const { removed } = await uninstallHooks(file);
    ui.stdout(
      removed === 0
        ? `No plugin-eval hooks in ${file}; nothing changed.\n`
        : `Removed ${removed} plugin-eval hook${removed === 1 ? '' : 's'} from ${file}; other hooks and settings ` +
            `kept.\n`,
    );
    return EXIT.OK;
  }
  const hookProgram: HookProgram = {
    ...program(),
    ...(flags.logsDir === undefined ? {} : { logsDir: path.resolve(flags.logsDir) }),
  };
  const { changed } = await installHooks(file, hookProgram);
  ui.stdout(
    `${changed ? 'Installed' : 'Already installed'}: PreToolUse, PostToolUse and PostToolUseFailure hooks ` +
      `(matcher "Skill") in ${file} (${scope} settings).\n` +
      `Each Skill call is logged ` +
      `to ${hookProgram.logsDir ?? '$CLAUDE_HOME/skills/logs or ~/.claude/skills/logs'}/<plugin>/<skill>/YYYY-MM-DD.jsonl.\n`,
  );
  return EXIT.OK;
}

async function status(flags: HooksFlags, ui: Ui): Promise<number> {
  const scopes: SettingsScope[] =
    flags.project === true ? ['project'] : flags.user === true ? ['user'] : ['project', 'user'];
  const found: HooksStatusReport = await Promise.all(
    scopes.map(async (scope) => ({ scope, ...(await hookStatus(settingsFileFor(scope))) })),
  );
  if (flags.json === true) {
    ui.stdout(`${JSON.stringify(found, null, 2)}\n`);
    return EXIT.OK;
  }
  for (const s of found) {
    if (s.hooks.length === 0) {
      ui.stdout(`${s.scope}: not installed (${s.file}${s.exists ? '' : ' does not exist'})\n`);
      continue;
    }
    ui.stdout(`${s.scope}: installed in ${s.file}\n`);
    for (const hook of s.hooks) ui.stdout(`  ${hook.event} [${hook.matcher ?? '*'}]: ${hook.command}\n`);
    const stale = [...new Set(s.hooks.flatMap((h) => h.missingPaths))];
    if (stale.length > 0)
      ui.stderr(
        `plugin-eval: warning: ${s.scope} hooks run ${stale.join(', ')}, which no longer ` +
          `exist${stale.length === 1 ? 's' : ''}; run plugin-eval hooks install --${s.scope} again`,
      );
    if (s.hooks.some((h) => h.outdated))
      ui.stderr(
        `plugin-eval: note: ${s.scope} hooks were written by an earlier plugin-eval; they work, and run ` +
          `plugin-eval hooks install --${s.scope} again makes them start sooner when NODE_EXTRA_CA_CERTS is set`,
      );
    if (s.missingEvents.length > 0)
      ui.stderr(
        `plugin-eval: warning: ${s.scope} hooks missing for ${s.missingEvents.join(', ')}; run plugin-eval ` +
          `hooks install --${s.scope} again`,
      );
  }
  return EXIT.OK;
}
