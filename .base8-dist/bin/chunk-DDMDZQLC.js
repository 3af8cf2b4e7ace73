import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  require_picocolors
} from "./chunk-B4F6H7IR.js";
import {
  __toESM
} from "./chunk-KJFERDYH.js";

// src/cli/ui.ts
var import_picocolors = __toESM(require_picocolors(), 1);
function reportWidth(columnsEnv, terminalColumns) {
  const columns = Number(columnsEnv);
  if (columnsEnv !== void 0 && columnsEnv.trim() !== "" && Number.isInteger(columns) && columns > 0) return columns;
  return terminalColumns ? Math.max(60, Math.min(terminalColumns, 120)) : 80;
}
function formatDiagnostic(d, color) {
  const c = import_picocolors.default.createColors(color);
  const where = `${d.file}${d.line > 0 ? `:${d.line}:${d.column || 1}` : ""}`;
  const sev = d.severity === "error" ? c.red("error") : d.severity === "warning" ? c.yellow("warning") : c.blue("info");
  return `${where}  ${sev}  ${c.dim(d.ruleId)}  ${d.message}`;
}

export {
  reportWidth,
  formatDiagnostic
};
//# sourceMappingURL=chunk-DDMDZQLC.js.map
