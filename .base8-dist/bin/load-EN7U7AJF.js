import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  PluginEvalConfig
} from "./chunk-3AN4YP5S.js";
import {
  locateKey,
  parseJsonText,
  readTextFile
} from "./chunk-CIIKNCXD.js";
import "./chunk-W5GF6CLU.js";
import {
  findConfigFile
} from "./chunk-KWCJQ3K5.js";
import "./chunk-INOI5UZU.js";
import {
  ConfigError
} from "./chunk-KS2JGSJK.js";
import "./chunk-KJFERDYH.js";

// src/config/load.ts
import { existsSync } from "node:fs";
import path from "node:path";
async function loadConfig(file) {
  const read = await readTextFile(path.resolve(file), file);
  if (!read.ok) throw new ConfigError(`${file}: ${read.diagnostic.message}`, file);
  const parsed = parseJsonText(read.file.text, file);
  if (!parsed.ok) throw new ConfigError(`${file}:${parsed.diagnostic.line}:${parsed.diagnostic.column}: ${parsed.diagnostic.message}`, file);
  const result = PluginEvalConfig.safeParse(parsed.value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const line = locateKey(read.file.text, issue.path);
    const where = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
    throw new ConfigError(`${file}${line > 0 ? `:${line}` : ""}: ${where}: ${issue.message}${result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s))` : ""}`, file);
  }
  return result.data;
}
async function resolveConfig(explicit, cwd = process.cwd()) {
  if (explicit !== void 0 && !existsSync(explicit)) throw new ConfigError(`${explicit}: config file not found`, explicit);
  const file = explicit ?? findConfigFile(cwd);
  return file ? { config: await loadConfig(file), file } : { config: {}, file: void 0 };
}
export {
  loadConfig,
  resolveConfig
};
//# sourceMappingURL=load-EN7U7AJF.js.map
