import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeCacheDir, codeCacheGroup, loadWithCodeCache } from '../src/cli/code-cache.js';
import { tempTree } from './support/tmp.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';
import { BUILT_BIN } from './support/built.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = path.join(ROOT, 'examples/skills/csv-profiler');
const tree = tempTree('plugin-eval-code-cache-');

/** A small CommonJS chunk with a function that runs at load (so the cache has compiled code in it). */
function writeChunk(rel: string, answer: number): string {
  return tree.write(
    rel,
    `'use strict';\nfunction triple(x) { return x * 3; }\nmodule.exports = { answer: triple(${answer}) / 3, ` +
      `file: __filename, loadedBy: typeof require };\n`,
  );
}

/** Overwrite the start of the V8 data (after the key line) with zeros: V8 must refuse it, not run it. */
function spoil(cacheFile: string): void {
  const stored = readFileSync(cacheFile);
  const keyEnd = stored.indexOf(10) + 1;
  stored.fill(0, keyEnd, keyEnd + 32);
  writeFileSync(cacheFile, stored);
}

describe('which cache a command line uses', () => {
  it('score and certify share one, found past global options; everything else shares another', () => {
    expect(codeCacheGroup(['score', 'x'])).toBe('score');
    expect(codeCacheGroup(['certify', 'x'])).toBe('score');
    expect(codeCacheGroup(['--config', 'score', 'validate', 'x'])).toBe('other');
    expect(codeCacheGroup(['--no-color', '--config', 'c.json', 'score', 'x'])).toBe('score');
    expect(codeCacheGroup(['--help'])).toBe('other');
    expect(codeCacheGroup([])).toBe('other');
  });

  it('lives in PLUGIN_EVAL_CODE_CACHE, else code-cache under the user cache folder', () => {
    expect(codeCacheDir({ PLUGIN_EVAL_CODE_CACHE: '/c', PLUGIN_EVAL_CACHE_DIR: '/r' })).toBe('/c');
    expect(codeCacheDir({ PLUGIN_EVAL_CODE_CACHE: 'off', PLUGIN_EVAL_CACHE_DIR: '/r' })).toBe(
      path.join('/r', 'code-cache'),
    );
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x' })).toBe(path.join('/x', 'plugin-eval', 'code-cache'));
  });
});

// Whether V8 took a cache shows only in a new process (an isolate reuses a script it compiled before without
// reading the cache), so hits and refusals are checked through the bin below.
describe('loading a chunk with a code cache', () => {
  it('evaluates the chunk once, as require() would, and writes the cache for that file and Node', () => {
    const dir = tree.dir('in-process');
    const env = { PLUGIN_EVAL_CODE_CACHE: dir };
    const chunk = writeChunk('chunks/a.cjs', 14);
    const load = loadWithCodeCache(chunk, 'g', env);
    expect(load.cache).toBe('miss');
    const exports = createRequire(chunk)(chunk) as { answer: number; file: string; loadedBy: string };
    expect(exports).toEqual({ answer: 14, file: chunk, loadedBy: 'function' });
    expect(createRequire(chunk)(chunk)).toBe(exports);
    load.save();
    expect(readdirSync(dir)).toEqual([`g-a-${process.version}.bin`]);
    const stored = readFileSync(path.join(dir, `g-a-${process.version}.bin`));
    const key = stored.subarray(0, stored.indexOf(10)).toString();
    expect(key.startsWith(`${process.version} ${process.arch} a.cjs `)).toBe(true);
    expect(stored.length).toBeGreaterThan(key.length + 100);
  });

  // An ASCII file is read as one-byte text (the build makes the core chunk ASCII); any other as UTF-8.
  it('reads a chunk with UTF-8 text as UTF-8, and an ASCII one as written', () => {
    const env = { PLUGIN_EVAL_CODE_CACHE: 'off' };
    const utf8 = tree.write('chunks/utf8.cjs', "module.exports = 'évaluateur оценщик 評価者 😀';\n");
    expect(loadWithCodeCache(utf8, 'g', env).exports).toBe('évaluateur оценщик 評価者 😀');
    const ascii = tree.write('chunks/ascii.cjs', "module.exports = String.raw`a\\s${'\\u00e9'}` + '\\x7f';\n");
    expect(loadWithCodeCache(ascii, 'g', env).exports).toBe('a\\sé\x7f');
  });

  it('a cache made for another version of the file is not used, and off neither reads nor writes', () => {
    const dir = tree.dir('other-file');
    const env = { PLUGIN_EVAL_CODE_CACHE: dir };
    const chunk = writeChunk('chunks/b.cjs', 1);
    loadWithCodeCache(chunk, 'g', env).save();
    writeChunk('chunks/b.cjs', 22);
    const changed = loadWithCodeCache(chunk, 'g', env);
    expect(changed.cache).toBe('miss');
    expect((createRequire(chunk)(chunk) as { answer: number }).answer).toBe(22);

    const off = loadWithCodeCache(chunk, 'g', { PLUGIN_EVAL_CODE_CACHE: 'off' });
    expect(off.cache).toBe('off');
    off.save();
    expect(readdirSync(dir)).toEqual([`g-b-${process.version}.bin`]);
  });

  it('keeps the three newest caches of a group, and those of other groups', () => {
    const dir = tree.dir('pruned');
    const old = ['g-x1', 'g-x2', 'g-x3', 'g-x4', 'h-x1'].map((name, i) => {
      const file = tree.write(`pruned/${name}.bin`, 'stale');
      utimesSync(file, 1_000 + i, 1_000 + i);
      return `${name}.bin`;
    });
    const chunk = writeChunk('chunks/e.cjs', 3);
    loadWithCodeCache(chunk, 'g', { PLUGIN_EVAL_CODE_CACHE: dir }).save();
    expect(readdirSync(dir).sort()).toEqual([`g-e-${process.version}.bin`, old[2], old[3], old[4]].sort());
  });

  it("a chunk that throws while loading is not left in require's cache", () => {
    const chunk = tree.write('chunks/throws.cjs', "'use strict';\nthrow new Error('broken chunk');\n");
    expect(() => loadWithCodeCache(chunk, 'g', { PLUGIN_EVAL_CODE_CACHE: 'off' })).toThrow('broken chunk');
    expect(createRequire(chunk).cache[chunk]).toBeUndefined();
  });

  it('an unwritable cache folder costs nothing but the cache', () => {
    const blocker = tree.write('not-a-folder', 'x');
    const chunk = writeChunk('chunks/d.cjs', 5);
    const load = loadWithCodeCache(chunk, 'g', { PLUGIN_EVAL_CODE_CACHE: path.join(blocker, 'sub') });
    expect(load.cache).toBe('miss');
    expect(() => load.save()).not.toThrow();
    expect((createRequire(chunk)(chunk) as { answer: number }).answer).toBe(5);
  });
});

describe('the bin with its code cache', () => {
  /** stdout of a quick JSON score with the run id and times masked, and the exit code. */
  function score(cacheDir: string): { code: number | null; stdout: string } {
    const env = { ...process.env, PLUGIN_EVAL_CODE_CACHE: cacheDir, PLUGIN_EVAL_STORE: 'off' };
    const r = spawnSync(process.execPath, [BUILT_BIN, 'score', EXAMPLE, '--depth', 'quick', '--output', 'json'], {
      encoding: 'utf8',
      env,
    });
    const stdout = r.stdout
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/"(startedAt|finishedAt|durationMs)": [^,\n]+/g, '"$1": <n>');
    return { code: r.status, stdout };
  }

  it('prints the same result without a cache, writing it, reading it, and refusing (then rewriting) a spoiled one', () => {
    expect(existsSync(BUILT_BIN), 'run `npm run build` first').toBe(true);
    const dir = tree.dir('bin');
    const cacheFileIn = (folder: string): string =>
      path.join(folder, readdirSync(folder).find((name) => name.startsWith('score-chunk-')) ?? 'none');
    const off = score('off');
    expect(off.stdout).toContain('"composite"');
    expect(readdirSync(dir)).toEqual([]);
    expect(score(dir)).toEqual(off);
    const cacheFile = cacheFileIn(dir);
    const written = readFileSync(cacheFile);
    // A hit leaves the file as it was.
    expect(score(dir)).toEqual(off);
    expect(readFileSync(cacheFile).equals(written)).toBe(true);
    spoil(cacheFile);
    const spoiled = readFileSync(cacheFile);
    expect(score(dir)).toEqual(off);
    expect(readFileSync(cacheFile).equals(spoiled)).toBe(false);
    expect(readdirSync(dir)).toEqual([path.basename(cacheFile)]);
  });
});

describe('a cache folder that cannot be created', () => {
  it(
    "PLUGIN_EVAL_CACHE_DIR under /proc: the run finishes with its result (Node 20's recursive mkdir would retry for ever)",
    () => {
      expect(existsSync(BUILT_BIN), 'run `npm run build` first').toBe(true);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PLUGIN_EVAL_CACHE_DIR: '/proc/plugin-eval-cannot-exist',
        PLUGIN_EVAL_STORE: 'off',
      };
      delete env.PLUGIN_EVAL_CODE_CACHE;
      // The timeout only keeps a regression from hanging the suite: a run that hangs is killed and has no status.
      const r = spawnSync(process.execPath, [BUILT_BIN, 'score', EXAMPLE, '--depth', 'quick', '--output', 'json'], {
        encoding: 'utf8',
        env,
        timeout: HANG_LIMIT_MS,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('"composite"');
    },
    HANG_LIMIT_MS,
  );
});
