import { describe, expect, it } from 'vitest';
import { REPORTERS, REPORTER_NAMES } from '../../src/reporters/index.js';
import { OPTIONS, hostileResult, manyResults, pluginResult, troubledSkill } from './fixtures.js';

describe('REPORTERS', () => {
  it('has one reporter per format name', () => {
    expect(Object.keys(REPORTERS).sort()).toEqual([...REPORTER_NAMES].sort());
    expect(REPORTER_NAMES).toEqual(['text', 'json', 'jsonl', 'markdown', 'html', 'junit', 'sarif']);
  });

  it.each(REPORTER_NAMES.map((n) => [n]))('%s is pure: same input, same output, input untouched', (name) => {
    const results = [...manyResults(), pluginResult(), hostileResult()];
    const before = JSON.stringify(results);
    for (const format of ['native', 'plugineval'] as const) {
      const options = { ...OPTIONS, format, threshold: 70 };
      const a = REPORTERS[name](results, options);
      const b = REPORTERS[name](results, options);
      // PluginEval's shape carries a wall-clock timestamp when the result has none.
      const clean = (s: string) => s.replace(/"timestamp": ?"[^"]*"/g, '');
      expect(clean(a)).toBe(clean(b));
      expect(a.endsWith('\n') || a === '').toBe(true);
    }
    expect(JSON.stringify(results)).toBe(before);
  });

  it.each(REPORTER_NAMES.map((n) => [n]))('%s handles a single result and no results', (name) => {
    expect(REPORTERS[name]([troubledSkill()], OPTIONS).length).toBeGreaterThan(0);
    expect(() => REPORTERS[name]([], OPTIONS)).not.toThrow();
  });
});
