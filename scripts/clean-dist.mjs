// The build starts from an empty dist/: esbuild names chunks by content hash and tsc never deletes the output of
// a removed source file, so without this every old chunk and stale module would be packed and shipped.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

rmSync(resolve(import.meta.dirname, '..', 'dist'), { recursive: true, force: true });
