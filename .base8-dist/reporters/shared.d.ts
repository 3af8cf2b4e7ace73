import type { Diagnostic } from '../model/diagnostic.js';
import type { AntiPatternResult, DimensionResult, MeasurementGap, ScoreResult, Tip } from '../model/result.js';
import { type Badge } from '../score/grades.js';
export declare const DASH = "\u2014";
export declare const BADGE_ORDER: readonly Badge[];
/** Results by composite score, highest first; ties by path so the order is stable. */
export declare function sortByComposite(results: readonly ScoreResult[]): ScoreResult[];
export declare function badgeLabel(badge: Badge): string;
export declare function badgeCounts(results: readonly ScoreResult[]): Record<Badge, number>;
/** Dimensions in the methodology's order (the native result should already be in it). */
export declare function orderedDimensions(result: ScoreResult): DimensionResult[];
export declare function formatScore100(score: number): string;
export declare function formatScore01(score: number | null): string;
/**
 * A result's composite as shown beside its badge and threshold verdict: the value those were decided on
 * (compat shows more decimals only where one decimal would cross a line it was judged against unrounded).
 */
export declare function formatComposite(result: ScoreResult, threshold?: number): string;
/** The badge with its stars, then why it is provisional, capped or withheld: "Silver ★★★ (provisional: ...)". */
export declare function badgeWithReasons(result: ScoreResult): string;
/** "66% of the composite's weight measured (static 66%, judge 74%)". */
export declare function coverageText(result: ScoreResult): string;
/** The badge rule a result was decided by, for a line under its coverage. */
export declare function badgeRuleText(result: ScoreResult): string;
/** "0.62-0.70" when both ends exist, else "". */
export declare function formatInterval(low: number | null, high: number | null, digits?: number): string;
export interface AntiPatternGroup {
    flag: AntiPatternResult['flag'];
    count: number;
    items: AntiPatternResult[];
}
/** Anti-patterns grouped by flag, most frequent first, keeping first-seen order on ties. */
export declare function groupAntiPatterns(antiPatterns: readonly AntiPatternResult[]): AntiPatternGroup[];
export declare function severityCounts(diagnostics: readonly Diagnostic[]): {
    error: number;
    warning: number;
    info: number;
};
export declare function hasErrors(result: ScoreResult): boolean;
/** `--threshold`, decided on the composite as displayed (compat: unrounded, as PluginEval). */
export declare function belowThreshold(result: ScoreResult, threshold: number | undefined): boolean;
/** `file`, `file:line` or `file:line:col`; 0 means "not known" (whole file / whole line). */
export declare function location(file: string, line?: number, column?: number): string;
export declare function plural(n: number, word: string, many?: string): string;
/** "1 error, 2 warnings" (zero counts left out; "no problems" when all are zero). */
export declare function problemSummary(diagnostics: readonly Diagnostic[]): string;
/** Diagnostics with errors first, then warnings, then notes; by file and position within a severity. */
export declare function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[];
/** "judge (no API key); monte_carlo (depth quick)". */
export declare function layersNotRunText(result: ScoreResult): string;
export declare function escapeHtml(text: string): string;
/** XML 1.0 text/attribute escaping; characters XML cannot carry at all are dropped. */
export declare function escapeXml(text: string): string;
/** Text safe inside a GitHub-flavoured Markdown table cell (no raw HTML, no column breaks, one line). */
export declare function escapeMarkdownCell(text: string): string;
/** Text safe inline in Markdown: raw HTML neutralised, emphasis and link syntax escaped. */
export declare function escapeMarkdownInline(text: string): string;
/** Markdown inline code that survives backticks in the text. */
export declare function markdownCode(text: string): string;
/**
 * One line per layer that ran: duration, which provider and models, calls, tokens, cost, and the dimensions
 * it measured. Every format prints these so a reader always knows what was spent and by whom.
 */
export declare function layerSummaries(result: ScoreResult): string[];
/** Notes layers left (what the judge left out of its budget, injection attempts, agreement). */
export declare function layerNotes(result: ScoreResult): string[];
/** One line per measurement gap, saying what the dimension's score rests on instead (never a silent fallback). */
export declare function gapText(result: ScoreResult, gap: MeasurementGap): string;
/** The headline of a partial result, or undefined when every layer measured all it set out to. */
export declare function partialHeadline(result: ScoreResult): string | undefined;
/**
 * A dimension's main reasons, compact: every static reason, and from the judge its reasoning (its quotes and
 * suggestion stay in the full evidence). The layer is named when more than one measured the dimension.
 */
export declare function compactEvidence(d: DimensionResult): string[];
/** "+4.1 points" (or "up to +4.1 points" for a judge suggestion's ceiling). */
export declare function tipGain(t: Tip): string;
/** What the tip is about: its dimension, or the anti-pattern it removes. */
export declare function tipSubject(t: Tip): string;
/** "removes EMPTY_DESCRIPTION, MISSING_TRIGGER" when the change takes anti-patterns away, else "". */
export declare function tipRemoves(t: Tip): string;
