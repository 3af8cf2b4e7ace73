/**
 * The output formats of a command that prints one summary rather than a score run (evals steps, logs, history,
 * compare, init, judge calibrate, cache, hooks): one row per format. A command hands over its summary and its text
 * rendering and never tests the format by name, so a new format is one row here.
 */
interface SummaryOutputRow {
  /** For scripts: printed whole, no terminal prose; what the interactive review cannot be. */
  structured: boolean;
  render(summary: unknown, text: () => string): string;
}

export const SUMMARY_OUTPUT_TABLE = {
  text: { structured: false, render: (_summary, text) => text() },
  json: { structured: true, render: (summary) => `${JSON.stringify(summary, null, 2)}\n` },
} as const satisfies Record<string, SummaryOutputRow>;

export type SummaryOutput = keyof typeof SUMMARY_OUTPUT_TABLE;

export const SUMMARY_OUTPUTS = Object.keys(SUMMARY_OUTPUT_TABLE) as [SummaryOutput, ...SummaryOutput[]];

export const DEFAULT_SUMMARY_OUTPUT: SummaryOutput = 'text';

/** The row of `--output` (commander has checked the choice; absent is the default, text). */
export function summaryOutput(output: string | undefined): SummaryOutputRow {
  const name = output ?? DEFAULT_SUMMARY_OUTPUT;
  if (!Object.hasOwn(SUMMARY_OUTPUT_TABLE, name))
    throw new TypeError(`unknown output format "${name}"; use ${SUMMARY_OUTPUTS.join(' or ')}`);
  return SUMMARY_OUTPUT_TABLE[name as SummaryOutput];
}

/** `summary` printed in the format `--output` names; `text` is called only for the text format. */
export function renderSummary(output: string | undefined, summary: unknown, text: () => string): string {
  return summaryOutput(output).render(summary, text);
}
