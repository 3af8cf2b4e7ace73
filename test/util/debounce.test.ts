import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from '../../src/util/debounce.js';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a key once after its last schedule, each key on its own clock', () => {
    const runs: string[] = [];
    const d = debounce<string>(100, (key) => runs.push(key));
    d.schedule('a');
    vi.advanceTimersByTime(60);
    d.schedule('a');
    d.schedule('b');
    vi.advanceTimersByTime(99);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual(['a', 'b']);
  });

  it('cancel drops one key, cancelAll every key', () => {
    const runs: string[] = [];
    const d = debounce<string>(50, (key) => runs.push(key));
    d.schedule('a');
    d.schedule('b');
    d.cancel('a');
    vi.advanceTimersByTime(50);
    expect(runs).toEqual(['b']);
    d.schedule('a');
    d.schedule('b');
    d.cancelAll();
    vi.advanceTimersByTime(500);
    expect(runs).toEqual(['b']);
  });
});
