import { describe, expect, it } from 'vitest';
import { libcOfElf, libcOfThisNode, requireSqliteClient, withLibcAnswered } from '../../src/store/native-client.js';

/** A minimal 64-bit little-endian ELF head: the file header and one program header, then `interpreter` if given. */
function elfHead(options: { interpreter?: string; bits?: 1 | 2; type?: number } = {}): Buffer {
  const head = Buffer.alloc(256);
  head.writeUInt32BE(0x7f454c46, 0);
  head.writeUInt8(options.bits ?? 2, 4);
  head.writeUInt8(1, 5); // little-endian
  head.writeBigUInt64LE(64n, 32); // program header table offset
  head.writeUInt16LE(56, 54); // entry size
  head.writeUInt16LE(1, 56); // entries
  head.writeUInt32LE(options.type ?? 3, 64); // PT_INTERP
  const text = Buffer.from(`${options.interpreter ?? ''}\0`, 'latin1');
  head.writeBigUInt64LE(128n, 64 + 8); // file offset
  head.writeBigUInt64LE(BigInt(text.length), 64 + 32); // file size
  text.copy(head, 128);
  return head;
}

describe('libcOfElf', () => {
  it('reads glibc and musl from the interpreter path', () => {
    expect(libcOfElf(elfHead({ interpreter: '/lib64/ld-linux-x86-64.so.2' }))).toBe('glibc');
    expect(libcOfElf(elfHead({ interpreter: '/lib/ld-linux-aarch64.so.1' }))).toBe('glibc');
    expect(libcOfElf(elfHead({ interpreter: '/lib/ld-musl-x86_64.so.1' }))).toBe('musl');
  });

  it('says nothing when the head does not tell', () => {
    expect(libcOfElf(elfHead({ interpreter: '/lib/ld-something-else.so' }))).toBeUndefined();
    expect(libcOfElf(elfHead({ interpreter: '/lib64/ld-linux-x86-64.so.2', type: 1 }))).toBeUndefined(); // no PT_INTERP
    expect(libcOfElf(elfHead({ interpreter: '/lib64/ld-linux-x86-64.so.2', bits: 1 }))).toBeUndefined(); // 32-bit
    expect(libcOfElf(Buffer.from('#!/bin/sh\n'.padEnd(80, ' ')))).toBeUndefined();
    expect(libcOfElf(elfHead({ interpreter: '/lib64/ld-linux-x86-64.so.2' }).subarray(0, 130))).toBeUndefined(); // cut short
  });
});

describe('withLibcAnswered', () => {
  it('answers as the real report does on this machine', () => {
    const libc = libcOfThisNode();
    if (process.platform === 'linux') expect(libc).toBeDefined();
    const real = process.report.getReport() as { header?: Record<string, unknown> };
    const seen = withLibcAnswered(() => process.report.getReport()) as { header?: Record<string, unknown> };
    expect('glibcVersionRuntime' in (seen.header ?? {})).toBe('glibcVersionRuntime' in (real.header ?? {}));
  });

  it('puts getReport back, also when the load throws', () => {
    const before = process.report.getReport;
    expect(withLibcAnswered(() => 7)).toBe(7);
    expect(process.report.getReport).toBe(before);
    expect(() =>
      withLibcAnswered(() => {
        throw new Error('no such package');
      }),
    ).toThrow('no such package');
    expect(process.report.getReport).toBe(before);
  });

  it('loads the client, which opens a database', async () => {
    const client = requireSqliteClient().createClient({ url: ':memory:' });
    const rows = await client.execute('SELECT 1 + 1 AS two');
    expect(Number(rows.rows[0]?.two)).toBe(2);
    client.close();
  });
});
