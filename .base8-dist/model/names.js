/** Names and key lists shared by parsers, checks and schemas (no zod, so the score path loads fast). */
/** Claude Code plugin/skill names: lowercase letters, digits and single hyphens. */
export const KEBAB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Keys the Agent Skills spec defines, and keys Claude Code adds on top. */
export const SPEC_SKILL_KEYS = new Set(['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility']);
export const CLAUDE_CODE_SKILL_KEYS = new Set([
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
]);
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
];
/** Keys Claude Code's plugin.json defines. */
export const PLUGIN_MANIFEST_KEYS = new Set(['name', 'version', 'description', 'author', 'homepage', 'repository', 'license', 'keywords', 'commands', 'agents', 'skills', 'hooks', 'mcpServers', 'outputStyles', 'lspServers']);
//# sourceMappingURL=names.js.map