/**
 * Renderers: pure functions from a judgekit output to Markdown or terminal text. Each output kind
 * is described once as blocks (headings, paragraphs, lists, tables); the two serialisers differ
 * only in syntax, so the Markdown and text views never drift apart.
 */
import type { BiasReport, CalibrationReport, CompareBatch, ScoreBatch, ScoreItemResult } from './report-schemas.js';
import type { PairwiseResult, Rubric } from './schemas.js';
export type JudgeOutput = ScoreItemResult | ScoreBatch | PairwiseResult | CompareBatch | CalibrationReport | BiasReport | Rubric;
export declare function renderMarkdown(value: JudgeOutput): string;
export declare function renderText(value: JudgeOutput): string;
export declare function renderJson(value: JudgeOutput): string;
export declare const renderers: {
    readonly text: typeof renderText;
    readonly markdown: typeof renderMarkdown;
    readonly json: typeof renderJson;
};
export type OutputFormat = keyof typeof renderers;
