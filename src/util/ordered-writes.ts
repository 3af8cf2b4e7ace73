import { writeFileAtomic } from './atomic-write.js';

/**
 * Atomic writes of one file that land in the order they were asked for. Runs finishing together save their state
 * at once; two atomic writes of the same file in flight can rename out of order and leave the older content, so a
 * resume would redo a run that had finished. Each write of a file waits for the one before it; files are
 * independent. A failed write rejects its own caller only: the next one still runs.
 */
export class OrderedWrites {
  readonly #last = new Map<string, Promise<void>>();

  constructor(private readonly writeFile: (file: string, data: string) => Promise<void> = writeFileAtomic) {}

  write(file: string, data: string): Promise<void> {
    const before = this.#last.get(file) ?? Promise.resolve();
    const mine = before.then(() => this.writeFile(file, data));
    const settled = mine.catch(() => undefined);
    this.#last.set(file, settled);
    // The map keeps only writes still in flight.
    void settled.then(() => {
      if (this.#last.get(file) === settled) this.#last.delete(file);
    });
    return mine;
  }
}
