import { describe, expect, it } from 'vitest';
import { describeRange, readNumber } from '../src/config/numbers.js';
import { resolveSettings } from '../src/config/resolve.js';
import { SETTINGS } from '../src/config/settings.js';
import { ConfigError, UsageError } from '../src/errors.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-numbers-');

/** Spellings Number() reads as numbers that nobody types on purpose. */
const NOT_PLAIN = [
  '0x10',
  '1e1',
  '0b11',
  '0o7',
  '+5',
  '5.',
  '.5',
  'Infinity',
  '-Infinity',
  'NaN',
  '',
  ' ',
  '1_000',
  '5 5',
];

describe('readNumber: plain decimals only', () => {
  it('reads digits, an optional fraction and minus, with surrounding spaces trimmed as every setting is', () => {
    expect(readNumber('70')).toBe(70);
    expect(readNumber('0.05')).toBe(0.05);
    expect(readNumber('-3')).toBe(-3);
    expect(readNumber(' 5 ')).toBe(5);
    expect(readNumber('007')).toBe(7);
  });

  it.each(NOT_PLAIN)('refuses %j, which Number() would read', (raw) => {
    expect(readNumber(raw)).toBeUndefined();
  });

  it('a whole number is written whole and exact', () => {
    expect(readNumber('4.0', { whole: true })).toBeUndefined();
    expect(readNumber('4', { whole: true })).toBe(4);
    expect(readNumber('9007199254740993', { whole: true })).toBeUndefined();
  });

  it('numbers from JSON or the library are range-checked, not re-read', () => {
    expect(readNumber(16, { min: 0, max: 100 })).toBe(16);
    expect(readNumber(Infinity)).toBeUndefined();
    expect(readNumber(4.5, { whole: true })).toBeUndefined();
  });

  it('describes each range in words', () => {
    expect(describeRange({ whole: true, min: 1, max: 64 })).toBe('a whole number from 1 to 64');
    expect(describeRange({ whole: true, min: 1 })).toBe('a whole number, 1 or more');
    expect(describeRange({ above: 0 })).toBe('a number above 0');
    expect(describeRange({ above: 0, below: 1 })).toBe('a number above 0 and below 1');
    expect(describeRange({ above: 0, max: 1 })).toBe('a number above 0 and at most 1');
  });
});

describe('every numeric setting reads numbers the same way', () => {
  // A setting is numeric when its check takes "10" (or "20": references start at 5, threads take "auto" too).
  const numeric = SETTINGS.filter((s) =>
    [s.check('10'), s.check('20')].some((c) => c.ok && typeof c.value === 'number'),
  );

  it('finds the numeric settings of the table', () => {
    expect(numeric.map((s) => s.key).sort()).toEqual(
      [
        'budgetTokens',
        'cacheTtlDays',
        'concurrency',
        'jobs',
        'judges',
        'maxCostUsd',
        'maxRuns',
        'minPrompts',
        'references',
        'requestTimeout',
        'threads',
        'threshold',
      ].sort(),
    );
  });

  it.each(NOT_PLAIN.filter((raw) => raw.trim() !== ''))('no numeric setting takes %j', (raw) => {
    for (const spec of numeric) expect(spec.check(raw).ok, `${spec.key} ${raw}`).toBe(false);
  });

  it('a flag is a usage error naming the flag, a variable a config error naming the variable', async () => {
    await expect(
      resolveSettings({ command: 'score', given: { threshold: '0x10' }, env: {}, config: false }),
    ).rejects.toThrow(new UsageError('--threshold must be a number from 0 to 100, got "0x10"'));
    await expect(resolveSettings({ command: 'score', given: { jobs: '1e1' }, env: {}, config: false })).rejects.toThrow(
      new UsageError('--jobs must be a whole number from 1 to 64, got "1e1"'),
    );
    await expect(
      resolveSettings({ command: 'score', env: { PLUGIN_EVAL_THRESHOLD: '1e1' }, config: false }),
    ).rejects.toThrow(
      new ConfigError('environment variable PLUGIN_EVAL_THRESHOLD must be a number from 0 to 100, got "1e1"'),
    );
    await expect(
      resolveSettings({ command: 'score', env: { PLUGIN_EVAL_MC_N: '0x10' }, config: false }),
    ).rejects.toThrow(/PLUGIN_EVAL_MC_N must be a whole number from 1 to 10000, got "0x10"/);
    expect(
      (
        await resolveSettings({
          command: 'score',
          given: { threshold: ' 70 ', ciWidth: '0.1' },
          env: {},
          config: false,
        })
      ).settings,
    ).toMatchObject({ threshold: 70, ciWidth: 0.1 });
  });
});

describe('numeric flags outside the settings table use the same reader and words', () => {
  it.each([
    [
      ['score', 'examples/skills/csv-profiler', '--threshold', '0x10'],
      '--threshold must be a number from 0 to 100, got "0x10"',
    ],
    [
      ['score', 'examples/skills/csv-profiler', '--ci-width', '1e-1'],
      '--ci-width must be a number from 0.005 to 0.49, got "1e-1"',
    ],
    [
      ['history', 'examples/skills/csv-profiler', '--limit', '0x10'],
      '--limit must be a whole number from 1 to 100000, got "0x10"',
    ],
    [['logs', 'stats', '--days', '1e1'], '--days must be a whole number, 1 or more, got "1e1"'],
    [['view', '.', '--port', '0x50'], '--port must be a whole number from 0 to 65535, got "0x50"'],
    [['judge', 'compare', 'a', 'b', '--passes', '2.0'], '--passes must be a whole number, 1 or more, got "2.0"'],
    [['evals', 'history', '.', '--margin', '5e-2'], '--margin must be a number from 0 to 1, got "5e-2"'],
    [['validity', '.', '--samples', '1e3'], '--samples must be a whole number, 100 or more, got "1e3"'],
  ])('%j', async (argv, message) => {
    const out = await cli('--config', tree.write('empty/plugin-eval.config.json', '{}'), ...argv);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(message);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });
});
