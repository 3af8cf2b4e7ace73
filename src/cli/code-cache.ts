// Loads the CLI's core chunk (dist/bin, CommonJS) with a V8 code cache. Why: a one-skill run spent ~20 ms of its
// ~85 ms above a bare `node` parsing the ~680 KB chunk and compiling the functions it calls. Node 20 has no code
// cache for ES modules or require(), but vm.Script takes one: the first run of a command writes the cache after
// it finished (every function that run compiled), later runs deserialize it instead of parsing and compiling.
// V8 rejects a cache made by another V8, other flags or another source; the run then compiles as usual and
// rewrites it. Any failure to read or write the cache only costs the time it would have saved.
import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { defaultCacheDir } from '../util/cache-dir.js';
import { makeDirSync } from '../util/make-dir.js';

/** `PLUGIN_EVAL_CODE_CACHE=off` loads the chunk without a cache and writes none; a folder puts the caches there. */
export const CODE_CACHE_ENV = 'PLUGIN_EVAL_CODE_CACHE';

/**
 * Where code caches live: `$PLUGIN_EVAL_CODE_CACHE`, else `code-cache` in the user cache folder the response cache
 * uses. Not in os.tmpdir(): a code cache is run as code, so it must sit where only this user can write.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[CODE_CACHE_ENV];
  if (chosen && chosen !== 'off') return chosen;
  return path.join(defaultCacheDir(env), 'code-cache');
}

/**
 * Which cache a command line uses. A cache holds the functions its first run compiled, so `score` (and certify,
 * which runs the same code) keeps its own, not one left by `--help`; every other command shares one.
 */
export function codeCacheGroup(argv: readonly string[]): 'score' | 'other' {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--config') i++;
    else if (!arg.startsWith('-')) return arg === 'score' || arg === 'certify' ? 'score' : 'other';
  }
  return 'other';
}

/**
 * What a cache was made from: the Node binary and this exact chunk file (its name carries a hash of its content;
 * npm gives every installed file the same mtime). A cache file with another key is not used.
 */
function cacheKey(file: string): string {
  const s = statSync(file);
  return `${process.version} ${process.arch} ${path.basename(file)} ${s.size} ${s.mtimeMs}\n`;
}

/** The cached data stored in `cacheFile` for `key`, if any. */
function readCache(cacheFile: string, key: string): Buffer | undefined {
  try {
    const stored = readFileSync(cacheFile);
    const head = Buffer.from(key);
    return stored.subarray(0, head.length).equals(head) ? stored.subarray(head.length) : undefined;
  } catch {
    return undefined;
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // It was never written.
  }
}

/** Caches kept per group: builds and Node versions used side by side each keep theirs, older ones go. */
const KEPT_PER_GROUP = 3;

/** The cache file of one group, chunk and Node: `score-chunk-B2WIX35Y-v20.20.2.bin`. */
function cacheFileOf(dir: string, group: string, file: string): string {
  return path.join(dir, `${group}-${path.basename(file, path.extname(file))}-${process.version}.bin`);
}

/** Remove the group's caches but the newest KEPT_PER_GROUP (by modification time). */
function pruneGroup(dir: string, group: string): void {
  const caches = readdirSync(dir)
    .filter((name) => name.startsWith(`${group}-`) && name.endsWith('.bin'))
    .map((name) => ({ file: path.join(dir, name), mtimeMs: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const old of caches.slice(KEPT_PER_GROUP)) removeQuietly(old.file);
}

/**
 * Written atomically, so a concurrent run reads the old file or the new one whole; scratch durability (no fsync): a
 * cache lost in a power cut costs one compile.
 */
function writeCache(cacheFile: string, group: string, key: string, script: Script): void {
  try {
    const data = script.createCachedData();
    // Not mkdirSync's recursive mode: under a pseudo file system (PLUGIN_EVAL_CACHE_DIR=/proc/x) Node 20 retries it for
    // ever.
    makeDirSync(path.dirname(cacheFile), { mode: 0o700 });
    writeFileAtomicSync(cacheFile, Buffer.concat([Buffer.from(key), data]), { durability: 'scratch', mode: 0o600 });
    pruneGroup(path.dirname(cacheFile), group);
  } catch {
    // A read-only or full cache folder: the next run compiles as this one did; the writer left no partial file.
  }
}

/**
 * The cache file and key for `file`, or undefined when there is no home folder to put it in (the cache is then off).
 */
function cacheLocation(
  file: string,
  group: string,
  env: NodeJS.ProcessEnv,
): { cacheFile: string; key: string } | undefined {
  try {
    return { cacheFile: cacheFileOf(codeCacheDir(env), group, file), key: cacheKey(file) };
  } catch {
    return undefined;
  }
}

/** How a load went: which cache state it found, and how to write the cache once the run has compiled what it needs. */
export interface CodeCacheLoad {
  /** `hit`: V8 took the cache; `miss`: none for this chunk and Node; `rejected`: V8 refused it; `off`: not used. */
  cache: 'hit' | 'miss' | 'rejected' | 'off';
  /** Write (or rewrite) the cache from everything compiled so far; a no-op after a hit or with the cache off. */
  save(): void;
  /** The module's exports (what require() of the file now returns). */
  exports: unknown;
}

/**
 * Evaluate the CommonJS `file` as require() would (one module object, registered in require's cache, so a later
 * require of it gets these exports), compiled with the code cache of `group`.
 */
export function loadWithCodeCache(file: string, group: string, env: NodeJS.ProcessEnv = process.env): CodeCacheLoad {
  const where = env[CODE_CACHE_ENV] === 'off' ? undefined : cacheLocation(file, group, env);
  const cachedData = where ? readCache(where.cacheFile, where.key) : undefined;
  const bytes = readFileSync(file);
  // ASCII text (the build makes the core chunk so) becomes a one-byte string by a copy; decoding UTF-8 with non-ASCII
  // characters in it makes a two-byte string of twice the size, several ms slower for the 1.5 MB chunk.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const chunkModule = new Module(file);
  chunkModule.filename = file;
  const require = createRequire(file);
  require.cache[file] = chunkModule;
  try {
    const compiled = script.runInThisContext() as (...args: unknown[]) => void;
    compiled.call(chunkModule.exports, chunkModule.exports, require, chunkModule, file, path.dirname(file));
  } catch (error) {
    // As require() does: a module that threw while loading is not left in the cache half made.
    delete require.cache[file];
    throw error;
  }
  chunkModule.loaded = true;
  const cache = !where
    ? 'off'
    : cachedData === undefined
      ? 'miss'
      : script.cachedDataRejected === true
        ? 'rejected'
        : 'hit';
  return {
    cache,
    exports: chunkModule.exports,
    save: () =>
      where && (cache === 'miss' || cache === 'rejected')
        ? writeCache(where.cacheFile, group, where.key, script)
        : undefined,
  };
}

/**
 * Where the bin puts the loader of the lazy chunks that have a code cache of their own (the store's chunk, which holds
 * the bundled SQLite client): scripts/bundle-cli.mjs turns each require of such a chunk into a call of it.
 */
export const CACHED_CHUNK_LOADER = Symbol.for('plugin-eval.load-cached-chunk');

/**
 * Load a lazy chunk of `dir` (`./name.cjs`) with its own code cache, once: a later call, or a require() of the same
 * file, gets the same exports. Its cache group is `chunk-` and the command's group, so it holds what such a command
 * compiled of it, and is never pruned with the core chunk's caches. Written at exit, as the core chunk's.
 */
export function cachedChunkLoader(dir: string, group: string): (name: string) => unknown {
  return (name) => {
    const file = path.join(dir, name);
    const loaded = createRequire(file).cache[file];
    if (loaded) return loaded.exports;
    const chunk = loadWithCodeCache(file, `chunk-${group}`);
    process.once('exit', () => chunk.save());
    return chunk.exports;
  };
}
