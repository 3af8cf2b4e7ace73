import path from 'node:path';

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The built CLI that tests spawn (`npm run build` makes it; `npm test` builds first). */
export const BUILT_BIN = path.join(REPO_ROOT, 'dist/bin/plugin-eval.cjs');
