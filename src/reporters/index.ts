/** Reporters: pure functions from scored results to text, by output-format name. */
import { htmlReporter } from './html.js';
import { jsonReporter, jsonlReporter } from './json.js';
import { junitReporter } from './junit.js';
import { markdownReporter } from './markdown.js';
import { sarifReporter } from './sarif.js';
import { textReporter } from './text.js';
import type { OutputTraits, Reporter } from './types.js';

/**
 * The output formats of `score --output`, as the CLI spells them: one row each, its traits and its reporter. A new
 * format is its reporter module and its row here; `--output`'s choices, REPORTERS and the library's names follow.
 * The score command is part of the CLI's eager graph, so importing the reporters here costs its start-up nothing.
 */
const OUTPUT_FORMATS = {
  text: { forTerminal: true, streams: false, reporter: textReporter },
  json: { forTerminal: false, streams: false, reporter: jsonReporter },
  jsonl: { forTerminal: false, streams: true, reporter: jsonlReporter },
  markdown: { forTerminal: false, streams: false, reporter: markdownReporter },
  html: { forTerminal: false, streams: false, reporter: htmlReporter },
  junit: { forTerminal: false, streams: false, reporter: junitReporter },
  sarif: { forTerminal: false, streams: false, reporter: sarifReporter },
} as const satisfies Record<string, OutputTraits & { reporter: Reporter }>;

export type ReporterName = keyof typeof OUTPUT_FORMATS;
export const REPORTER_NAMES = Object.keys(OUTPUT_FORMATS) as [ReporterName, ...ReporterName[]];

/** Each format's traits (colours for a terminal, one line per result as it is scored). */
export const REPORTER_FORMATS: Readonly<Record<ReporterName, OutputTraits>> = OUTPUT_FORMATS;

export const REPORTERS: Readonly<Record<ReporterName, Reporter>> = Object.freeze(
  Object.fromEntries(REPORTER_NAMES.map((name) => [name, OUTPUT_FORMATS[name].reporter])) as Record<
    ReporterName,
    Reporter
  >,
);

export type { OutputTraits, Reporter, ReporterOptions } from './types.js';
export { toPluginEval, type PluginEvalResult } from './plugineval.js';
export { SARIF_SCHEMA } from './sarif.js';
