import type { ScoreResult } from '../model/result.js';
/** Names of the output formats, as the CLI's `--output` option spells them. */
export declare const REPORTER_NAMES: readonly ["text", "json", "jsonl", "markdown", "html", "junit", "sarif"];
export type ReporterName = (typeof REPORTER_NAMES)[number];
export interface ReporterOptions {
    /** Emit ANSI colours (text reporter only). */
    color: boolean;
    /** Terminal width in columns (text reporter only); the output never exceeds it, except paths when `cutPaths` is false. */
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
}
/** A reporter is a pure function: same results and options in, same string out. */
export type Reporter = (results: ScoreResult[], options: ReporterOptions) => string;
