import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's src/ folder. */
export const SRC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every .ts file under `dir`, recursively (the tests that read the source scan it this way). */
export function sourceFiles(dir: string = SRC_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(abs) : e.name.endsWith('.ts') ? [abs] : [];
  });
}
