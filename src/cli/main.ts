#!/usr/bin/env node
// The ES module entry (dist/bin/plugin-eval.js), for hooks installed by an earlier version and for running this
// file directly. The package's bin is the CommonJS dispatcher src/cli/bin.ts (dist/bin/plugin-eval.cjs), which
// this runs for every command, `hook pre|post` included: the CLI is CommonJS chunks since the code cache
// (code-cache.ts), so there is one path. The path is a runtime string: the file exists only in dist/bin/.
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./plugin-eval.cjs');
export {};
