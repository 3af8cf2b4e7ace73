/** The choices and defaults of a validity run, apart from the run itself so the CLI can offer them without loading it. */
export const AGGREGATES = ['mean', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** Fewer units than this have no rank correlation worth a bootstrap. */
export const MIN_UNITS = 3;

export const VALIDITY_DEFAULTS = { samples: 2000, seed: 1, alpha: 0.05 } as const;
