/**
 * The build writes the CLI's core chunk in ASCII (scripts/lib/ascii-source.mjs) so that the code-cache loader reads
 * it as one-byte text. Moving non-ASCII runs of String.raw templates into substitutions must give the same strings,
 * and anything it cannot rewrite that way must fail the build.
 */
import { isAscii } from 'node:buffer';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asciiOnly } from '../scripts/lib/ascii-source.mjs';

/** The value of `expression` evaluated in a fresh context. */
const valueOf = (code: string): unknown => runInNewContext(code);

describe('a chunk made ASCII', () => {
  it('keeps every String.raw value, substitutions, nesting, astral characters and escapes included', () => {
    const code = [
      'const sp = String.raw`\\s+`;',
      'const inner = String.raw`ж${sp}é`;',
      '[',
      '  String.raw`(?:оценщик|évaluateur)${sp}評価者`,',
      '  String.raw`${String.raw`naïve\\b`}|ы\\s*${inner}😀`,',
      '  String.raw`ü`,',
      '  String.raw`\\\\ö` + "\\u00e9",',
      '].join("\\n")',
    ].join('\n');
    const ascii = asciiOnly(code, 'chunk.cjs');
    expect(isAscii(Buffer.from(ascii))).toBe(true);
    expect(valueOf(ascii)).toBe(valueOf(code));
  });

  it('leaves ASCII text as it is', () => {
    const code = 'module.exports = String.raw`a\\sb` + `c`;';
    expect(asciiOnly(code, 'chunk.cjs')).toBe(code);
  });

  it('fails, naming the line, for a template with another tag, non-ASCII code and a backslash before a character', () => {
    expect(() => asciiOnly('const x = 1;\nconst t = tag`é`;', 'a.cjs')).toThrow(
      'a.cjs:2: non-ASCII text in a template not tagged String.raw',
    );
    expect(() => asciiOnly('const é = 1;', 'b.cjs')).toThrow('b.cjs: line 1 of the output holds non-ASCII text');
    expect(() => asciiOnly('String.raw`\\é`', 'c.cjs')).toThrow('c.cjs:1: a backslash before non-ASCII text');
  });
});
