/** hooks/unquoted-plugin-root: a hook command that uses ${CLAUDE_PLUGIN_ROOT} outside quotes. */
import type { Diagnostic } from '../../model/diagnostic.js';
import { locateValueOffsets } from '../../parse/json.js';
import { positionLocator } from '../../util/text.js';
import { defineRule, report } from '../define.js';
import type { PluginFacts, PluginRule } from '../types.js';
import { quotePluginRootFix } from './hook-quoting-fix.js';
import { unquotedPluginRoots } from './plugin-root-quoting.js';

const dotted = (at: readonly (string | number)[]) =>
  at.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

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
    const out: Diagnostic[] = [];
    for (const source of plugin.hookSources) {
      const found: { at: readonly (string | number)[]; command: string }[] = [];
      for (const groups of Object.values(source.hooks))
        for (const group of groups)
          for (const hook of group.hooks) {
            const at = source.pathOf.get(hook);
            if (hook.type === 'command' && at !== undefined && unquotedPluginRoots(hook.command).length > 0)
              found.push({ at: [...at, 'command'], command: hook.command });
          }
      if (found.length === 0) continue;
      const offsets = locateValueOffsets(
        source.text,
        found.map((f) => f.at),
      );
      const position = positionLocator(source.text);
      found.forEach((f, i) => {
        const pos = offsets[i]! < 0 ? { line: 0, column: 0 } : position(offsets[i]!);
        out.push(
          report(
            hooksUnquotedPluginRoot.meta,
            source.file,
            `${dotted(f.at)} uses \${CLAUDE_PLUGIN_ROOT} outside quotes: ` +
              `${JSON.stringify(f.command.slice(0, 120))}; write "\${CLAUDE_PLUGIN_ROOT}/..." in double quotes, ` +
              'or run it in exec form ({"command": "<program>", "args": ["${CLAUDE_PLUGIN_ROOT}/..."]})',
            pos.line,
            pos.column,
          ),
        );
      });
    }
    return out;
  },
  quotePluginRootFix,
);
