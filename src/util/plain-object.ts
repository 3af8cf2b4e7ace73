/** A JSON-style object: not null, not an array. The one guard for reading parsed JSON and YAML of unknown shape. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
