import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  CONFIG_FILE_NAMES,
  findConfigFile
} from "./chunk-KWCJQ3K5.js";
import "./chunk-KJFERDYH.js";
export {
  CONFIG_FILE_NAMES,
  findConfigFile
};
//# sourceMappingURL=find-SBCD6BL3.js.map
