/** Write a file atomically: a temp file in the same folder, then rename, so a crash never leaves half a file. */
export declare function writeFileAtomic(file: string, data: string): Promise<void>;
