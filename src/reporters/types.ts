import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';

/**
 * The output formats of `score --output`, as the CLI spells them, with what the command needs to know about each
 * (its reporter is the same name's row of REPORTERS, reporters/index.ts). A new format is one row here and one there.
 */
export const REPORTER_FORMATS = {
  text: { forTerminal: true, streams: false },
  json: { forTerminal: false, streams: false },
  jsonl: { forTerminal: false, streams: true },
  markdown: { forTerminal: false, streams: false },
  html: { forTerminal: false, streams: false },
  junit: { forTerminal: false, streams: false },
  sarif: { forTerminal: false, streams: false },
} as const satisfies Record<string, OutputTraits>;

export interface OutputTraits {
  /** Written for a terminal: colours when stdout is one. */
  forTerminal: boolean;
  /** One line per result, each printed as it is scored (to stdout; a file is still written whole). */
  streams: boolean;
}

export type ReporterName = keyof typeof REPORTER_FORMATS;
export const REPORTER_NAMES = Object.keys(REPORTER_FORMATS) as [ReporterName, ...ReporterName[]];

export interface ReporterOptions {
  /** Emit ANSI colours (text reporter only). */
  color: boolean;
  /**
   * Terminal width in columns (text reporter only); the output never exceeds it, except paths when `cutPaths` is false.
   */
  width: number;
  /**
   * Shorten long paths to fit `width` (text reporter only). Only for a terminal: a path cut with an ellipsis is
   * useless in a log or a pipe, so the default is to print paths whole.
   */
  cutPaths?: boolean;
  /** `native`: plugin-eval's own ScoreResult; `plugineval`: PluginEval 0.1.x's JSON shape (json, jsonl). */
  format: 'native' | 'plugineval';
  /** Composite score (0-100) below which a result fails (junit; flagged by text, markdown and html). */
  threshold?: number;
  /** plugin-eval's version, for the tool fields of SARIF and the headers. */
  toolVersion: string;
  /** The run these results belong to: native JSON prints it (the ScoreRun document). */
  run?: ScoreRun;
}

/** A reporter is a pure function: same results and options in, same string out. */
export type Reporter = (results: ScoreResult[], options: ReporterOptions) => string;
