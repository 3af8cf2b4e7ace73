/**
 * Gate automata (src/rules/injection/gate-automaton.ts, built by gate-compile.ts at build time): an automaton must
 * admit every position where its pattern matches, or the scanner would skip a real match; the generated ones must
 * be what compiling the phrase tables gives now; and a scan must compile no gate pattern at all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INJECTION_PHRASES, PHRASES_AND_REQUESTS } from '../../src/rules/injection/detect.js';
import { GATE_AUTOMATA, GATE_AUTOMATA_BY_TABLE } from '../../src/rules/injection/gate-automata.generated.js';
import { GateWalker, packGateAutomaton } from '../../src/rules/injection/gate-automaton.js';
import { compileGate, gateAutomatonOf, UnsupportedPattern } from '../../src/rules/injection/gate-compile.js';
import { Parser, wordsOf } from '../../src/rules/injection/gate-parse.js';
import { normaliseForDetection } from '../../src/rules/injection/normalise.js';
import { ENGLISH_PHRASES } from '../../src/rules/injection/phrases-en.js';
import { phraseMatches, scannerTablesKey } from '../../src/rules/injection/scan.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';
import { regExpsConstructedBy } from '../support/phrase-scan.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const walkerOf = (source: string, maxDfaStates = 128): GateWalker =>
  new GateWalker(packGateAutomaton(compileGate(source, { maxNfaStates: 20_000, maxDfaStates })));

describe('a gate automaton', () => {
  it('admits where its pattern may match and rejects where it cannot', () => {
    const w = walkerOf(String.raw`(?:give|rate)(?<![\p{L}])[ \t]+(?:this|it)[ \t]+skill(?![\p{L}])`);
    expect(w.admits('give this skill', 0)).toBe(true);
    expect(w.admits('x rate  it skill.', 2)).toBe(true);
    // look-arounds are left out: admitted though the pattern fails here
    expect(w.admits('give this skills', 0)).toBe(true);
    expect(w.admits('give this file', 0)).toBe(false);
    expect(w.admits('give this ski', 0)).toBe(false);
    expect(w.admits('gave this skill', 0)).toBe(false);
  });

  it('reads classes, escapes, counted repeats and code units outside ASCII and the BMP', () => {
    const w = walkerOf(String.raw`a\u2019b[\d]{2,3}\.[\p{L}]x`);
    expect(w.admits('a\u2019b12.éx', 0)).toBe(true);
    expect(w.admits('a\u2019b1234.éx', 0)).toBe(false);
    // an astral letter is one class member under the `u` flag: two code units here
    expect(w.admits('a\u2019b123.\u{1d4d0}x', 0)).toBe(true);
    expect(w.admits("a'b12.éx", 0)).toBe(false);
    expect(w.admits('a\u2019b12.1x', 0)).toBe(false);
  });

  it('reads a line start and a word start from the character before the position', () => {
    const lineStart = walkerOf(String.raw`^[ \t]*end[ \t]+of`);
    expect(lineStart.admits('end of', 0)).toBe(true);
    expect(lineStart.admits('x\n  end of', 2)).toBe(true);
    expect(lineStart.admits('xend of', 1)).toBe(false);
    const word = String.raw`(?:give|rate)(?<=(?<![\p{L}\p{N}])(?:give|rate))[ \t]+it`;
    expect(walkerOf(word).admits('give it', 0)).toBe(true);
    expect(walkerOf(word).admits('(give it', 1)).toBe(true);
    expect(walkerOf(word).admits('forgive it', 3)).toBe(false);
    // "chatbot" ends with "bot": the look-behind can match a word that starts elsewhere, so no condition is read
    const suffixes = String.raw`(?:bots?|chatbots?)(?<=(?<![\p{L}\p{N}])(?:bots?|chatbots?))[ \t]+x`;
    const re = new RegExp(suffixes, 'muy');
    re.lastIndex = 4;
    expect(re.test('chatbot x')).toBe(true);
    expect(walkerOf(suffixes).admits('chatbot x', 4)).toBe(true);
  });

  it('reads a word start for the words of a list it is exact for, and not for the others', () => {
    const sticky = (source: string, text: string, at: number): boolean => {
      const re = new RegExp(source, 'muy');
      re.lastIndex = at;
      return re.test(text);
    };
    // "output" ends with "put" after a letter: "put" after a letter may still match; "give" after one cannot
    const list = String.raw`(?:put|output|give)(?<=(?<![\p{L}\p{N}])(?:put|output|give))[ \t]+x`;
    expect(sticky(list, 'output x', 3)).toBe(true);
    expect(walkerOf(list).admits('output x', 3)).toBe(true);
    expect(walkerOf(list).admits('forgive x', 3)).toBe(false);
    // "scoring ai" ends with "ai" after a blank: the look-behind cannot match it after a letter
    const spaced = String.raw`(?:ai|scoring ai)(?<=(?<![\p{L}\p{N}])(?:ai|scoring ai))[ \t]+x`;
    expect(walkerOf(spaced).admits('said x', 1)).toBe(false);
    // "language model" ends with "model" after a blank: it may match after a letter
    const suffix = String.raw`(?:model|language model)(?<=(?<![\p{L}\p{N}])(?:model|language model))[ \t]+x`;
    expect(sticky(suffix, 'xlanguage model x', 1)).toBe(true);
    expect(walkerOf(suffix).admits('xlanguage model x', 1)).toBe(true);
    expect(walkerOf(suffix).admits('remodel x', 2)).toBe(false);
    // an alternative that is no word list: its strings end with "one", which neither word ends with
    const open = String.raw`(?:this|it|this\s+one)(?<=(?<![\p{L}\p{N}])(?:this|it|this\s+one))[ \t]+x`;
    expect(walkerOf(open).admits('edit x', 2)).toBe(false);
    expect(walkerOf(open).admits('this  one x', 0)).toBe(true);
    // its strings end with "bit", which ends with "it" after a letter: " bit" may match where "it" follows a "b"
    const bit = String.raw`(?:it|\s+bit)(?<=(?<![\p{L}\p{N}])(?:it|\s+bit))[ \t]+x`;
    expect(sticky(bit, '  bit x', 3)).toBe(true);
    expect(walkerOf(bit).admits('  bit x', 3)).toBe(true);
  });

  it('stays a superset when it is cut short: the states past the limit admit', () => {
    const source = String.raw`(?:alpha|beta|gamma)[ \t]+(?:delta|epsilon)[ \t]+(?:zeta|eta)`;
    const small = walkerOf(source, 8);
    for (const text of ['alpha delta zeta', 'gamma epsilon eta']) expect(small.admits(text, 0)).toBe(true);
    expect(small.admits('omega', 0)).toBe(false);
  });

  it('refuses what it cannot read: a back-reference, a pattern that matches the empty string', () => {
    expect(() => compileGate(String.raw`(a)\1`)).toThrow(UnsupportedPattern);
    expect(() => compileGate('a?')).toThrow(UnsupportedPattern);
    expect(gateAutomatonOf(String.raw`(a)\1`)).toBeUndefined();
  });
});

describe('the generated gate automata', () => {
  it('are what compiling every phrase pattern gives now, for the tables the detector scans', () => {
    const fresh = new Map<string, string | undefined>();
    for (const phrases of [INJECTION_PHRASES, ENGLISH_PHRASES, PHRASES_AND_REQUESTS]) {
      const indexes = GATE_AUTOMATA_BY_TABLE[scannerTablesKey(phrases)];
      expect(indexes).toHaveLength(phrases.length);
      phrases.forEach((p, n) => {
        if (!fresh.has(p.source)) {
          const automaton = gateAutomatonOf(p.source);
          fresh.set(p.source, automaton === undefined ? undefined : packGateAutomaton(automaton));
        }
        const index = indexes?.[n] ?? -1;
        expect(index === -1 ? undefined : GATE_AUTOMATA[index], p.source.slice(0, 60)).toBe(fresh.get(p.source));
      });
    }
  });

  it('admit every position where the pattern matches, on the attack fixtures as written and re-spaced', () => {
    const fixtures = ['attempts.json', 'legitimate.json'].flatMap(
      (f) =>
        JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'injection', f), 'utf8')) as { text: string }[],
    );
    const plain = fixtures.map((e) => normaliseForDetection(e.text).text.toLowerCase());
    const respaced: string[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const rand = mulberry32(seed);
      const joined = plain.join('\n');
      respaced.push(
        joined.replace(/ /g, (s) =>
          rand() < 0.3 ? (['\t', '\n', '  ', ' \n ', '\n\t'][Math.floor(rand() * 5)] as string) : s,
        ),
      );
    }
    const indexes = GATE_AUTOMATA_BY_TABLE[scannerTablesKey(INJECTION_PHRASES)] ?? [];
    let admitted = 0;
    let rejected = 0;
    INJECTION_PHRASES.forEach((p, n) => {
      const index = indexes[n] ?? -1;
      if (index === -1) return;
      const walker = new GateWalker(GATE_AUTOMATA[index] as string);
      // Every position where the pattern matches sticky (the scanner's way of trying it), found in one search: a
      // look-ahead matches the empty string there, so the global search stops at each such position in turn.
      const everywhere = new RegExp(`(?=${p.re.source})`, p.flags.replace('y', ''));
      for (const text of [...plain, ...respaced])
        for (const m of text.matchAll(everywhere)) {
          expect(walker.admits(text, m.index), `${p.source.slice(0, 60)} at ${m.index} of ${text}`).toBe(true);
          admitted++;
        }
      for (const text of plain) for (let at = 0; at < text.length; at++) if (!walker.admits(text, at)) rejected++;
    });
    // The fixtures exercise the automata both ways.
    expect(admitted).toBeGreaterThan(500);
    expect(rejected).toBeGreaterThan(100_000);
  });

  it('admit every position where a pattern that starts with a word list matches, after letters and longer words', () => {
    // Each fixture match of such a pattern with its first word swapped for every word of the list, alone, after a
    // letter, a digit or a blank, and as the end of every longer word of the list: where a word-start condition is
    // read for a word it must not be, the pattern matches where its automaton rejects.
    const fixtures = ['attempts.json', 'legitimate.json'].flatMap(
      (f) =>
        JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'injection', f), 'utf8')) as { text: string }[],
    );
    const plain = fixtures.map((e) => normaliseForDetection(e.text).text.toLowerCase());
    const indexes = GATE_AUTOMATA_BY_TABLE[scannerTablesKey(PHRASES_AND_REQUESTS)] ?? [];
    let patterns = 0;
    let checked = 0;
    PHRASES_AND_REQUESTS.forEach((p, n) => {
      const index = indexes[n] ?? -1;
      const head = /^\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)(?=\(\?<=\(\?<!)/.exec(p.source)?.[0];
      if (index === -1 || head === undefined) return;
      const parsed = new Parser(head).parse();
      const words = [...new Set((parsed.t === 'alt' ? parsed.alts : [parsed]).flatMap((alt) => wordsOf(alt) ?? []))];
      if (words.length === 0) return;
      patterns++;
      const walker = new GateWalker(GATE_AUTOMATA[index] as string);
      const everywhere = new RegExp(`(?=${p.re.source})`, p.flags.replace('y', ''));
      // A few matches per pattern, each cut after its first word.
      const tails = new Set<string>();
      for (const text of plain) {
        if (tails.size === 3) break;
        for (const m of text.matchAll(everywhere)) {
          const first = words.filter((w) => text.startsWith(w, m.index)).sort((a, b) => b.length - a.length)[0];
          if (first !== undefined && tails.size < 3) tails.add(text.slice(m.index + first.length, m.index + 200));
        }
      }
      for (const tail of tails)
        for (const word of words) {
          const longer = words.filter((w) => w.length > word.length && w.endsWith(word));
          for (const before of [
            '',
            'x',
            '\u00e9',
            '1',
            ' ',
            ...longer.map((w) => w.slice(0, w.length - word.length)),
          ]) {
            const text = `${before}${word}${tail}`;
            for (const m of text.matchAll(everywhere)) {
              expect(walker.admits(text, m.index), `${p.source.slice(0, 60)} at ${m.index} of ${text}`).toBe(true);
              checked++;
            }
          }
        }
    });
    expect(patterns).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('a scan with gate automata', () => {
  it('compiles no pattern where the automata reject every candidate', () => {
    // Ordinary prose full of candidates (give, rate, note, ignore, the, this ...) and no injection.
    const text =
      'give the rate of change a note. ignore whitespace in this file. return the output to the caller.\n' +
      'rank the results, then mark this section done and report the score of each test.\n';
    const { result, made } = regExpsConstructedBy(() => phraseMatches(text, INJECTION_PHRASES));
    expect(result).toEqual([]);
    expect(made).toEqual([]);
  });
});
