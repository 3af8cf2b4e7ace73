/**
 * The one options resolver: flags > environment (PLUGIN_EVAL_*) > config file > defaults, for every command
 * and for the library's `score()`. It returns the settings and, for each, where it came from, so a report can
 * say why a run used what it used. Loads zod (through the config schema) only when a config file exists.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, UsageError } from '../errors.js';
import type { Depth } from '../model/dimensions.js';
import { locateKey } from '../parse/json.js';
import { environmentProvider, parseProviderName, selectProvider, type ProviderChoice } from '../providers/select.js';
import type { PluginEvalConfig } from './schema.js';
import { findConfigFile } from './find.js';
import { foundConfigRefusal } from './found-config.js';
import {
  CERTIFY_MIN_DEPTH,
  CREDENTIAL_VARIABLES,
  depthRank,
  SETTINGS,
  type SettingKey,
  type Settings,
  type SettingsCommand,
  type SettingSpec,
} from './settings.js';

export type SettingSource = 'flag' | 'env' | 'config' | 'default';
export type SettingValue = string | number | boolean | string[] | Record<string, unknown> | null;

export interface SettingOrigin {
  value: SettingValue;
  source: SettingSource;
  /** The flag, the environment variable, or "file:line key" of the config file. */
  detail?: string;
}

/** Where each setting came from. Secrets are never values here: a credential is recorded as "set". */
export type Provenance = Record<string, SettingOrigin>;

export interface ResolveInput {
  command: SettingsCommand;
  /**
   * Values the user gave: flags typed on the command line, or options passed to the library. Absent means not given.
   */
  given?: Partial<Record<SettingKey, unknown>>;
  /**
   * The given values are a library call's options (named `options.KEY` in messages and provenance), not flags; always
   * so for 'library'.
   */
  givenAsOptions?: boolean;
  env?: NodeJS.ProcessEnv;
  /** An explicit config file; `false` for none; undefined to look for one from `cwd` up. */
  config?: string | false;
  cwd?: string;
}

export interface ResolvedSettings {
  settings: Settings;
  provenance: Provenance;
  /** Things the user should know (a config depth certify ignores...), one line each. */
  notes: string[];
  configFile: string | undefined;
  config: PluginEvalConfig;
}

/**
 * A path setting as the user meant it: one that came from the config file is relative to that file (as
 * `ignorePatterns` are); one from a flag, the environment or a default is relative to the working folder.
 */
export function settingPath(
  resolved: Pick<ResolvedSettings, 'provenance' | 'configFile'>,
  key: SettingKey,
  value: string,
): string {
  const fromFile = resolved.provenance[key]?.source === 'config' && resolved.configFile !== undefined;
  return fromFile && !path.isAbsolute(value) ? path.resolve(path.dirname(resolved.configFile!), value) : value;
}

interface LoadedConfig {
  config: PluginEvalConfig;
  file: string | undefined;
  text: string;
  /** Found from the working folder, not named by the user: found-config.ts limits what it may set. */
  found: boolean;
}

async function loadConfigFor(config: string | false | undefined, cwd: string): Promise<LoadedConfig> {
  if (config === false) return { config: {}, file: undefined, text: '', found: false };
  if (config !== undefined && !existsSync(config)) throw new ConfigError(`${config}: config file not found`, config);
  const file = config ?? findConfigFile(cwd);
  if (file === undefined) return { config: {}, file: undefined, text: '', found: false };
  const { loadConfigFile } = await import('./load.js');
  return { ...(await loadConfigFile(file)), file, found: config === undefined };
}

function configValue(config: PluginEvalConfig, keyPath: readonly string[]): unknown {
  let at: unknown = config;
  for (const k of keyPath) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[k] : undefined;
  return at;
}

/** A base URL as shown in provenance: user name and password hidden. */
export function redactUrl(value: string): string {
  try {
    const u = new URL(value);
    if (u.username === '' && u.password === '') return value;
    u.username = '***';
    u.password = '';
    return u.toString();
  } catch {
    return value;
  }
}

const displayFile = (file: string, cwd: string): string => {
  const rel = path.relative(cwd, path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : path.resolve(file);
};

const shown = (spec: SettingSpec, value: unknown): SettingValue =>
  value === undefined
    ? null
    : spec.key === 'baseUrl' && typeof value === 'string'
      ? redactUrl(value)
      : spec.key === 'allowEndpoints' && Array.isArray(value)
        ? value.map((u) => redactUrl(String(u)))
        : (value as SettingValue);

const rawText = (raw: unknown): string => (typeof raw === 'string' ? raw : JSON.stringify(raw));

/**
 * Resolve every setting `command` uses. Bad values throw: UsageError for a flag, ConfigError naming the variable or
 * file:line key.
 */
export async function resolveSettings(input: ResolveInput): Promise<ResolvedSettings> {
  const env = input.env ?? process.env;
  const cwd = input.cwd ?? process.cwd();
  const given = input.given ?? {};
  const loaded = await loadConfigFor(input.config, cwd);
  const where = (keyPath: readonly string[]): string => {
    const line = locateKey(loaded.text, keyPath);
    return `${displayFile(loaded.file!, cwd)}${line > 0 ? `:${line}` : ''} ${keyPath.join('.')}`;
  };

  const settings = {} as Record<SettingKey, unknown>;
  const provenance: Provenance = {};
  const notes: string[] = [];
  for (const spec of SETTINGS) {
    const applies = spec.commands.includes(input.command);
    if (!applies) {
      settings[spec.key] = spec.default(input.command);
      continue;
    }
    const origin = pick(
      spec,
      input.command === 'library' || input.givenAsOptions === true ? `options.${spec.key}` : (spec.flag ?? spec.key),
      given,
      env,
      loaded,
      where,
    );
    if (origin.source === 'default') origin.value = spec.default(input.command);
    settings[spec.key] = origin.value;
    provenance[spec.key] = {
      value: shown(spec, origin.value),
      source: origin.source,
      ...(origin.detail ? { detail: origin.detail } : {}),
    };
  }

  if (input.command === 'certify') certifyDepth(settings as unknown as Settings, provenance, notes);
  if (['score', 'certify', 'judge'].includes(input.command))
    providerProvenance(settings as unknown as Settings, provenance, env);
  if (loaded.file)
    provenance.configFile = {
      value: displayFile(loaded.file, cwd),
      source: input.config ? 'flag' : 'default',
      detail: input.config
        ? input.command === 'library'
          ? 'options.config'
          : '--config'
        : 'found from the working folder',
    };
  return {
    settings: settings as unknown as Settings,
    provenance,
    notes,
    configFile: loaded.file,
    config: loaded.config,
  };
}

function pick(
  spec: SettingSpec,
  flag: string,
  given: Partial<Record<SettingKey, unknown>>,
  env: NodeJS.ProcessEnv,
  loaded: LoadedConfig,
  where: (keyPath: readonly string[]) => string,
): { value: unknown; source: SettingSource; detail?: string } {
  // A default is filled in by the caller from the table.
  const raw = given[spec.key];
  if (raw !== undefined) {
    const checked = spec.check(raw);
    if (!checked.ok)
      throw new UsageError(
        spec.rejected?.(rawText(raw), flag) ?? `${flag} must be ${checked.expected}, got "${rawText(raw)}"`,
      );
    return { value: checked.value, source: 'flag', detail: flag };
  }
  const fromEnv = spec.env !== undefined ? env[spec.env] : undefined;
  if (spec.env !== undefined && fromEnv !== undefined && fromEnv !== '') {
    const checked = spec.check(fromEnv);
    if (!checked.ok)
      throw new ConfigError(
        spec.rejected?.(fromEnv, `environment variable ${spec.env}`) ??
          `environment variable ${spec.env} must be ${checked.expected}, got "${fromEnv}"`,
      );
    return { value: checked.value, source: 'env', detail: spec.env };
  }
  const fromConfig = spec.config !== undefined ? configValue(loaded.config, spec.config) : undefined;
  if (spec.config !== undefined && fromConfig !== undefined) {
    const checked = spec.check(fromConfig);
    if (!checked.ok) {
      const at = where(spec.config);
      throw new ConfigError(
        spec.rejected?.(rawText(fromConfig), at) ??
          `${at}: must be ${checked.expected}, got ${JSON.stringify(fromConfig)}`,
        loaded.file,
      );
    }
    const refusal = loaded.found ? foundConfigRefusal(spec, checked.value) : undefined;
    if (refusal !== undefined)
      throw new ConfigError(
        `${where(spec.config)}: not taken from a config file found from the working folder (${refusal}). ` +
          'That file was not named by you and may belong to the repository being scored; if it is yours, name it ' +
          `with --config ${loaded.file}${spec.flag ? `, or give ${spec.flag}` : ''}` +
          (spec.env ? ` or ${spec.env}` : ''),
        loaded.file,
      );
    return { value: checked.value, source: 'config', detail: where(spec.config) };
  }
  return { value: undefined, source: 'default' };
}

/** Certify runs every layer: a depth below deep from the config file or the environment is ignored, and said so. */
function certifyDepth(settings: Settings, provenance: Provenance, notes: string[]): void {
  const origin = provenance.depth!;
  const depth = settings.depth;
  if (depthRank(depth) >= depthRank(CERTIFY_MIN_DEPTH)) return;
  if (origin.source === 'flag')
    throw new UsageError(
      `certify runs at ${CERTIFY_MIN_DEPTH} depth at least; for a ${depth} run use: plugin-eval score --depth ${depth}`,
    );
  notes.push(
    `certify runs at ${CERTIFY_MIN_DEPTH} depth at least: depth ${depth} ` +
      `from ${origin.source === 'env' ? `environment variable ${origin.detail}` : origin.detail} is ignored`,
  );
  settings.depth = CERTIFY_MIN_DEPTH as Depth;
  provenance.depth = {
    value: CERTIFY_MIN_DEPTH,
    source: 'default',
    detail: `certify (${depth} from ${origin.detail} ignored)`,
  };
}

/**
 * Fill in what the provider layer will choose when nothing names it, and which credential it will use (never its
 * value).
 */
function providerProvenance(settings: Settings, provenance: Provenance, env: NodeJS.ProcessEnv): void {
  const named = provenance.provider;
  const choice: ProviderChoice | undefined =
    settings.provider !== undefined && named && named.source !== 'default'
      ? { name: settings.provider, source: named.source, ...(named.detail ? { detail: named.detail } : {}) }
      : undefined;
  const selection = selectProvider({
    ...(choice ? { provider: choice } : {}),
    ...(settings.model !== undefined ? { model: settings.model } : {}),
    ...(settings.baseUrl !== undefined ? { config: { baseURL: settings.baseUrl } } : {}),
    env,
  });
  if (!choice) {
    const detected = environmentProvider(env);
    provenance.provider = detected.variable
      ? { value: selection.kind, source: 'env', detail: detected.variable }
      : { value: selection.kind, source: 'default', detail: 'the Claude Code login' };
  }
  if (provenance.model?.source === 'default' && selection.model !== undefined) {
    const fromEnv = selection.kind === 'openai-compatible' && env.OPENAI_MODEL ? 'OPENAI_MODEL' : undefined;
    provenance.model = {
      value: selection.model,
      source: fromEnv ? 'env' : 'default',
      ...(fromEnv ? { detail: fromEnv } : {}),
    };
  }
  if (provenance.baseUrl?.source === 'default' && selection.baseURL !== undefined) {
    const kind = choice ? parseProviderName(choice.name) : undefined;
    const variable = selection.kind === 'anthropic' ? 'ANTHROPIC_BASE_URL' : 'OPENAI_BASE_URL';
    const fromEnv = kind?.baseURL === undefined && env[variable] === selection.baseURL;
    provenance.baseUrl = {
      value: redactUrl(selection.baseURL),
      source: fromEnv ? 'env' : 'default',
      ...(fromEnv ? { detail: variable } : {}),
    };
  }
  const credential = CREDENTIAL_VARIABLES.find(
    (v) => env[v] && (selection.kind === 'openai-compatible' ? v.startsWith('OPENAI') : v.startsWith('ANTHROPIC')),
  );
  if (credential && selection.kind !== 'claude-code')
    provenance.credentials = { value: 'set', source: 'env', detail: credential };
}

/** The settings line: every non-default setting with where it came from (all of them with `all`). */
export function describeSettings(
  provenance: Provenance,
  options: { all?: boolean; only?: readonly string[] } = {},
): string {
  const parts: string[] = [];
  for (const [key, origin] of Object.entries(provenance)) {
    if (options.only && !options.only.includes(key)) continue;
    if (!options.all && (origin.source === 'default' || origin.source === 'flag')) continue;
    if (origin.value === null) continue;
    // An object lists its keys, with the value when it is a word (rules: `links/broken=off`; prices: model ids).
    const value = Array.isArray(origin.value)
      ? origin.value.join(',')
      : typeof origin.value === 'object'
        ? Object.entries(origin.value)
            .map(([k, v]) => (typeof v === 'string' ? `${k}=${v}` : k))
            .join(',')
        : String(origin.value);
    const from =
      origin.source === 'default'
        ? `default${origin.detail ? `: ${origin.detail}` : ''}`
        : `${origin.source} ${origin.detail ?? ''}`.trim();
    parts.push(`${key} ${value} (${from})`);
  }
  return parts.join(', ');
}
