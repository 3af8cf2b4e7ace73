/**
 * Comparing a run through the queue with a local run of the same paths: everything must be equal except the
 * fields named here, which say when and how long, or which run, and never what was measured.
 */
export const VOLATILE_FIELDS = ['durationMs', 'runId', 'startedAt', 'finishedAt'] as const;

/** A deep copy without the volatile fields, at any depth. */
export function withoutVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !(VOLATILE_FIELDS as readonly string[]).includes(key))
      .map(([key, v]) => [key, withoutVolatile(v)]),
  );
}
