import { promises as fsp } from 'node:fs';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { PluginDocument } from '../../parse/plugin.js';
import { report } from '../define.js';
import { hooksMissingScript } from '../validation/plugin.js';

/** Scripts that hooks run via ${CLAUDE_PLUGIN_ROOT} must exist (checked with the file system, at the edge). */
export async function hookScriptDiagnostics(plugin: PluginDocument): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const source of plugin.hookSources)
    for (const groups of Object.values(source.hooks)) {
      for (const group of groups) {
        for (const hook of group.hooks) {
          if (hook.type !== 'command') continue;
          for (const m of String(hook.command).matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^\s"']+)/g)) {
            const rel = m[1]!;
            const ok = await fsp.stat(`${plugin.dir}/${rel}`).then(
              () => true,
              () => false,
            );
            if (!ok)
              out.push(
                report(
                  hooksMissingScript.meta,
                  source.file,
                  `hook command runs ${rel}, which does not exist in the plugin`,
                ),
              );
          }
        }
      }
    }
  return out;
}
