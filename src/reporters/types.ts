import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';

/** What `score` needs to know about an output format besides its reporter (a row of OUTPUT_FORMATS, reporters/index.ts). */
export interface OutputTraits {
  /** Written for a terminal: colours when stdout is one. */
  forTerminal: boolean;
  /** One line per result, each printed as it is scored (to stdout; a file is still written whole). */
  streams: boolean;
}

export interface ReporterOptions {
  /** Emit ANSI colours (text reporter only). */
  color: boolean;
  /**
   * Terminal width in columns (text reporter only); the output never exceeds it, except paths and rule ids when
   * `cutPaths` is false.
   */
  width: number;
  /**
   * Shorten long paths and rule ids to fit `width` (text reporter only). Only for a terminal: a path or rule id cut
   * with an ellipsis is useless in a log or a pipe, so the default is to print them whole.
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
