/** Documented exit codes (README "Exit codes"). */
export const EXIT = {
    OK: 0,
    /** A score below --threshold, or error diagnostics (validation errors). */
    FAILED: 1,
    /** Unusable input: a missing path, a bad flag, a target that could not be read at all. */
    INPUT: 2,
    /** Could not measure: a layer the run needs failed in a way retrying cannot fix (no credentials, 401/403, unknown model, server unreachable), or the run was partial. */
    NOT_MEASURED: 3,
    /** Interrupted (Ctrl-C). */
    INTERRUPTED: 130,
};
//# sourceMappingURL=exit-codes.js.map