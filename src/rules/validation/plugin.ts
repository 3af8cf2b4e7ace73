/** Plugin-level rules: the manifest and hooks/hooks.json. */
import { HOOK_EVENTS, notInListNote } from '../../data/claude-code.js';
import { defineRule, report } from '../define.js';
import type { PluginFacts, PluginRule } from '../types.js';
import { KEBAB_NAME } from '../../model/names.js';
import { hooksUnquotedPluginRoot } from './hook-quoting.js';

const KNOWN_EVENTS = new Set<string>(HOOK_EVENTS);

export const pluginManifestMissing: PluginRule = defineRule<PluginRule>(
  {
    id: 'plugin/manifest-missing',
    appliesTo: 'plugin',
    severity: 'warning',
    description: 'The plugin has a .claude-plugin/plugin.json.',
  },
  ({ plugin }: PluginFacts) => {
    // A manifest that exists but is broken is reported by the parser (json/syntax, plugin/manifest-schema).
    if (
      plugin.manifest ||
      plugin.diagnostics.some((d) => d.ruleId.startsWith('plugin/manifest') || d.ruleId === 'json/syntax')
    )
      return [];
    return [
      report(
        pluginManifestMissing.meta,
        `${plugin.displayPath}/.claude-plugin/plugin.json`,
        'no .claude-plugin/plugin.json; the folder name is used as the plugin name',
      ),
    ];
  },
);

export const pluginNameMatchesDirectory: PluginRule = defineRule<PluginRule>(
  {
    id: 'plugin/name-matches-directory',
    appliesTo: 'plugin',
    severity: 'info',
    description: 'The manifest `name` equals the plugin folder name.',
  },
  ({ plugin }: PluginFacts) => {
    if (!plugin.manifest || plugin.manifest.name === plugin.dirName) return [];
    return [
      report(
        pluginNameMatchesDirectory.meta,
        `${plugin.displayPath}/.claude-plugin/plugin.json`,
        `manifest name "${plugin.manifest.name}" differs from the folder name "${plugin.dirName}"`,
      ),
    ];
  },
);

export const pluginNameFormat: PluginRule = defineRule<PluginRule>(
  {
    id: 'plugin/name-format',
    appliesTo: 'plugin',
    severity: 'warning',
    description:
      'The manifest `name` is kebab-case (Claude Code loads any name without spaces; marketplace sync needs ' +
      'kebab-case).',
  },
  ({ plugin }: PluginFacts) => {
    const name = plugin.manifest?.name;
    if (name === undefined || name === '' || KEBAB_NAME.test(name)) return [];
    return [
      report(
        pluginNameFormat.meta,
        `${plugin.displayPath}/.claude-plugin/plugin.json`,
        `name ${JSON.stringify(name.slice(0, 80))} is not kebab-case (lowercase letters, digits and single hyphens, ` +
          'such as "my-plugin"): Claude Code loads it, marketplace sync refuses it',
      ),
    ];
  },
);

/** What Claude Code warns a manifest lacks, and why each matters to someone installing the plugin. */
const METADATA: readonly { key: 'version' | 'description' | 'author'; why: string }[] = [
  { key: 'version', why: 'a semver string such as "1.0.0" tells users which release they have' },
  { key: 'description', why: 'one sentence saying what the plugin does, shown where it is listed' },
  { key: 'author', why: 'an object with a "name" (and optional email, url), for attribution' },
];

export const pluginManifestMetadata: PluginRule = defineRule<PluginRule>(
  {
    id: 'plugin/manifest-metadata',
    appliesTo: 'plugin',
    severity: 'warning',
    description: 'The manifest has a `version`, a `description` and an `author`, as Claude Code asks.',
  },
  ({ plugin }: PluginFacts) => {
    const manifest = plugin.manifest;
    if (!manifest) return [];
    return METADATA.filter(({ key }) => manifest[key] === undefined).map(({ key, why }) =>
      report(
        pluginManifestMetadata.meta,
        `${plugin.displayPath}/.claude-plugin/plugin.json`,
        `no "${key}": ${why}`,
        1,
        1,
      ),
    );
  },
);

export const hooksUnknownEvent: PluginRule = defineRule<PluginRule>(
  // Claude Code's lists move faster than plugin-eval's: an event we do not know is a note, not a warning.
  {
    id: 'hooks/unknown-event',
    appliesTo: 'plugin',
    severity: 'info',
    description: 'hooks/hooks.json uses hook events Claude Code defines (src/data/claude-code.ts).',
  },
  ({ plugin }: PluginFacts) => {
    if (!plugin.hooks) return [];
    return Object.keys(plugin.hooks.hooks)
      .filter((event) => !KNOWN_EVENTS.has(event))
      .map((event) =>
        report(
          hooksUnknownEvent.meta,
          `${plugin.displayPath}/hooks/hooks.json`,
          `${notInListNote('hook event', event, 'Claude Code hook events')} (known: ${HOOK_EVENTS.join(', ')})`,
        ),
      );
  },
);

/** Checked with the file system at the edge (validate's hookScriptDiagnostics); listed here for its id. */
export const hooksMissingScript: PluginRule = defineRule<PluginRule>({
  id: 'hooks/missing-script',
  appliesTo: 'plugin',
  severity: 'warning',
  description: 'Scripts that hooks run via ${CLAUDE_PLUGIN_ROOT} exist in the plugin.',
  reportedBy: 'validate',
});

export const pluginEmpty: PluginRule = defineRule<PluginRule>({
  id: 'plugin/empty',
  appliesTo: 'plugin',
  severity: 'warning',
  description: 'The plugin has skills, agents or commands to score.',
  reportedBy: 'score',
});

export const PLUGIN_RULES: readonly PluginRule[] = [
  pluginManifestMissing,
  pluginNameMatchesDirectory,
  pluginNameFormat,
  pluginManifestMetadata,
  hooksUnknownEvent,
  hooksUnquotedPluginRoot,
  hooksMissingScript,
  pluginEmpty,
];
