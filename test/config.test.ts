import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';
import { findConfigFile, CONFIG_FILE_NAMES } from '../src/config/find.js';
import { singleResult } from './support/score-json.js';

const tree = tempTree('plugin-eval-config-');
const SKILL = path.resolve('examples/skills/csv-profiler');

describe('config file', () => {
  it('supplies defaults that flags override', async () => {
    const file = tree.write('a/plugin-eval.config.json', JSON.stringify({ methodology: 'compat', threshold: 99 }));
    const fromConfig = await cli('--config', file, 'score', SKILL, '--output', 'json');
    expect(fromConfig.code).toBe(1); // threshold 99 from the file
    expect(singleResult(fromConfig.stdout).methodology).toBe('compat');
    const flagsWin = await cli(
      '--config',
      file,
      'score',
      SKILL,
      '--output',
      'json',
      '--methodology',
      'default',
      '--threshold',
      '10',
    );
    expect(flagsWin.code).toBe(0);
    expect(singleResult(flagsWin.stdout).methodology).toBe('default');
  });

  it('is found in the working folder or a parent', () => {
    tree.write('b/.plugin-eval.json', '{}');
    const deep = tree.dir('b/c/d');
    expect(findConfigFile(deep)).toBe(path.join(tree.root, 'b', '.plugin-eval.json'));
    expect(CONFIG_FILE_NAMES).toContain('plugin-eval.config.json');
  });

  it.each([
    ['{ "depth": "fast" }', /depth/],
    ['{ "concurrency": 0 }', /concurrency/],
    ['{ "unknownKey": 1 }', /unknownKey|Unrecognized/],
    ['{\n  "depth": "quick",\n  oops\n}', /:3:/],
  ])('a bad file (%s) is exit 2 with file, line and key', async (json, pattern) => {
    const file = tree.write(`bad-${Math.random().toString(36).slice(2)}.json`, json);
    const out = await cli('--config', file, 'score', SKILL);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(file);
    expect(out.stderr).toMatch(pattern);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    [
      'a top-level key',
      '{\n  "methodology": "default",\n  "depht": "quick"\n}\n',
      ':3: depht: unknown key "depht" (did you mean "depth"?)',
    ],
    [
      'a key inside cache',
      '{\n  "cache": {\n    "enabled": true,\n    "ttl_days": 3\n  }\n}\n',
      ':4: cache.ttl_days: unknown key "ttl_days" (did you mean "ttlDays"?)',
    ],
    [
      "a key of a model's prices",
      '{\n  "prices": {\n    "my-model": {\n      "input": 1,\n      "output": 2,\n      "cache_read": 0.1\n    ' +
        '}\n  }\n}\n',
      ':6: prices.my-model.cache_read: unknown key "cache_read" (did you mean "cacheRead"?)',
    ],
  ])('an unknown key (%s) is named at its own line, with the known key it resembles', async (_what, json, expected) => {
    const file = tree.write(`unknown-${Math.random().toString(36).slice(2)}/plugin-eval.config.json`, json);
    const out = await cli('--config', file, 'validate', SKILL);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(`plugin-eval: ${file}${expected}; plugin-eval schema config lists the keys`);
  });

  it.each([
    ['an empty file', '', ':1:1: invalid JSON: Unexpected end of JSON input'],
    ['a truncated file', '{\n  "depth": "quick",\n  "rules": [\n', ':3:13: invalid JSON: Unexpected end of JSON input'],
    ['a file V8 gives no position for', '\u0001{}', ':1:1: invalid JSON: Unexpected token'],
  ])('invalid JSON (%s) names a real line, never ":0:0"', async (_what, json, expected) => {
    const file = tree.write(`json-${Math.random().toString(36).slice(2)}/plugin-eval.config.json`, json);
    const out = await cli('--config', file, 'validate', SKILL);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`plugin-eval: ${file}${expected}`);
    expect(out.stderr).not.toContain(':0:0');
  });

  it.each([
    [
      'a top-level key',
      '{\n  "depth": "standard",\n  "threshold": 50,\n  "depth": "quick"\n}\n',
      ':4:3: depth: duplicate key "depth", first at line 2',
    ],
    [
      'a rule id on one line',
      '{ "rules": { "links/broken": "off", "links/broken": "warn" } }',
      ':1:37: rules.links/broken: duplicate key "links/broken", first at line 1, column 14',
    ],
    [
      'a key inside cache, and another',
      '{\n  "cache": {\n    "dir": "a",\n    "dir": "b"\n  },\n  "judges": 1,\n  "judges": 2\n}\n',
      ':4:5: cache.dir: duplicate key "dir", first at line 3',
    ],
  ])(
    'a duplicate key (%s) is exit 2 naming the file, the line of the second and of the first',
    async (_what, json, expected) => {
      const file = tree.write(`dup-${Math.random().toString(36).slice(2)}/plugin-eval.config.json`, json);
      for (const command of ['score', 'validate']) {
        const out = await cli('--config', file, command, SKILL);
        expect(out.code, command).toBe(2);
        expect(out.stderr, command).toContain(
          `plugin-eval: ${file}${expected}; JSON keeps only the last value, so write the key once`,
        );
        expect(out.stderr, command).not.toMatch(/\n\s+at /);
      }
      // Valid JSON all the same: JSON.parse alone kept the last value, and the settings line named the first one's
      // line.
      expect(JSON.parse(json)).toBeTypeOf('object');
    },
  );

  it('the same key in two different objects is not a duplicate', async () => {
    const file = tree.write(
      'not-dup/plugin-eval.config.json',
      '{ "model": "haiku", "monteCarlo": { "model": "haiku" }, "prices": { "a": { "input": 1, "output": 1 }, ' +
        '"b": { "input": 1, "output": 1 } } }',
    );
    expect((await cli('--config', file, 'validate', SKILL)).code).toBe(0);
  });

  it('a bad PLUGIN_EVAL_* value is exit 2 naming the variable, without a stack trace', async () => {
    process.env.PLUGIN_EVAL_DEPTH = 'fast';
    try {
      const out = await cli('score', SKILL);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(
        'environment variable PLUGIN_EVAL_DEPTH must be one of quick, standard, deep, thorough, got "fast"',
      );
      expect(out.stderr).not.toMatch(/\n\s+at /);
    } finally {
      delete process.env.PLUGIN_EVAL_DEPTH;
    }
  });

  it('--verbose lists every setting with its source, flags and defaults included', async () => {
    const file = tree.write('verbose/plugin-eval.config.json', JSON.stringify({ methodology: 'compat' }));
    const out = await cli('--config', file, 'score', SKILL, '--output', 'json', '--jobs', '2', '--verbose');
    expect(out.code).toBeLessThan(2);
    const line = out.stderr.split('\n').find((l) => l.startsWith('plugin-eval: settings: '));
    expect(line).toContain('jobs 2 (flag --jobs)');
    expect(line).toContain('depth quick (default)');
    expect(line).toMatch(/methodology compat \(config \S+plugin-eval\.config\.json:1 methodology\)/);
    // A quick run does not judge: the judge's settings are left out.
    expect(line).not.toContain('provider');
  });

  it('a missing --config file is exit 2', async () => {
    const out = await cli('--config', path.join(tree.root, 'nope.json'), 'score', SKILL);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/config file not found/);
  });
});
