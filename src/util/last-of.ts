/**
 * `compute` with a one-entry memo: the last argument and its answer are kept, so callers that ask about the same
 * value in turn (a skill's check, rules and tips all read its one description) compute it once. The answer is
 * shared between them, so it is read-only.
 */
export function lastOf<A, R>(compute: (arg: A) => R): (arg: A) => R {
  let filled = false;
  let lastArg: A | undefined;
  let lastValue: R | undefined;
  return (arg) => {
    if (!filled || arg !== lastArg) {
      lastValue = compute(arg);
      lastArg = arg;
      filled = true;
    }
    return lastValue as R;
  };
}
