import { PluginEvalConfig } from './schema.js';
/** Load and validate a config file; every problem is a ConfigError naming the file, line and key. */
export declare function loadConfig(file: string): Promise<PluginEvalConfig>;
/** The explicit --config file, else one found from the working directory, else no config. */
export declare function resolveConfig(explicit: string | undefined, cwd?: string): Promise<{
    config: PluginEvalConfig;
    file: string | undefined;
}>;
