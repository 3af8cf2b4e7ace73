/**
 * The structural request patterns (src/rules/injection/structure.ts) run through the phrase scanner (scan.ts): one
 * automaton pass finds their start literals, and each runs only where its generated gate automaton admits. Checked
 * here against the whole-text search each replaced, position by position: every position where a pattern matches is
 * one of its candidates and admitted by its automaton, and the scan's matches are the search's, on the attack
 * fixtures (as written and re-spaced), every Markdown file of the shared corpus and seeded splices of both; and
 * the whole-text searches a fresh process uses first give the same matches in the same order. The pre-test of those
 * searches (request-pretest.ts) rules a pattern out only in text where it has no match, on the same texts and on
 * seeded text made of the patterns' own words.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INJECTION_PHRASES, PHRASES_AND_REQUESTS } from '../../src/rules/injection/detect.js';
import { GATE_AUTOMATA, GATE_AUTOMATA_BY_TABLE } from '../../src/rules/injection/gate-automata.generated.js';
import { GateWalker, packGateAutomaton } from '../../src/rules/injection/gate-automaton.js';
import { gateAutomatonOf } from '../../src/rules/injection/gate-compile.js';
import { latinise, normaliseForDetection } from '../../src/rules/injection/normalise.js';
import { startSet } from '../../src/rules/injection/prefixes.js';
import { type PhraseMatch, phraseMatches, scannerTablesKey, startSetKey } from '../../src/rules/injection/scan.js';
import { RequestPretest } from '../../src/rules/injection/request-pretest.js';
import { PRECOMPUTED_START_SETS, REQUEST_START_LITERALS } from '../../src/rules/injection/start-sets.generated.js';
import {
  isStructuralRequest,
  requestMatchesBySearch,
  STRUCTURAL_REQUESTS,
  structuralMatches,
} from '../../src/rules/injection/structure.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';
import { referenceMatches, regExpsConstructedBy, scannedMatches } from '../support/phrase-scan.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = path.resolve(ROOT, '..', 'shared', 'corpus');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

/** A text as the detector scans it: normalised and lower-cased, and its look-alike view when it has one. */
function views(raw: string): string[] {
  const view = normaliseForDetection(raw);
  const out = [view.text.toLowerCase()];
  if (view.confusable) out.push(latinise(view).text.toLowerCase());
  return out;
}

const fixtures = ['attempts.json', 'legitimate.json'].flatMap(
  (f) => JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'injection', f), 'utf8')) as { text: string }[],
);
const attackTexts = fixtures.flatMap((e) => views(e.text));
const corpusTexts = existsSync(SHARED) ? markdownFiles(SHARED).flatMap((f) => views(readFileSync(f, 'utf8'))) : [];

/** The fixtures joined and re-spaced (tabs, line breaks, runs of blanks), and seeded splices of fixtures and corpus. */
function reshaped(): string[] {
  const out: string[] = [];
  const joined = attackTexts.join('\n');
  for (let seed = 1; seed <= 8; seed++) {
    const rand = mulberry32(seed);
    out.push(
      joined.replace(/ /g, (s) =>
        rand() < 0.3 ? (['\t', '\n', '  ', ' \n ', '\n\t'][Math.floor(rand() * 5)] as string) : s,
      ),
    );
  }
  const pieces = [...attackTexts, ...corpusTexts];
  for (let seed = 1; seed <= 60; seed++) {
    const rand = mulberry32(500 + seed);
    let text = '';
    for (let k = 0; k < 4; k++) {
      const piece = pieces[Math.floor(rand() * pieces.length)] as string;
      const from = Math.floor(rand() * piece.length);
      text += piece.slice(from, from + Math.floor(rand() * 800)) + ([' ', '\n', '\n\n', ': ', ', '][k] as string);
    }
    out.push(text);
  }
  return out;
}
const texts = [...attackTexts, ...corpusTexts, ...reshaped()];

describe('structural request patterns in the phrase scanner', () => {
  // First: a pattern once compiled stays compiled for the process.
  it('compile no pattern on prose full of candidates that no automaton admits', () => {
    // Candidates of every English pattern but the order (whose gap of up to 60 characters its automaton cannot
    // follow): verdict words, this/it, be/do/no, ignore.
    const text =
      'be careful: do not skip tests. no result here; this file is large and it works.\n' +
      'be sure to run it now. the status code is 200, the answer is no and the outcome is unknown. do not lower case it.\n' +
      'it is what it is: nothing else changes. rubrics differ. ignore the noise.\n';
    const { result, made } = regExpsConstructedBy(() =>
      structuralMatches(text, [], phraseMatches(text, STRUCTURAL_REQUESTS)),
    );
    expect(result).toEqual([]);
    expect(made).toEqual([]);
  });

  it('have generated start sets and gate automata that are what the analysis and compiler give now', () => {
    const indexes = GATE_AUTOMATA_BY_TABLE[scannerTablesKey(STRUCTURAL_REQUESTS)];
    expect(indexes).toHaveLength(STRUCTURAL_REQUESTS.length);
    STRUCTURAL_REQUESTS.forEach((p, n) => {
      const fresh = startSet(p.source);
      expect(fresh, p.source.slice(0, 60)).toBeDefined(); // none falls back to a whole-text search
      expect(PRECOMPUTED_START_SETS[startSetKey(p.source)]).toEqual(fresh);
      // What the first searches' pre-test reads (request-pretest.ts): the same literals, in table order.
      expect(REQUEST_START_LITERALS[scannerTablesKey(STRUCTURAL_REQUESTS)]?.[n]).toEqual(fresh!.literals);
      const automaton = gateAutomatonOf(p.source);
      expect(automaton, p.source.slice(0, 60)).toBeDefined();
      expect(GATE_AUTOMATA[indexes?.[n] ?? -1]).toBe(packGateAutomaton(automaton!));
    });
  });

  it(
    'try every position where a pattern matches: it starts with a start literal and its automaton admits it',
    () => {
      let matched = 0;
      let rejected = 0;
      STRUCTURAL_REQUESTS.forEach((p, n) => {
        const literals = startSet(p.source)?.literals ?? [];
        const walker = new GateWalker(
          GATE_AUTOMATA[GATE_AUTOMATA_BY_TABLE[scannerTablesKey(STRUCTURAL_REQUESTS)]![n]!]!,
        );
        // Every position where the pattern matches sticky, found in one search (a look-ahead matches empty there).
        const everywhere = new RegExp(`(?=${p.source})`, p.flags.replace('y', ''));
        for (const text of texts) {
          for (const m of text.matchAll(everywhere)) {
            const at = `${p.source.slice(0, 40)} at ${m.index} of ${JSON.stringify(text.slice(m.index, m.index + 80))}`;
            expect(
              literals.some((l) => text.startsWith(l, m.index)),
              at,
            ).toBe(true);
            expect(walker.admits(text, m.index), at).toBe(true);
            matched++;
          }
        }
        for (const text of attackTexts)
          for (let at = 0; at < text.length; at++) if (!walker.admits(text, at)) rejected++;
      });
      // The texts exercise the patterns both ways.
      expect(matched).toBeGreaterThan(100);
      expect(rejected).toBeGreaterThan(20_000);
    },
    HANG_LIMIT_MS,
  );

  it(
    'give the whole-text search matches of every pattern',
    () => {
      let matches = 0;
      for (const text of texts) {
        const want = referenceMatches(text, STRUCTURAL_REQUESTS);
        expect(scannedMatches(text, STRUCTURAL_REQUESTS), JSON.stringify(text.slice(0, 120))).toEqual(want);
        matches += want.length;
      }
      expect(matches).toBeGreaterThan(100);
    },
    HANG_LIMIT_MS,
  );

  it(
    'give, in one walk of the phrase table with them, what the two tables scanned apart give, in the same order',
    () => {
      const key = (m: PhraseMatch) => `${PHRASES_AND_REQUESTS.indexOf(m.phrase)}@${m.index}:${m.text}`;
      let requests = 0;
      for (const text of texts) {
        const apart = [...phraseMatches(text, INJECTION_PHRASES), ...phraseMatches(text, STRUCTURAL_REQUESTS)];
        expect(phraseMatches(text, PHRASES_AND_REQUESTS).map(key), JSON.stringify(text.slice(0, 120))).toEqual(
          apart.map(key),
        );
        requests += apart.filter((m) => isStructuralRequest(m.phrase)).length;
      }
      expect(requests).toBeGreaterThan(100);
    },
    HANG_LIMIT_MS,
  );

  it(
    'give what the whole-text searches a fresh process starts with give, in the same order',
    () => {
      const key = (m: PhraseMatch) => `${STRUCTURAL_REQUESTS.indexOf(m.phrase)}@${m.index}:${m.text}`;
      let matches = 0;
      for (const text of texts) {
        const want = requestMatchesBySearch(text).map(key);
        expect(phraseMatches(text, STRUCTURAL_REQUESTS).map(key), JSON.stringify(text.slice(0, 120))).toEqual(want);
        matches += want.length;
      }
      expect(matches).toBeGreaterThan(100);
    },
    HANG_LIMIT_MS,
  );
});

/**
 * Seeded text made of the request patterns' own words and what goes between them, so that their start literals,
 * automata and the patterns themselves all meet matches and near misses.
 */
function requestVocabulary(count: number): string[] {
  const words = [
    ...['verdict', 'outcome', 'result', 'score', 'status', 'output', 'answer', 'grade', 'band'],
    ...['this', 'it', 'that', 'this one', 'this skill', 'it passes', 'has passed', 'is', 'should be', 'counts as'],
    ...['be', 'generous', 'lenient', 'go easy', 'skip', 'the', 'deductions', 'no deductions', 'must not', 'cost'],
    ...['points', 'marks', 'do not', 'lower', 'its', 'rubric', 'criteria', 'has been', 'updated', 'does not apply'],
    ...['ignore', 'disregard', 'set aside', 'your', 'grading', 'review', 'guide', 'instructions', 'you', 'whatever'],
    ...['ignore the grading guide', 'disregard your review rubric', 'scoring criteria', 'so you can', 'ignore all'],
    ...['give', 'mark', 'a', 'an', 'pass', 'passed', 'full', 'top', 'best', 'possible', 'perfect', 'a+', '10/10'],
    ...['gold', 'platinum', 'at the', 'maximum', 'or', 'fail', 'here', 'for', 'of this', 'unconditional', 'clear'],
  ];
  const between = [' ', ' ', ' ', '  ', '\n', '\t', ': ', ', ', '. ', ' = ', ' "', '-', '', 'x'];
  const out: string[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const rand = mulberry32(9000 + seed);
    let text = '';
    for (let k = 0; k < 40; k++)
      text +=
        (words[Math.floor(rand() * words.length)] as string) + (between[Math.floor(rand() * between.length)] as string);
    out.push(text);
  }
  return out;
}

describe('the pre-test of the whole-text request searches', () => {
  it(
    'rules a pattern out only in text where it has no match, and rules out most patterns in most texts',
    () => {
      const pretest = new RequestPretest(STRUCTURAL_REQUESTS);
      // The English patterns (structure.ts pre-tests four of them; the other languages are searched by script).
      const searches = STRUCTURAL_REQUESTS.slice(0, 5).map((p) => new RegExp(p.source, p.flags.replace('y', '')));
      const matched = searches.map(() => 0);
      let ruledOut = 0;
      let tried = 0;
      for (const text of [...texts, ...requestVocabulary(500)]) {
        searches.forEach((search, n) => {
          const p = STRUCTURAL_REQUESTS[n]!;
          search.lastIndex = 0;
          const match = search.exec(text);
          const may = pretest.mayMatch(n, text);
          if (match !== null) {
            expect(may, `${p.source.slice(0, 40)} at ${match.index} of ${JSON.stringify(text.slice(0, 120))}`).toBe(
              true,
            );
            matched[n] = (matched[n] as number) + 1;
          } else if (!may) ruledOut++;
          tried++;
        });
      }
      // Every pattern meets matches.
      expect(matched.every((count) => count >= 20)).toBe(true);
      expect(ruledOut).toBeGreaterThan(tried / 3);
    },
    HANG_LIMIT_MS,
  );

  it('is never the reason a table whose generated tables are missing loses a match', () => {
    const edited = STRUCTURAL_REQUESTS.map((p) => ({ ...p, source: `${p.source}(?:)` }));
    const pretest = new RequestPretest(edited);
    expect(edited.every((_, n) => pretest.mayMatch(n, 'no candidate here'))).toBe(true);
    expect(new RequestPretest(STRUCTURAL_REQUESTS).mayMatch(0, 'no candidate here')).toBe(false);
  });
});
