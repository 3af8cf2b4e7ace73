/**
 * Command-line options made from the settings table: a command lists the settings it takes, and their flags, help,
 * choices and defaults come from their rows. No option gets a commander default: the resolver is the one place
 * defaults live, so the environment or the config file can fill what was not typed. `--help` prints the resolver's
 * default for the command (test/setting-flags.test.ts compares the two).
 */
import { Option, type Command } from 'commander';
import { SETTINGS, type SettingKey, type SettingsCommand, type SettingSpec } from '../config/settings.js';
import { collect } from './evaluate-skill-options.js';

const ROWS = new Map<SettingKey, SettingSpec>(SETTINGS.map((spec) => [spec.key, spec]));
/** The options made here, with the setting each sets (a command's own flag of the same name is not one of them). */
const MADE = new WeakMap<Option, SettingKey>();

/** The setting an option was made for, if it was made from the table. */
export const settingOf = (option: Option): SettingKey | undefined => MADE.get(option);

function rowOf(key: SettingKey): SettingSpec & { flag: string } {
  const spec = ROWS.get(key);
  if (spec?.flag === undefined) throw new Error(`setting ${key} has no flag`);
  return spec as SettingSpec & { flag: string };
}

/** The default `--help` prints for a setting in a command: the resolver's value, or the row's words for it. */
export function helpDefault(key: SettingKey, command: SettingsCommand): string | undefined {
  const spec = rowOf(key);
  if (spec.helpDefault !== undefined) return spec.helpDefault;
  const value = spec.default(command);
  // A switch says what it does; its default is the other state.
  if (value === undefined || typeof value === 'boolean') return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** commander's attribute for a setting's flag (`--judge-model` -> judgeModel, `--no-cache` -> cache). */
export function attributeOf(key: SettingKey): string {
  return new Option(rowOf(key).flag).attributeName();
}

/**
 * A command's own words for a setting: the help text, and the default in words where this command fills it otherwise.
 */
export type SettingHelp = string | { help: string; default: string };

/**
 * Adds the options of `keys` to `cmd`, as `command` resolves them. `help` replaces a row's help text where the
 * setting means something narrower in this command (the grader's model); the default is added either way.
 */
export function addSettings(
  cmd: Command,
  command: SettingsCommand,
  keys: readonly SettingKey[],
  help: Partial<Record<SettingKey, SettingHelp>> = {},
): Command {
  for (const key of keys) {
    const spec = rowOf(key);
    const own = help[key];
    const shown = typeof own === 'object' ? own.default : helpDefault(key, command);
    const text = [
      typeof own === 'object' ? own.help : (own ?? spec.help),
      shown === undefined ? undefined : `(default: ${shown})`,
    ]
      .filter((part) => part !== undefined)
      .join(' ');
    const option = new Option(spec.value === undefined ? spec.flag : `${spec.flag} ${spec.value}`, text);
    if (spec.choices) option.choices(spec.choices);
    if (spec.repeatable) option.argParser(collect);
    MADE.set(option, key);
    cmd.addOption(option);
    if (spec.negation !== undefined) cmd.addOption(new Option(spec.flag.replace(/^--/, '--no-'), spec.negation));
  }
  return cmd;
}

/**
 * The settings among `keys` the user gave on the command line, as raw values for the resolver: only those override
 * the environment and the config file. `typed(attribute)` says whether a flag was typed (commander's value source);
 * without it a value counts when present, and a `--no-x` switch only when it turned its setting off.
 */
export function typedSettings(
  flags: object,
  keys: readonly SettingKey[],
  typed?: (attribute: string) => boolean,
): Partial<Record<SettingKey, unknown>> {
  const given: Partial<Record<SettingKey, unknown>> = {};
  const values = flags as Record<string, unknown>;
  for (const key of keys) {
    const attribute = attributeOf(key);
    const value = values[attribute];
    if (value === undefined) continue;
    if (typed ? !typed(attribute) : rowOf(key).flag.startsWith('--no-') && value !== false) continue;
    given[key] = value;
  }
  return given;
}

/** The provider flags of the judge and evals commands, in the order --help lists them. */
export const PROVIDER_FLAG_SETTINGS: readonly SettingKey[] = [
  'provider',
  'model',
  'baseUrl',
  'requestTimeout',
  'cache',
];

/** `--fix`, `--fix-dry-run` and `--watch`: what score and validate both take about the files they read. */
export const SOURCE_SETTINGS: readonly SettingKey[] = ['fix', 'fixDryRun', 'watch'];

/** Which flags were typed, from commander's value source. */
export const typedOn =
  (cmd: Command) =>
  (attribute: string): boolean =>
    cmd.getOptionValueSource(attribute) === 'cli';
