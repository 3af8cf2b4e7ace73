/**
 * A keyed debounce: each `schedule(key)` restarts that key's quiet period, and `run(key)` is called once the key has
 * had no call for `quietMs`. The watch and the language server both gather bursts of edits this way (a save is several
 * file events; typing is many document changes).
 */
export interface Debouncer<K> {
  schedule(key: K): void;
  /** Drops the key's pending run, if any. */
  cancel(key: K): void;
  /** Drops every pending run. */
  cancelAll(): void;
}

export function debounce<K>(quietMs: number, run: (key: K) => void): Debouncer<K> {
  const timers = new Map<K, NodeJS.Timeout>();
  const cancel = (key: K): void => {
    clearTimeout(timers.get(key));
    timers.delete(key);
  };
  return {
    schedule(key) {
      clearTimeout(timers.get(key));
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          run(key);
        }, quietMs),
      );
    },
    cancel,
    cancelAll() {
      for (const key of [...timers.keys()]) cancel(key);
    },
  };
}
