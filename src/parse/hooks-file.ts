/**
 * A hooks mapping (`{Event: [{matcher, hooks: [...]}]}`, from hooks/hooks.json or inline in plugin.json) checked as
 * Claude Code loads it: a hook, group or event that does not fit is ignored with a warning and the rest loads; a
 * matcher that is not a string is an error (the group it guards would be dropped). The frame of the file (an object
 * with `hooks`) is checked by its schema before this.
 */
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type * as Manifests from '../model/manifests.js';
import type { HookCommand, HookMatcherGroup, HooksFile } from '../model/manifests.js';
import { locateKeyPosition } from './json.js';
import { isPlainObject } from '../util/plain-object.js';

const kindOf = (v: unknown) =>
  Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
const dotted = (at: readonly (string | number)[]) =>
  at.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

export interface CheckedHooks {
  hooks: HooksFile['hooks'];
  /** Where each kept hook is in the text (prefix included): the indexes of `hooks` skip the entries not kept. */
  pathOf: Map<HookCommand, readonly (string | number)[]>;
  diagnostics: Diagnostic[];
}

/**
 * The hooks of `mapping` that Claude Code would load, and a diagnostic for each part it would not. `prefix` is where
 * the mapping sits in `text` (`["hooks"]` in hooks.json; `["hooks"]` or `["hooks", i]` in plugin.json).
 */
export function checkHooksMapping(
  schemas: Pick<typeof Manifests, 'HookCommand'>,
  mapping: Record<string, unknown>,
  where: { file: string; text: string; prefix: readonly (string | number)[] },
): CheckedHooks {
  const diagnostics: Diagnostic[] = [];
  const say = (ruleId: 'hooks/schema' | 'hooks/ignored-entry', at: (string | number)[], message: string) => {
    const full = [...where.prefix, ...at];
    const pos = locateKeyPosition(where.text, full);
    const severity = ruleId === 'hooks/schema' ? 'error' : 'warning';
    diagnostics.push(diagnostic(where.file, ruleId, severity, `${dotted(full)}: ${message}`, pos.line, pos.column));
  };
  const ignored = 'Claude Code ignores it';
  const hooks: Record<string, HookMatcherGroup[]> = {};
  const pathOf = new Map<HookCommand, readonly (string | number)[]>();
  for (const [event, groups] of Object.entries(mapping)) {
    if (!Array.isArray(groups)) {
      say('hooks/ignored-entry', [event], `must be a list of matcher groups, not ${kindOf(groups)}; ${ignored}`);
      continue;
    }
    const kept: HookMatcherGroup[] = [];
    groups.forEach((group: unknown, g) => {
      if (!isPlainObject(group)) {
        say('hooks/ignored-entry', [event, g], `must be an object with "hooks", not ${kindOf(group)}; ${ignored}`);
        return;
      }
      if (group.matcher !== undefined && typeof group.matcher !== 'string') {
        say('hooks/schema', [event, g, 'matcher'], 'must be a string: the tool names it matches, such as "Write|Edit"');
        return;
      }
      if (!Array.isArray(group.hooks)) {
        say(
          'hooks/ignored-entry',
          [event, g, 'hooks'],
          `must be a list of hooks, not ${kindOf(group.hooks)}; ${ignored}`,
        );
        return;
      }
      const entries: HookCommand[] = [];
      group.hooks.forEach((entry: unknown, h) => {
        const checked = schemas.HookCommand.safeParse(entry);
        if (checked.success) {
          entries.push(checked.data);
          pathOf.set(checked.data, [...where.prefix, event, g, 'hooks', h]);
          return;
        }
        const issue = checked.error.issues[0]!;
        const at = [event, g, 'hooks', h, ...issue.path.filter((p) => typeof p !== 'symbol')] as (string | number)[];
        const type = isPlainObject(entry) ? entry.type : undefined;
        const message =
          issue.code === 'invalid_union' && typeof type === 'string'
            ? `unknown hook type "${type.slice(0, 40)}" (command, prompt, agent or http)`
            : issue.message;
        say('hooks/ignored-entry', at, `${message}; ${ignored}`);
      });
      kept.push({ ...group, matcher: group.matcher, hooks: entries });
    });
    hooks[event] = kept;
  }
  return { hooks, pathOf, diagnostics };
}
