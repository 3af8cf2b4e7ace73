import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { readTextFile } from '../parse/fs.js';
import { locateKey, parseJsonText } from '../parse/json.js';
import { findConfigFile } from './find.js';
import { PluginEvalConfig } from './schema.js';
/** Load and validate a config file; every problem is a ConfigError naming the file, line and key. */
export async function loadConfig(file) {
    const read = await readTextFile(path.resolve(file), file);
    if (!read.ok)
        throw new ConfigError(`${file}: ${read.diagnostic.message}`, file);
    const parsed = parseJsonText(read.file.text, file);
    if (!parsed.ok)
        throw new ConfigError(`${file}:${parsed.diagnostic.line}:${parsed.diagnostic.column}: ${parsed.diagnostic.message}`, file);
    const result = PluginEvalConfig.safeParse(parsed.value);
    if (!result.success) {
        const issue = result.error.issues[0];
        const line = locateKey(read.file.text, issue.path);
        const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
        throw new ConfigError(`${file}${line > 0 ? `:${line}` : ''}: ${where}: ${issue.message}${result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s))` : ''}`, file);
    }
    return result.data;
}
/** The explicit --config file, else one found from the working directory, else no config. */
export async function resolveConfig(explicit, cwd = process.cwd()) {
    if (explicit !== undefined && !existsSync(explicit))
        throw new ConfigError(`${explicit}: config file not found`, explicit);
    const file = explicit ?? findConfigFile(cwd);
    return file ? { config: await loadConfig(file), file } : { config: {}, file: undefined };
}
//# sourceMappingURL=load.js.map