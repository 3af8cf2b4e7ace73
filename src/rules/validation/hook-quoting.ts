/** hooks/unquoted-plugin-root: a hook command that uses ${CLAUDE_PLUGIN_ROOT} outside quotes. */
import { defineRule, report } from '../define.js';
import type { PluginFacts, PluginRule } from '../types.js';

const PLACEHOLDERS = ['${CLAUDE_PLUGIN_ROOT}', '$CLAUDE_PLUGIN_ROOT'];

/**
 * Whether a shell command expands CLAUDE_PLUGIN_ROOT outside quotes, where a plugin path with a space splits into
 * several words. One pass over the command, following single quotes, double quotes and backslash escapes.
 */
export function expandsPluginRootUnquoted(command: string): boolean {
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '$') {
      const word = PLACEHOLDERS.find((p) => command.startsWith(p, i));
      // `$CLAUDE_PLUGIN_ROOT_X` is another variable.
      if (word !== undefined && (word.endsWith('}') || !/[A-Za-z0-9_]/.test(command[i + word.length] ?? '')))
        return true;
    }
  }
  return false;
}

export const hooksUnquotedPluginRoot: PluginRule = defineRule<PluginRule>(
  {
    id: 'hooks/unquoted-plugin-root',
    appliesTo: 'plugin',
    severity: 'warning',
    description:
      'Hook commands (hooks/hooks.json, plugin.json) write ${CLAUDE_PLUGIN_ROOT} inside double quotes (a plugin path with a space ' +
      'splits an unquoted one into several words), as Claude Code warns.',
  },
  ({ plugin }: PluginFacts) => {
    const out = [];
    for (const source of plugin.hookSources)
      for (const [event, groups] of Object.entries(source.hooks))
        for (const [g, group] of groups.entries())
          for (const [h, hook] of group.hooks.entries()) {
            if (hook.type !== 'command' || !expandsPluginRootUnquoted(hook.command)) continue;
            out.push(
              report(
                hooksUnquotedPluginRoot.meta,
                source.file,
                `hooks.${event}[${g}].hooks[${h}].command uses \${CLAUDE_PLUGIN_ROOT} outside quotes: ` +
                  `${JSON.stringify(hook.command.slice(0, 120))}; write "\${CLAUDE_PLUGIN_ROOT}/..." in double quotes, ` +
                  'or run it in exec form ({"command": "<program>", "args": ["${CLAUDE_PLUGIN_ROOT}/..."]})',
              ),
            );
          }
    return out;
  },
);
