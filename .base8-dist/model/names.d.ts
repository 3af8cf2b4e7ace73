/** Names and key lists shared by parsers, checks and schemas (no zod, so the score path loads fast). */
/** Claude Code plugin/skill names: lowercase letters, digits and single hyphens. */
export declare const KEBAB_NAME: RegExp;
/** Keys the Agent Skills spec defines, and keys Claude Code adds on top. */
export declare const SPEC_SKILL_KEYS: Set<string>;
export declare const CLAUDE_CODE_SKILL_KEYS: Set<string>;
export declare const HOOK_EVENTS: readonly ["PreToolUse", "PostToolUse", "PostToolUseFailure", "Notification", "UserPromptSubmit", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd", "PermissionRequest"];
/** Keys Claude Code's plugin.json defines. */
export declare const PLUGIN_MANIFEST_KEYS: ReadonlySet<string>;
