import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { readTextFile } from '../parse/fs.js';
import type { z } from 'zod';
import { closestOf } from '../rules/config/known-rule-ids.js';
import { issueKeyPath, locateKey, parseJsonText } from '../parse/json.js';
import { duplicateKeys, locateDuplicates } from '../parse/json-duplicates.js';
import { findConfigFile } from './find.js';
import { PluginEvalConfig } from './schema.js';

/** Load and validate a config file; every problem is a ConfigError naming the file, line and key. */
export async function loadConfig(file: string): Promise<PluginEvalConfig> {
  return (await loadConfigFile(file)).config;
}

/** The validated config and its text (the resolver points at the line of a key whose value it rejects). */
export async function loadConfigFile(file: string): Promise<{ config: PluginEvalConfig; text: string }> {
  const read = await readTextFile(path.resolve(file), file);
  if (!read.ok) throw new ConfigError(`${file}: ${read.diagnostic.message}`, file);
  const parsed = parseJsonText(read.file.text, file);
  // A position V8 did not give (line 0) is left out rather than printed as ":0:0".
  if (!parsed.ok)
    throw new ConfigError(
      `${file}${parsed.diagnostic.line > 0 ? `:${parsed.diagnostic.line}:${parsed.diagnostic.column}` : ''}: ${parsed.diagnostic.message}`,
      file,
    );
  duplicateKeyCheck(read.file.text, file);
  const result = PluginEvalConfig.safeParse(parsed.value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    // An unknown key is named and located itself (not the object holding it), with the known key it most resembles.
    const keyPath = issueKeyPath(issue);
    const line = locateKey(read.file.text, keyPath);
    const where = keyPath.length > 0 ? keyPath.join('.') : '(top level)';
    const message = issue.code === 'unrecognized_keys' ? unknownKeyMessage(issue.keys, issue.path) : issue.message;
    throw new ConfigError(
      `${file}${line > 0 ? `:${line}` : ''}: ${where}: ${message}${result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s))` : ''}`,
      file,
    );
  }
  return { config: result.data, text: read.file.text };
}

/**
 * A key written twice is an error, as an unknown key is: JSON.parse would silently keep the last value, the settings
 * line would name the first one's line, and which of the two was meant is anyone's guess (a merge leaves both).
 */
function duplicateKeyCheck(text: string, file: string): void {
  const duplicates = duplicateKeys(text);
  const [first] = locateDuplicates(text, duplicates.slice(0, 1));
  if (first === undefined) return;
  const more = duplicates.length > 1 ? ` (and ${duplicates.length - 1} more duplicate key(s))` : '';
  throw new ConfigError(`${file}:${first.line}:${first.column}: ${first.message}${more}`, file);
}

/** "unknown key "depht" (did you mean "depth"?)": a typo must not pass for a setting nobody reads. */
function unknownKeyMessage(keys: readonly string[], at: readonly PropertyKey[]): string {
  const first = keys[0] ?? '';
  const near = closestOf(first, knownKeysAt(at));
  const others =
    keys.length > 1
      ? ` (and ${keys
          .slice(1)
          .map((k) => `"${k}"`)
          .join(', ')})`
      : '';
  return (
    `unknown key "${first}"${near ? ` (did you mean "${near}"?)` : ''}${others}; plugin-eval schema config lists ` +
    `the keys`
  );
}

/**
 * The keys the config schema allows in the object at `at` (the top level, cache, monteCarlo, a model's prices, ...).
 */
function knownKeysAt(at: readonly PropertyKey[]): string[] {
  const unwrap = (schema: z.core.$ZodType | undefined) => {
    while (schema && schema._zod.def.type === 'optional')
      schema = (schema._zod.def as z.core.$ZodOptionalDef).innerType;
    return schema;
  };
  let schema = unwrap(PluginEvalConfig);
  for (const key of at) {
    const def = schema?._zod.def;
    if (def?.type === 'object')
      schema = unwrap(typeof key === 'string' ? (def as z.core.$ZodObjectDef).shape[key] : undefined);
    else if (def?.type === 'record') schema = unwrap((def as z.core.$ZodRecordDef).valueType);
    else return [];
  }
  return schema?._zod.def.type === 'object' ? Object.keys((schema._zod.def as z.core.$ZodObjectDef).shape) : [];
}

/** The explicit --config file, else one found from the working directory, else no config. */
export async function resolveConfig(
  explicit: string | undefined,
  cwd = process.cwd(),
): Promise<{ config: PluginEvalConfig; file: string | undefined }> {
  if (explicit !== undefined && !existsSync(explicit))
    throw new ConfigError(`${explicit}: config file not found`, explicit);
  const file = explicit ?? findConfigFile(cwd);
  return file ? { config: await loadConfig(file), file } : { config: {}, file: undefined };
}
