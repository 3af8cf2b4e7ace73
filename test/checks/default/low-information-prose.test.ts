import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LOW_INFORMATION_THRESHOLDS,
  lowInformationProse,
  lowInformationReasons,
} from '../../../src/rules/checks/default/low-information-prose.js';
import { proseStatistics, runningProse } from '../../../src/rules/checks/default/prose-statistics.js';
import { analyseMarkdown } from '../../../src/parse/markdown.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';
import { mulberry32 } from '../../../src/stats/bootstrap.js';
import { cpuMsOf } from '../../support/cpu-time.js';

useSkillCleanup();

const here = path.dirname(fileURLToPath(import.meta.url));
const CONTROL = path.join(here, '..', '..', 'fixtures', 'content-free-control', 'original-prose', 'SKILL.md');
/** Real prose: the body paragraphs of the original-prose control fixture (written for the fixtures). */
const REAL_SENTENCES = readFileSync(CONTROL, 'utf8')
  .split('\n')
  .filter((l) => /^[A-Z][a-z]/.test(l) && l.endsWith('.') && l.split(' ').length >= 8)
  .join(' ')
  .split(/(?<=\.) /);
const DESC = 'Triages application logs into a short report. Use when the user shares a log file.';
const skillWith = (body: string) => makeSkill({ 'SKILL.md': skillMd({ name: 'test-skill', description: DESC }, body) });
const stats = (body: string) => proseStatistics(analyseMarkdown(body));

/** The library's seeded generator (mulberry32), so a failure reproduces. */
const rng = mulberry32;
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const shuffle = <T>(r: () => number, xs: readonly T[]): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
/** Sentences of `size` words drawn by `word`, one paragraph per two sentences. */
function salad(word: () => string, sentences: number, size = 12): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const words = Array.from({ length: size }, word);
    out.push(`${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`);
  }
  return out.map((s, i) => (i % 2 === 1 ? `${s}\n` : s)).join(' ');
}

const DICTIONARY =
  'anchor basket candle dragon engine falcon garden harbor island jungle kettle ladder mirror needle orchard pepper quartz ribbon saddle timber umbrella velvet walnut yarn zephyr bridge copper desert ember forest glacier hammer'.split(
    ' ',
  );
const KEYWORDS =
  'Docker Kubernetes CI/CD pipeline deploy testing scalable microservices cloud serverless Terraform monitoring observability DevOps TypeScript Python GraphQL PostgreSQL Redis caching latency'.split(
    ' ',
  );

describe('proseStatistics', () => {
  it('reads running prose only: code, headings, tables, HTML comments, link targets and URLs are left out', () => {
    const body = [
      '# anchor basket candle dragon engine falcon garden harbor',
      '',
      'Read the log from the end and group the errors by template.',
      '',
      '```text',
      'anchor basket candle dragon engine falcon garden harbor island jungle kettle ladder',
      '```',
      '',
      '| anchor basket | candle dragon |',
      '|---|---|',
      '| engine falcon | garden harbor |',
      '',
      '<!-- anchor basket candle dragon engine -->',
      'See [the guide](references/anchor-basket-candle.md) or https://example.com/anchor/basket/candle.',
    ].join('\n');
    expect(runningProse(analyseMarkdown(body))).toBe(
      // The comment and the link line are one paragraph (no blank line between them).
      'Read the log from the end and group the errors by template.\n<!-- anchor basket candle dragon engine --> ' +
        'See [the guide](references/anchor-basket-candle.md) or https://example.com/anchor/basket/candle.',
    );
    // 12 words in the first sentence, 4 in the second ("see the guide or"); the comment and targets are gone.
    expect(stats(body).words).toBe(16);
  });

  it('keeps inline code as a placeholder: "the `x` and" is not an article followed by "and", and code is not a word', () => {
    const s = stats('Pass the `--force` and the `--dry-run` flags to the command, then read the output.\n');
    expect(s.articles).toBe(4);
    expect(s.articleMisfitShare).toBe(0);
    expect(s.words).toBe(12);
  });

  it('joins a hard-wrapped paragraph and does not end a sentence at "SKILL.md" or "0.5"', () => {
    const s = stats(
      'Open the SKILL.md file and set the threshold to 0.5 before\nyou run the evaluation again on every skill.\n',
    );
    expect(s.sentenceWords).toBe(s.words);
    expect(s.sentenceWords).toBe(19); // "skill md" is two words; "0.5" is none
  });

  it('a list item is its own block, not part of the paragraph above', () => {
    expect(runningProse(analyseMarkdown('Steps to follow:\n- read the file\n- group the lines\n'))).toBe(
      'Steps to follow:\n- read the file\n- group the lines',
    );
  });

  it('measures function words against the best-matching language', () => {
    const spanish = stats(
      'Lee el registro desde el final y agrupa los errores por su plantilla, porque los más recientes explican ' +
        'mejor el incidente que las advertencias antiguas.\n',
    );
    expect(spanish.language).toBe('spanish');
    expect(spanish.sentenceFunctionShare).toBeGreaterThan(0.3);
    const english = stats(`${REAL_SENTENCES.slice(0, 6).join(' ')}\n`);
    expect(english.language).toBe('english');
    expect(english.sentenceFunctionShare).toBeGreaterThan(0.35);
  });

  it('counts letters of other scripts', () => {
    expect(stats('Прочитайте журнал с конца и сгруппируйте ошибки по шаблону сообщения.\n').nonLatinShare).toBe(1);
    expect(stats('Read the log.\n').nonLatinShare).toBe(0);
  });
});

describe('LOW_INFORMATION_PROSE (lowInformationProse)', () => {
  it('real prose passes every test', async () => {
    const body = `# Log triage\n\n${REAL_SENTENCES.map((s, i) => (i % 2 ? `${s}\n` : s)).join(' ')}\n`;
    const s = stats(body);
    // Enough text for every test to judge, so "not flagged" is a measured pass, not an abstention.
    expect(s.sentenceWords).toBeGreaterThanOrEqual(LOW_INFORMATION_THRESHOLDS.repetitionMinWords);
    expect(s.articles).toBeGreaterThanOrEqual(LOW_INFORMATION_THRESHOLDS.orderMinArticles);
    expect(lowInformationProse.detect(await skillWith(body))).toEqual([]);
  });

  it('dictionary-word salad: function-word share, with its value and the normal range', async () => {
    const r = rng(1);
    const found = lowInformationProse.detect(await skillWith(salad(() => pick(r, DICTIONARY), 12)));
    expect(found).toHaveLength(1);
    expect(found[0]!.flag).toBe('LOW_INFORMATION_PROSE');
    expect(found[0]!.description).toMatch(
      /function words .* are 0\.0% of the 144 words in sentences \(real prose: 15% or more; flagged below 11\.0%\)/,
    );
  });

  it('a salad too short to judge is not flagged', async () => {
    const r = rng(2);
    const body = salad(() => pick(r, DICTIONARY), 8); // 96 words in sentences: under the 100-word floor
    expect(stats(body).sentenceWords).toBeLessThan(LOW_INFORMATION_THRESHOLDS.vocabularyMinWords);
    expect(lowInformationProse.detect(await skillWith(body))).toEqual([]);
  });

  it('keywords in short bullets (no sentences) are judged on all prose words', async () => {
    const r = rng(3);
    const body = Array.from(
      { length: 70 },
      () => `- ${pick(r, KEYWORDS)} ${pick(r, KEYWORDS)} ${pick(r, KEYWORDS)}`,
    ).join('\n');
    const s = stats(body);
    expect(s.sentenceWords).toBe(0);
    const found = lowInformationProse.detect(await skillWith(body));
    expect(found).toHaveLength(1);
    expect(found[0]!.description).toMatch(
      /function words are [0-4]\.\d% of \d+ prose words \(real skills, even terse lists: 9\.7% or more; flagged below 5\.0%\)/,
    );
  });

  it('the words of real prose in random order: articles followed by words that cannot follow them', async () => {
    const r = rng(4);
    const words = shuffle(r, REAL_SENTENCES.join(' ').replace(/[.,;]/g, '').toLowerCase().split(' '));
    const body = Array.from(
      { length: Math.ceil(words.length / 14) },
      (_, i) => `${words.slice(i * 14, i * 14 + 14).join(' ')}.`,
    ).join('\n');
    const s = stats(body);
    expect(s.sentenceFunctionShare).toBeGreaterThan(0.35); // the vocabulary test cannot see it
    const found = lowInformationProse.detect(await skillWith(body));
    expect(found).toHaveLength(1);
    expect(found[0]!.description).toMatch(
      /of \d+ "the"\/"an" are followed by a word that cannot follow an article.*\(real prose: under 2%; flagged above 12\.0%\)/,
    );
  });

  it('recycled phrases: real sentences varied by one word, over and over', async () => {
    const r = rng(5);
    const topics = ['log', 'report', 'file', 'output', 'error', 'service'];
    const sentences = REAL_SENTENCES.slice(0, 5);
    const body = Array.from({ length: 40 }, () =>
      pick(r, sentences).replace(/\b(log|report|file)\b/, pick(r, topics)),
    ).join('\n');
    const s = stats(body);
    expect(new Set(body.split('\n')).size).toBeGreaterThan(10); // not just duplicate lines (FILLER_CONTENT's test)
    const found = lowInformationProse.detect(await skillWith(body));
    expect(found).toHaveLength(1);
    expect(found[0]!.description).toMatch(
      /of the three-word sequences in sentences repeat an earlier one \(real prose: under 8%; flagged above 11\.0%\)/,
    );
    expect(s.repeatedTrigramShare).toBeGreaterThan(0.5);
  });

  it('one boilerplate sentence after every block of real prose is not recycled phrasing', async () => {
    // A real skill's pattern (test/fixtures/terse-real): the same verification line after each code example.
    const boilerplate = '**Verification:** Run the command with `--help` flag to verify availability.';
    const body = REAL_SENTENCES.slice(0, 30)
      .map((sentence, i) => (i % 3 === 2 ? `${sentence}\n\n${boilerplate}\n` : sentence))
      .join('\n');
    const s = stats(body);
    expect(s.sentenceWords).toBeGreaterThanOrEqual(LOW_INFORMATION_THRESHOLDS.repetitionMinWords);
    expect(s.repeatedTrigramShare).toBeLessThan(0.05);
    expect(s.repeatedSentenceShare).toBeGreaterThan(0.1);
    expect(lowInformationProse.detect(await skillWith(body))).toEqual([]);
  });

  it('counts a sentence as repeated only when every word matches an earlier one, in order', () => {
    const a = 'the parser reads each block of the body once and keeps its facts';
    const s = stats([a, a, `${a} here`, a.split(' ').reverse().join(' '), a].map((x) => `${x}.`).join('\n'));
    // Five sentences of 13, 13, 14, 13 and 13 words: the second and the last repeat the first word for word.
    expect(s.sentenceWords).toBe(66);
    expect(s.repeatedSentenceShare).toBeCloseTo(26 / 66, 10);
  });

  it("compares sentences longer than the reader's first buffer word for word, to the last word", () => {
    const long = Array.from(
      { length: 150 },
      (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i % 7 ? 'x' : 'y'}`,
    ).join(' ');
    const variant = `${long.slice(0, -1)}z`;
    const s = stats([long, variant, long, variant].map((x) => `${x}.`).join('\n'));
    // Four sentences of 150 words: the third and fourth repeat the first two; the second differs in its last word.
    expect(s.sentenceWords).toBe(600);
    expect(s.repeatedSentenceShare).toBeCloseTo(300 / 600, 10);
  });

  it('keeps each word its own id past the first thousand distinct words', () => {
    const word = (n: number) =>
      `q${[...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('')}`;
    // 300 sentences of ten new words (3,000 distinct), then each again with a new last word.
    const first = Array.from({ length: 300 }, (_, k) => Array.from({ length: 10 }, (_, i) => word(10 * k + i)));
    const again = first.map((words, k) => [...words.slice(0, 9), word(5000 + k)]);
    const s = stats([...first, ...again].map((words) => `${words.join(' ')}.`).join('\n'));
    // 600 sentences of eight trigrams; in each of the second 300 the first seven repeat an earlier one.
    expect(s.words).toBe(6000);
    expect(s.repeatedSentenceShare).toBe(0);
    expect(s.repeatedTrigramShare).toBeCloseTo(2100 / 4800, 10);
  });

  it('the same few sentences over and over are flagged, though no phrase recurs across distinct sentences', async () => {
    const r = rng(8);
    const body = Array.from({ length: 60 }, () => pick(r, REAL_SENTENCES.slice(0, 4))).join('\n');
    const s = stats(body);
    expect(s.repeatedTrigramShare).toBe(0);
    const found = lowInformationProse.detect(await skillWith(body));
    expect(found).toHaveLength(1);
    expect(found[0]!.description).toMatch(
      /of the \d+ words in sentences belong to a sentence that repeats an earlier one word for word \(real skills: under 30%; flagged above 50\.0%\)/,
    );
  });

  it('salad inside fenced code, tables and headings is not prose', async () => {
    const r = rng(6);
    const body = `# Log triage\n\n${REAL_SENTENCES.slice(0, 3).join(' ')}\n\n\`\`\`text\n${salad(() => pick(r, DICTIONARY), 30)}\n\`\`\`\n\n| a | b |\n|---|---|\n| ${salad(() => pick(r, DICTIONARY), 10).replace(/\n/g, ' ')} | x |\n`;
    expect(lowInformationProse.detect(await skillWith(body))).toEqual([]);
  });

  it('prose in Spanish is measured as Spanish, not flagged as salad', async () => {
    const body = [
      'Lee el registro desde el final, porque los errores más recientes explican mejor el incidente que las ' +
        'advertencias antiguas.',
      'Agrupa las líneas de error por su plantilla y cuenta cuántas veces aparece cada una en el archivo.',
      'Cuando una traza de pila sigue a un error, conserva las tres primeras líneas y descarta el resto del bloque.',
      'Si el registro mezcla varios servicios, separa el informe por servicio y di cuál falló primero.',
      'No adivines causas que el registro no muestra; escribe lo que se sabe y lo que queda por saber.',
      'El informe empieza con una frase que nombra el componente que probablemente falló y la hora en que falló.',
    ].join('\n');
    expect(stats(body).sentenceWords).toBeGreaterThanOrEqual(100);
    expect(lowInformationProse.detect(await skillWith(body))).toEqual([]);
  });

  it('prose in a script without function-word lists is not judged', () => {
    const s = { ...stats('x'), nonLatinShare: 0.9, words: 500, sentenceWords: 500, sentenceFunctionShare: 0 };
    expect(lowInformationReasons(s)).toEqual([]);
    expect(lowInformationReasons({ ...s, nonLatinShare: 0.1 })).toHaveLength(1);
  });

  it('reports one instance for several failing statistics, with every reason', async () => {
    const r = rng(7);
    const body = Array.from({ length: 40 }, () => `${salad(() => pick(r, DICTIONARY.slice(0, 3)), 1, 12)}`).join('\n');
    const found = lowInformationProse.detect(await skillWith(body));
    expect(found).toHaveLength(1);
    expect(found[0]!.description).toMatch(/function words .*; .*three-word sequences/);
  });
});

describe('proseStatistics on hostile input (200 KB each)', () => {
  const N = 200_000;
  // Each shape once made a regex scan the rest of the text from every start; now every pattern is bounded.
  // A limit on CPU time, not the wall clock, catches a quadratic scan (it would take minutes) and no busy machine;
  // speed is measured in bench/.
  it.each([
    ['unclosed HTML comments', '<!--'.repeat(N / 4), (s: ReturnType<typeof stats>) => expect(s.words).toBe(0)],
    // Backticks pair up into code spans, so every other "a" is code.
    ['backticks on one line', 'a `'.repeat(66_666), (s: ReturnType<typeof stats>) => expect(s.words).toBe(33_333)],
    [
      'an unclosed backtick before 200 KB of text',
      `\`${'a '.repeat(N / 2)}`,
      (s: ReturnType<typeof stats>) => expect(s.words).toBe(N / 2),
    ],
    [
      'link openers without a close',
      '](x'.repeat(66_666),
      (s: ReturnType<typeof stats>) => expect(s.words).toBe(66_666),
    ],
    [
      'angle brackets without a close',
      '<a'.repeat(N / 2),
      (s: ReturnType<typeof stats>) => expect(s.words).toBe(N / 2),
    ],
    [
      'one sentence of 40,000 words',
      'word '.repeat(N / 5),
      (s: ReturnType<typeof stats>) => expect(s.sentenceWords).toBe(N / 5),
    ],
    [
      'a repeated line',
      'The skill reads the log and returns a report to the user.\n'.repeat(3448),
      (s: ReturnType<typeof stats>) => expect(s.repeatedSentenceShare).toBeGreaterThan(0.99),
    ],
    [
      'a hard-wrapped paragraph of 13,000 lines',
      'word word word\n'.repeat(13_333),
      (s: ReturnType<typeof stats>) => expect(s.sentenceWords).toBe(39_999),
    ],
    ['apostrophes', "a'".repeat(N / 2), (s: ReturnType<typeof stats>) => expect(s.words).toBe(1)],
  ] as const)('%s', async (_name, body, check) => {
    expect(await cpuMsOf(() => check(stats(body)))).toBeLessThan(10_000);
  });
});
