/**
 * The starter config `plugin-eval config init` writes: the settings a new user sets first, each explained in the
 * file's `$comment` (JSON has no comments; `$comment` is JSON Schema's own annotation key) by its row of the settings
 * table, so the text follows the table.
 */
import { SETTINGS, type SettingKey } from './settings.js';

/** The settings written, with the value each starts at (the default, or an empty rule list to fill in). */
const STARTER_VALUES: readonly (readonly [SettingKey, unknown])[] = [
  ['methodology', 'default'],
  ['depth', 'quick'],
  ['rules', {}],
  ['ignorePatterns', []],
];

/** Said of settings the starter leaves out, because any value would change what a run does. */
const NOT_SET: readonly SettingKey[] = ['threshold'];

function helpOf(key: SettingKey): string {
  const spec = SETTINGS.find((s) => s.key === key);
  const help = spec?.configHelp ?? spec?.help;
  if (spec?.config === undefined || help === undefined) throw new Error(`setting ${key} has no config key or help`);
  return `${spec.config.join('.')}: ${help}`;
}

/** The file's text: `$comment` lines, then the settings, as JSON any JSON tool reads. */
export function starterConfigText(): string {
  const comment = [
    'plugin-eval settings (docs/configuration.md); `plugin-eval schema config` lists every key.',
    'Precedence: command-line flags > PLUGIN_EVAL_* environment > this file > built-in defaults.',
    ...STARTER_VALUES.map(([key]) => helpOf(key)),
    ...NOT_SET.map((key) => `${helpOf(key)} (not set here: add e.g. "${key}": 70 to gate CI)`),
  ];
  const config = { $comment: comment, ...Object.fromEntries(STARTER_VALUES) };
  return `${JSON.stringify(config, null, 2)}\n`;
}
