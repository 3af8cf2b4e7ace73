/**
 * Node's crypto module, loaded on first use: importing it runs ~9 of Node's own modules (~3 ms of CPU), and most
 * runs of the CLI's core (a store-off score, validate, --version) hash nothing. Synchronous, so callers stay so.
 */
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';

let loaded: typeof Crypto | undefined;

export function nodeCrypto(): typeof Crypto {
  return (loaded ??= createRequire(import.meta.url)('node:crypto') as typeof Crypto);
}
