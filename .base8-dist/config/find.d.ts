export declare const CONFIG_FILE_NAMES: readonly ["plugin-eval.config.json", ".plugin-eval.json"];
/** The first config file in `dir` or its parents (like ESLint and promptfoo), or undefined. */
export declare function findConfigFile(dir: string): string | undefined;
