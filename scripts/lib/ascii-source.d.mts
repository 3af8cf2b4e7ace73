/** `code` in ASCII, with non-ASCII runs in String.raw templates moved into substitutions; throws for any other. */
export declare function asciiOnly(code: string, name: string): string;
