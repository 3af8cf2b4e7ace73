import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/cli/exit-codes.ts
var EXIT = {
  OK: 0,
  /** A score below --threshold, or error diagnostics (validation errors). */
  FAILED: 1,
  /** Unusable input: a missing path, a bad flag, a target that could not be read at all. */
  INPUT: 2,
  /** Could not measure: a layer the run needs failed in a way retrying cannot fix (no credentials, 401/403, unknown model, server unreachable), or the run was partial. */
  NOT_MEASURED: 3,
  /** Interrupted (Ctrl-C). */
  INTERRUPTED: 130
};

export {
  EXIT
};
//# sourceMappingURL=chunk-XRROTI23.js.map
