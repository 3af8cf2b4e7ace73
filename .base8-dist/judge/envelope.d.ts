/** 16 hex characters (64 bits) of SHA-256 over the envelope version, the label and the content. */
export declare function contentNonce(label: string, content: string): string;
export declare function openMarker(label: string, nonce: string): string;
export declare function closeMarker(label: string, nonce: string): string;
export interface WrappedData {
    label: string;
    nonce: string;
    /** The content between its markers. */
    text: string;
}
/** Wrap untrusted content between nonce markers. `label` is an upper-case word such as SKILL. */
export declare function wrapUntrusted(label: string, content: string): WrappedData;
/** The paragraph every judge system prompt carries, naming the markers of this request. */
export declare function dataNotInstructions(wrapped: readonly WrappedData[]): string;
