/** Documented exit codes (README "Exit codes"). */
export declare const EXIT: {
    readonly OK: 0;
    /** A score below --threshold, or error diagnostics (validation errors). */
    readonly FAILED: 1;
    /** Unusable input: a missing path, a bad flag, a target that could not be read at all. */
    readonly INPUT: 2;
    /** Could not measure: a layer the run needs failed in a way retrying cannot fix (no credentials, 401/403, unknown model, server unreachable), or the run was partial. */
    readonly NOT_MEASURED: 3;
    /** Interrupted (Ctrl-C). */
    readonly INTERRUPTED: 130;
};
