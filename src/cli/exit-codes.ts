/** Documented exit codes (README "Exit codes"). */
export const EXIT = {
  OK: 0,
  /** A score below --threshold, or error diagnostics; for validate, a file it could not read is such a finding too. */
  FAILED: 1,
  /**
   * Unusable input: a missing path, a bad flag or config file, a target score could not read at all (it owes a
   * score for each target and has none for that one; validate, whose job is the files, reports it as an error, exit 1).
   */
  INPUT: 2,
  /**
   * Could not measure: a layer the run needs failed in a way retrying cannot fix (no credentials, 401/403, unknown
   * model, server unreachable), or the run was partial.
   */
  NOT_MEASURED: 3,
  /** Interrupted (Ctrl-C). */
  INTERRUPTED: 130,
} as const;
