import { describe, expect, it } from 'vitest';
import { newRunId, uuidOf } from '../../src/util/run-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('run ids', () => {
  it('are version 4 UUIDs, and 2,000 of them are all different', () => {
    const ids = Array.from({ length: 2000 }, newRunId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('set the version and variant bits whatever the random bytes, and keep the rest', () => {
    expect(uuidOf(Buffer.alloc(16, 0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidOf(Buffer.alloc(16, 0))).toBe('00000000-0000-4000-8000-000000000000');
    const bytes = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    expect(uuidOf(bytes)).toBe('00112233-4455-4677-8899-aabbccddeeff');
    // The caller's bytes are not changed.
    expect(bytes.toString('hex')).toBe('00112233445566778899aabbccddeeff');
  });
});
