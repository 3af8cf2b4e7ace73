import { type Diagnostic } from '../model/diagnostic.js';
/**
 * Frontmatter larger than this is reported and not parsed. The largest in the shared corpus is under 1 KiB (agents
 * load every skill's frontmatter into context, and Claude Code caps the description at 1,024 characters), while the
 * YAML parser needs about a second per 200 KB of hostile YAML (deep flow collections, thousands of keys).
 */
export declare const MAX_FRONTMATTER_BYTES: number;
export interface Frontmatter {
    /** True when the file starts with a `---` fence that is closed again. */
    present: boolean;
    /** The mapping, or undefined when absent, malformed or not a mapping. */
    data: Record<string, unknown> | undefined;
    /** 1-based line of each top-level key, for diagnostics. */
    keyLines: Record<string, number>;
    /** Body text (LF line endings) and the file line it starts on. */
    body: string;
    bodyStartLine: number;
    diagnostics: Diagnostic[];
}
/**
 * Strict, position-aware frontmatter reader for the default methodology. Accepts CRLF (the caller has already
 * removed any BOM); a YAML error is an error diagnostic at its real line, never a silent empty mapping.
 */
export declare function parseFrontmatter(text: string, file: string): Frontmatter;
export interface CompatFrontmatter {
    data: Record<string, unknown>;
    body: string;
    /** Why PluginEval would have silently seen `{}`; reported as a diagnostic in compat mode. */
    problem: string | undefined;
}
/**
 * PluginEval 0.1.x's reader, quirks included: frontmatter only when the text starts with `---` (so a BOM defeats
 * it), split on the first two `---` anywhere (like Python's `split("---", 2)`), and a YAML error silently yields `{}`.
 */
export declare function compatFrontmatter(rawText: string): CompatFrontmatter;
