import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shared corpus (beside the repository) and the test fixtures: real text the injection tests hold parts to. */
const TEXT_ROOTS = [path.resolve(here, '..', '..', '..', 'shared', 'corpus'), path.resolve(here, '..', 'fixtures')];

function textFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) textFiles(file, out);
    else if (stat?.isFile() && /\.(?:md|txt|json|ya?ml|sh|py|ts|js)$/.test(name)) out.push(readFileSync(file, 'utf8'));
  }
  return out;
}

/** The contents of every text file of the shared corpus and the test fixtures. */
export const corpusAndFixtureTexts = (): string[] => TEXT_ROOTS.flatMap((root) => textFiles(root, []));
