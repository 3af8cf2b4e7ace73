/**
 * Problems the parsers report themselves while reading a target (they cannot be rules run on a parsed document:
 * without them there is no document). Listed here so every id the tool reports has one entry, one severity and a
 * line in docs/rules.md; test/rules/registry.test.ts checks that each literal id in src/ is in the table with this
 * severity.
 */
import { defineRule } from '../define.js';
import type { RuleFix, RuleSubject, ValidationRule } from '../types.js';
import type { Severity } from '../../model/diagnostic.js';
import { prefixDotSlashFix } from './path-prefix-fix.js';

const parsed = (
  id: string,
  appliesTo: RuleSubject,
  severity: Severity,
  description: string,
  fix?: RuleFix,
): ValidationRule =>
  defineRule<ValidationRule>({ id, appliesTo, severity, description, reportedBy: 'parser' }, undefined, fix);

/** file/bom's fix: the mark is ignored when read, so dropping it changes nothing a reader or an agent sees. */
const withoutBom: RuleFix = {
  does: 'removes the byte order mark',
  apply: (text) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text),
};

export const PARSER_RULES: readonly ValidationRule[] = [
  parsed('skill/missing-skill-md', 'skill', 'error', 'A skill folder has a SKILL.md'),
  parsed('skill/lowercase-file-name', 'skill', 'info', 'SKILL.md is spelled in capitals (skill.md is accepted)'),
  parsed(
    'frontmatter/missing',
    'skill',
    'error',
    'SKILL.md and agent files start with YAML frontmatter between `---` lines',
  ),
  parsed('frontmatter/unclosed', 'skill', 'error', 'A frontmatter opened with `---` is closed again'),
  parsed('frontmatter/too-large', 'skill', 'error', 'Frontmatter is under 32 KiB'),
  parsed(
    'frontmatter/claude-code-fence',
    'skill',
    'error',
    'Frontmatter holds no `---` before its closing line and closes with `---`, not `...` (Claude Code ends it at the ' +
      'first `---` anywhere, so a value holding one is cut or the whole frontmatter fails to load)',
  ),
  parsed('frontmatter/yaml-syntax', 'skill', 'error', 'Frontmatter is valid YAML without duplicate keys'),
  parsed('frontmatter/empty', 'skill', 'error', 'Frontmatter is not empty'),
  parsed('frontmatter/not-a-mapping', 'skill', 'error', 'Frontmatter is a mapping of keys to values'),
  parsed('file/unreadable', 'skill', 'error', 'Files and folders that must be read can be read'),
  parsed(
    'file/unreadable-entry',
    'skill',
    'warning',
    'Every file in a skill folder can be read (an unreadable one is skipped)',
  ),
  parsed(
    'file/read-outside',
    'skill',
    'error',
    'A file that must be read is not a symlink leading out of its skill or plugin folder',
  ),
  parsed(
    'file/symlink-escapes',
    'skill',
    'warning',
    'Symlinks inside a skill or plugin folder stay inside it (one that leaves is not followed)',
  ),
  parsed('file/broken-symlink', 'skill', 'warning', 'Symlinks resolve'),
  parsed('file/symlink-loop', 'skill', 'warning', 'Symlinks do not loop'),
  parsed('file/special', 'skill', 'warning', 'A skill folder holds no FIFOs, sockets or devices (never opened)'),
  parsed('file/too-many', 'skill', 'warning', 'A folder listing has at most 10,000 files'),
  parsed('file/too-large', 'skill', 'error', 'Text files are at most 4 MiB'),
  parsed('file/binary', 'skill', 'error', 'Markdown files are text (no NUL bytes)'),
  parsed('file/invalid-utf8', 'skill', 'error', 'Text files are valid UTF-8'),
  parsed('file/bom', 'skill', 'info', 'Text files have no UTF-8 byte order mark (ignored)', withoutBom),
  parsed('json/syntax', 'plugin', 'error', 'JSON files are valid JSON'),
  parsed(
    'json/duplicate-key',
    'plugin',
    'error',
    'A JSON manifest writes each key of an object once (JSON keeps only the last value)',
  ),
  parsed('plugin/manifest-schema', 'plugin', 'error', '.claude-plugin/plugin.json matches the PluginManifest schema'),
  parsed('plugin/manifest-unknown-key', 'plugin', 'warning', 'plugin.json keys are ones Claude Code defines'),
  parsed(
    'plugin/path-prefix',
    'plugin',
    'error',
    'Paths plugin.json names (commands, agents, skills, hooks, MCP files, output styles) start with "./", as Claude ' +
      'Code requires',
    prefixDotSlashFix,
  ),
  parsed(
    'plugin/path-not-found',
    'plugin',
    'error',
    'Paths plugin.json names (commands, agents, skills, hooks, MCP files, output styles) are in the plugin folder',
  ),
  parsed(
    'hooks/schema',
    'plugin',
    'error',
    'hooks/hooks.json is an object with `hooks`, and its matchers are strings (as the HooksFile schema)',
  ),
  parsed(
    'hooks/ignored-entry',
    'plugin',
    'warning',
    'Each hook event, matcher group and hook has the shape Claude Code loads (one that does not is ignored)',
  ),
  parsed('mcp/schema', 'plugin', 'error', 'Each server of .mcp.json is one Claude Code loads (as the McpFile schema)'),
  parsed(
    'marketplace/schema',
    'plugin',
    'error',
    '.claude-plugin/marketplace.json matches the MarketplaceManifest schema',
  ),
  parsed('marketplace/duplicate-plugin', 'plugin', 'error', 'A marketplace lists each plugin name once'),
  parsed('marketplace/missing-source', 'plugin', 'error', 'A marketplace plugin source exists'),
  parsed(
    'marketplace/source-outside-root',
    'plugin',
    'error',
    'A marketplace plugin source stays inside the marketplace folder (no ".." segment)',
  ),
  parsed('marketplace/empty-source', 'plugin', 'warning', 'A marketplace plugin source holds a plugin'),
  parsed('marketplace/remote-source', 'plugin', 'warning', 'Remote marketplace plugin sources are not fetched'),
  parsed('input/merged', 'plugin', 'info', 'A path given twice, or inside another given path, is scored once'),
  parsed(
    'input/ignored',
    'plugin',
    'info',
    "Folders skipped by the config file's ignorePatterns are counted and named once per path",
  ),
  parsed(
    'inline-config/unknown-rule',
    'skill',
    'warning',
    'A plugin-eval-disable comment names rule ids plugin-eval knows',
  ),
];

/** Reported by `score --methodology compat` when PluginEval 0.1.x would read a frontmatter as empty. */
export const compatFrontmatter: ValidationRule = defineRule<ValidationRule>({
  id: 'compat/frontmatter',
  appliesTo: 'skill',
  severity: 'warning',
  description: 'PluginEval 0.1.x reads the frontmatter as written (compat methodology only).',
  reportedBy: 'score',
});
