/** JSON with object keys sorted and `undefined` members dropped (as JSON.stringify drops them). */
export declare function canonicalJson(value: unknown): string;
export declare function sha256Hex(text: string): string;
export declare function contentKey(parts: unknown): string;
