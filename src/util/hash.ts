/**
 * Hashing helpers shared by the cache, the judge and the judge toolkit. Content addressing: the same
 * request must always produce the same key, whatever the order in which object properties were written.
 */
import { nodeCrypto } from './node-crypto.js';

/** JSON with object keys sorted and `undefined` members dropped (as JSON.stringify drops them). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify(undefined) is undefined; encode it as null so arrays keep their positions.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
}

export function contentKey(parts: unknown): string {
  return sha256Hex(canonicalJson(parts));
}
