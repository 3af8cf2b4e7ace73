import { existsSync } from 'node:fs';
import path from 'node:path';
export const CONFIG_FILE_NAMES = ['plugin-eval.config.json', '.plugin-eval.json'];
/** The first config file in `dir` or its parents (like ESLint and promptfoo), or undefined. */
export function findConfigFile(dir) {
    for (let d = path.resolve(dir);; d = path.dirname(d)) {
        for (const name of CONFIG_FILE_NAMES) {
            const candidate = path.join(d, name);
            if (existsSync(candidate))
                return candidate;
        }
        if (path.dirname(d) === d)
            return undefined;
    }
}
//# sourceMappingURL=find.js.map