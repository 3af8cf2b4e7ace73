import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/config/find.ts
import { existsSync } from "node:fs";
import path from "node:path";
var CONFIG_FILE_NAMES = ["plugin-eval.config.json", ".plugin-eval.json"];
function findConfigFile(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = path.join(d, name);
      if (existsSync(candidate)) return candidate;
    }
    if (path.dirname(d) === d) return void 0;
  }
}

export {
  CONFIG_FILE_NAMES,
  findConfigFile
};
//# sourceMappingURL=chunk-KWCJQ3K5.js.map
