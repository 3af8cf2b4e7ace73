/** The walk's blank-file test reads bytes, not a decoded string: it must agree with trimming the Latin-1 text. */
import { describe, expect, it } from 'vitest';
import { allWhitespace } from '../../src/parse/walk.js';

const byTrim = (bytes: Buffer) => bytes.toString('latin1').trim() === '';
/** The inputs (as hex) on which the two disagree. */
const disagreements = (inputs: Buffer[]) =>
  inputs.filter((bytes) => allWhitespace(bytes) !== byTrim(bytes)).map((b) => b.toString('hex'));

describe('allWhitespace', () => {
  it('agrees with a trimmed Latin-1 reading for every byte, alone and beside whitespace', () => {
    const inputs = [Buffer.alloc(0)];
    for (let b = 0; b < 256; b++)
      inputs.push(Buffer.from([b]), Buffer.from([0x20, 0x0a, b]), Buffer.from([b, 0x09, 0xa0]));
    expect(disagreements(inputs)).toEqual([]);
    // Both kinds occur, so agreement is not one answer for everything.
    expect(new Set(inputs.map(allWhitespace))).toEqual(new Set([true, false]));
  });

  it('agrees on seeded mixes of whitespace and other bytes', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const pool = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x85, 0x00, 0x1c, 0x41];
    const inputs = Array.from({ length: 2000 }, () =>
      Buffer.from(Array.from({ length: next() % 12 }, () => pool[next() % (next() % 4 === 0 ? 11 : 7)]!)),
    );
    expect(disagreements(inputs)).toEqual([]);
    expect(inputs.filter(allWhitespace).length).toBeGreaterThan(100);
  });
});
