/**
 * Every test file runs with its own data folder, so the results store (and anything else defaulting to
 * PLUGIN_EVAL_DATA_DIR) never writes into the real home directory. Child processes inherit process.env.
 */
import path from 'node:path';
import { tempTree } from './support/tmp.js';

const dataDir = tempTree('plugin-eval-data-').root;
// The bin's code cache (src/cli/code-cache.ts) goes there too, not into the user cache folder.
process.env.PLUGIN_EVAL_CODE_CACHE = path.join(dataDir, 'code-cache');
process.env.PLUGIN_EVAL_DATA_DIR = dataDir;
// A store named by the developer's own environment would win over the data folder.
delete process.env.PLUGIN_EVAL_STORE;
