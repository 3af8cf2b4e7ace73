/**
 * SARIF 2.1.0 log: one run, diagnostics as results at their error/warning/note level, anti-patterns as warnings
 * located at SKILL.md (or the file the anti-pattern names). Artifact URIs are the target path joined with the
 * file, relative URIs when the target path is relative (as code-scanning uploads expect).
 */
import type { AntiPatternFlag } from '../model/dimensions.js';
import type { Reporter } from './types.js';
export declare const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
/** One-line descriptions of the anti-pattern rules, from the rules themselves (default methodology first). */
export declare const ANTI_PATTERN_DESCRIPTIONS: Readonly<Record<AntiPatternFlag, string>>;
/** Target path joined with a file relative to it, as a URI reference (file:// when absolute). */
export declare function artifactUri(targetPath: string, file: string): string;
export declare const sarifReporter: Reporter;
