/**
 * Texts of files held in memory that the readers take instead of the disk's: `--fix-dry-run` re-validates its fixed
 * texts without writing them, and the language server validates an editor's unsaved buffer. Scoped to one call
 * (AsyncLocalStorage), so concurrent validations never see each other's texts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';

const scope = new AsyncLocalStorage<ReadonlyMap<string, string>>();

/** Run `fn` with `texts` (keyed by absolute path) read in place of those files' contents on disk. */
export function withTextOverlay<T>(texts: ReadonlyMap<string, string>, fn: () => Promise<T>): Promise<T> {
  return scope.run(texts, fn);
}

/** True while texts are overlaid (so a reader must look a file up by its real path too). */
export function overlayActive(): boolean {
  return (scope.getStore()?.size ?? 0) > 0;
}

/** The in-memory text of a file in the current scope, by any of its absolute paths (as listed, or real). */
export function overlaidText(...paths: readonly string[]): string | undefined {
  const texts = scope.getStore();
  if (texts === undefined || texts.size === 0) return undefined;
  for (const p of paths) {
    const text = texts.get(path.resolve(p));
    if (text !== undefined) return text;
  }
  return undefined;
}
