/**
 * Lists that change with Claude Code releases, in one place: hook events, the model values an agent's frontmatter
 * accepts, the judge's model aliases, tool names, and the frontmatter and manifest keys Claude Code adds.
 *
 * When Claude Code ships something new, update this file and `AS_OF`; nothing else hard-codes these lists.
 * Because a list can lag behind Claude Code, a value missing from it is reported as an info-level note
 * ("not in plugin-eval's list ... as of AS_OF"), never as a warning or an error.
 *
 * A plain const module rather than JSON: it loads without import attributes on Node 20 and costs nothing to parse.
 */

/** The date these lists were last checked against Claude Code's documentation. */
export const AS_OF = '2026-11-22';

/** Events `hooks/hooks.json` may hook. */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'UserPromptSubmit',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'SessionStart',
  'SessionEnd',
  'PermissionRequest',
] as const;

/** Values an agent's `model:` accepts besides a full model id (which starts with `AGENT_MODEL_ID_PREFIX`). */
export const AGENT_MODEL_ALIASES = ['inherit', 'sonnet', 'opus', 'haiku'] as const;
export const AGENT_MODEL_ID_PREFIX = 'claude-';

/**
 * Which model each alias means when plugin-eval itself calls a Claude model (the judge). Update when a new
 * generation ships.
 */
export const MODEL_ALIAS_IDS: Readonly<Record<string, string>> = Object.freeze({
  haiku: 'claude-haiku-5-5',
  sonnet: 'claude-sonnet-5-5',
  opus: 'claude-opus-5-5',
});

/**
 * Claude Code tool names that mark a skill as tied to Claude Code (harness portability). The order is
 * PluginEval's (LS before LSP matters for regex captures); compat's scoring reproduces PluginEval with this list,
 * so adding a name here changes scores: add one only with a methodology note.
 */
export const TOOL_NAMES = [
  'Read',
  'Edit',
  'Write',
  'Bash',
  'Grep',
  'Glob',
  'Agent',
  'Task',
  'TodoWrite',
  'WebFetch',
  'WebSearch',
  'LS',
  'LSP',
] as const;

/** SKILL.md frontmatter keys Claude Code adds to the Agent Skills spec's own. */
export const SKILL_FRONTMATTER_KEYS = [
  'version',
  'disable-model-invocation',
  'user-invocable',
  'argument-hint',
  'model',
  'context',
  'agent',
  'hooks',
  'paths',
  'when_to_use',
  'effort',
  'shell',
] as const;

/** Keys Claude Code's `.claude-plugin/plugin.json` defines. */
export const PLUGIN_MANIFEST_KEYS = [
  'name',
  'version',
  'description',
  'author',
  'homepage',
  'repository',
  'license',
  'keywords',
  'commands',
  'agents',
  'skills',
  'hooks',
  'mcpServers',
  'outputStyles',
  'lspServers',
] as const;

/** The note for a value missing from one of these lists: informative, and harmless if Claude Code added it. */
export function notInListNote(what: string, value: string, list: string): string {
  return (
    `unknown ${what} "${value}": not in plugin-eval's list of ${list} as of ${AS_OF}; if Claude Code added it, ` +
    `this note is harmless`
  );
}
