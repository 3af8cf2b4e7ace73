/** Names and key lists shared by parsers, checks and schemas (no zod, so the score path loads fast). */
import { HOOK_EVENTS, PLUGIN_MANIFEST_KEYS as MANIFEST_KEYS, SKILL_FRONTMATTER_KEYS } from '../data/claude-code.js';

/** Claude Code plugin/skill names: lowercase letters, digits and single hyphens. */
export const KEBAB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Keys the Agent Skills spec defines, and keys Claude Code adds on top. */
export const SPEC_SKILL_KEYS = new Set([
  'name',
  'description',
  'license',
  'allowed-tools',
  'metadata',
  'compatibility',
]);

/** Keys Claude Code adds on top (the list lives with the other Claude Code lists in data/claude-code.ts). */
export const CLAUDE_CODE_SKILL_KEYS: ReadonlySet<string> = new Set(SKILL_FRONTMATTER_KEYS);

export { HOOK_EVENTS };

/** Keys Claude Code's plugin.json defines. */
export const PLUGIN_MANIFEST_KEYS: ReadonlySet<string> = new Set(MANIFEST_KEYS);
