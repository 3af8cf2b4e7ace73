/** A one-line progress bar on stderr, only on a terminal. */
export declare function progressBar(enabled: boolean): {
    update(done: number, total: number, label: string): void;
    finish(): void;
};
