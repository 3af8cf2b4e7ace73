/**
 * Each setting's field in the config file is made from its row: its choices, or the shape its check (or its row's
 * `configShape`) names. No field is written out per setting; the three shapes that need another module's knowledge
 * (rule ids, globs, prices) are named by their rows like the others.
 */
import { describe, expect, it } from 'vitest';
import { PluginEvalConfig } from '../src/config/schema.js';
import { SETTINGS, shapeOf } from '../src/config/settings.js';

/** The messages the config file's schema gives for one document, or 'ok'. */
function verdict(doc: unknown): string {
  const r = PluginEvalConfig.safeParse(doc);
  return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}

describe('config fields from the settings rows', () => {
  it('every setting with a config key names its field by choices or a shape', () => {
    const withConfig = SETTINGS.filter((s) => s.config !== undefined);
    expect(withConfig.length).toBeGreaterThan(30);
    for (const s of withConfig)
      expect(s.choices ?? s.configShape ?? shapeOf(s.check), `${s.key} has no config field`).toBeDefined();
  });

  it.each([
    [{ threads: 'auto' }, 'ok'],
    [{ threads: 'many' }, 'threads: must be "auto" or a whole number from 1 to 64'],
    [{ threads: 65 }, 'threads: Too big: expected number to be <=64'],
    [{ store: false }, 'ok'],
    [{ store: 5 }, 'store: must be a file path or false'],
    [{ store: '' }, 'store: Too small: expected string to have >=1 characters'],
    [{ model: '' }, 'ok'],
    [{ provider: 'x' }, 'ok'],
    [{ judgeModels: [] }, 'judgeModels: Too small: expected array to have >=1 items'],
    [{ baseURL: 'not a url' }, 'baseURL: Invalid URL'],
    [{ queue: 'http://h:1' }, 'queue: Invalid string: must match pattern /^rediss?:\\/\\/\\S+$/'],
    [{ queueName: 'q:1' }, 'queueName: Invalid string: must match pattern /^[\\w.-]{1,100}$/'],
    [{ worker: { allowEndpoints: ['http://a/v1'] } }, 'ok'],
    [{ worker: { allowRoots: [''] } }, 'worker.allowRoots.0: Too small: expected string to have >=1 characters'],
    [{ rules: { 'no-such-rule': 'warn' } }, 'rules.no-such-rule: unknown rule id'],
    [{ prices: { m: { input: 1, output: 2 } } }, 'ok'],
  ])('%j: %s', (doc, expected) => {
    if (expected === 'ok') expect(verdict(doc)).toBe('ok');
    else expect(verdict(doc)).toContain(expected);
  });

  it('refuses a non-http endpoint and a malformed price row', () => {
    expect(verdict({ worker: { allowEndpoints: ['ftp://a'] } })).toMatch(/^worker\.allowEndpoints\.0: /);
    expect(verdict({ prices: { m: { input: 'a' } } })).toMatch(/^prices\.m\./);
  });
});
