import { type Diagnostic } from '../model/diagnostic.js';
/** Files larger than this are reported and not analysed: nothing an agent loads is this big. */
export declare const MAX_TEXT_BYTES: number;
export interface TextFile {
    /** Decoded text with a leading BOM removed and line endings as they were. */
    text: string;
    /** The text exactly as PluginEval's Python reader would see it (BOM kept). */
    rawText: string;
    bytes: number;
    hadBom: boolean;
    hasCrlf: boolean;
    diagnostics: Diagnostic[];
}
export type ReadResult = {
    ok: true;
    file: TextFile;
} | {
    ok: false;
    diagnostic: Diagnostic;
};
export declare function describeFsError(err: unknown): string;
export declare function looksBinary(buf: Buffer): boolean;
/**
 * Read a text file for analysis. Never throws: every problem becomes a diagnostic. Invalid UTF-8 is decoded
 * with replacement characters (and reported) so a skill with one bad byte still gets a score.
 */
export declare function readTextFile(absPath: string, displayPath: string, maxBytes?: number, within?: string): Promise<ReadResult>;
/** True when `real` is `root` or lies under it (both already resolved with realpath). */
export declare function isInside(real: string, root: string): boolean;
export interface TreeEntry {
    /** Path relative to the walk root, with forward slashes. */
    rel: string;
    abs: string;
    size: number;
    /** True when the first 8 KB hold a NUL byte; only sniffed for paths the caller asks about (else false). */
    binary: boolean;
    /** True when the whole file is whitespace (sniffed paths only). */
    blank?: boolean;
}
export interface WalkResult {
    files: TreeEntry[];
    /** Folders (relative), empty ones included. */
    dirs: string[];
    diagnostics: Diagnostic[];
}
/**
 * List files under `root` recursively. Symlinks are followed only while they stay inside `root` and do not
 * revisit a directory (loops are reported, not followed).
 */
export declare function walkFiles(root: string, displayRoot: string, options?: {
    maxFiles?: number;
    sniff?: (rel: string) => boolean;
}): Promise<WalkResult>;
