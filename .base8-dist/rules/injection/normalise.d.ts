/**
 * Undo the cheap disguises an injection uses before the phrase patterns run: invisible characters
 * (zero-width space/joiners, word joiner, BOM, soft hyphen, bidi controls) are dropped, compatibility
 * forms are folded with NFKC (full-width `ｉｇｎｏｒｅ`, mathematical bold letters), and, in a second
 * view, Cyrillic and Greek look-alikes become the Latin letters they imitate (`іgnоrе`).
 *
 * The look-alike view is separate because folding Cyrillic in place would break the Russian patterns:
 * each view keeps a map back to the original offsets so findings point at the real line and column.
 */
/** A rewritten text and, per code unit of it, the offset in the original it came from. */
export interface NormalisedText {
    text: string;
    /** `origin[i]` is the original offset of `text[i]`; undefined when the text was unchanged (identity). */
    origin: Int32Array | undefined;
}
export declare function originalOffset(view: NormalisedText, offset: number): number;
/**
 * Invisible characters dropped and NFKC applied, run by run of non-ASCII text (ASCII is already
 * normal, so a plain-English file is returned as is and costs one scan). NFKC of a run can change its
 * length (ligatures); its characters then map proportionally onto the run, which keeps columns close.
 */
export declare function normaliseForDetection(text: string): NormalisedText;
/** True when the text holds a letter that only the look-alike view would change. */
export declare function hasConfusables(text: string): boolean;
/** The look-alike view: same length and offsets as `view`, each confusable letter replaced by its Latin twin. */
export declare function latinise(view: NormalisedText): NormalisedText;
