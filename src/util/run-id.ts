/**
 * A new run id: a random (version 4) UUID, as crypto.randomUUID() makes. It is the results store's primary key, so
 * its 122 random bits come from the kernel's random source, /dev/urandom, read directly: crypto.randomUUID() (Web
 * Crypto's or node:crypto's) loads Node's crypto and stream modules, ~2.5 ms of a one-skill run that hashes nothing
 * (store off). Where that is not a character device that gives 16 bytes (Windows, a container without it),
 * crypto.randomUUID().
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const RANDOM_DEVICE = '/dev/urandom';

/** 16 bytes from the random device, or undefined when it cannot give them. */
function randomDeviceBytes(): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(RANDOM_DEVICE, 'r');
    if (!fstatSync(fd).isCharacterDevice()) return undefined;
    const bytes = Buffer.alloc(16);
    return readSync(fd, bytes, 0, 16, null) === 16 ? bytes : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A version 4 UUID from 16 random bytes (RFC 9562: the version in byte 6, the variant in byte 8). */
export function uuidOf(bytes: Buffer): string {
  const b = Buffer.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function newRunId(): string {
  const bytes = randomDeviceBytes();
  return bytes ? uuidOf(bytes) : globalThis.crypto.randomUUID();
}
