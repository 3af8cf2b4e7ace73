/** Shared bodies for the default-methodology check tests. */

/**
 * Ten substantive prose lines of which three are distinct after normalisation (digits and punctuation dropped):
 * distinct ratio 0.3, so content integrity = min(1, 0.3 / 0.8) = 0.375.
 */
export const FILLER = [
  ...Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: check the configuration file.`),
  'Read the guide before you start.',
  'Ask the user which files matter.',
].join('\n');

/** Integrity of FILLER plus `extra` distinct substantive lines: ((3 + extra) / (10 + extra)) / 0.8. */
export const fillerIntegrity = (extra: number) => Math.min(1, (3 + extra) / (10 + extra) / 0.8);
