import { type TreeEntry } from './fs.js';
export interface ReferenceText {
    /** Path relative to the skill folder, e.g. `references/style.md`. */
    rel: string;
    /** UTF-8 text, BOM removed, invalid bytes replaced. */
    text: string;
}
/** Text files under references/ (any depth), in path order; binary, oversized and unreadable files are left out. */
export declare function readReferenceTexts(files: readonly TreeEntry[], maxBytes?: number): ReferenceText[];
