/** Documented exit codes (README "Exit codes"). */
export const EXIT = {
  OK: 0,
  /** A score below --threshold, or error diagnostics (validation errors). */
  FAILED: 1,
  /** Unusable input: a missing path, a bad flag, a target that could not be read at all. */
  INPUT: 2,
  /** Interrupted (Ctrl-C). */
  INTERRUPTED: 130,
} as const;
