/**
 * What a one-skill `score` loads before it prints. Start-up is most of that run's cost (npm run bench), and zod alone
 * adds about 90 ms of CPU: the fast path keeps it, and the agent and provider SDKs, out; the results store's SQLite
 * driver does not load at all (the run is journalled beside the store, src/store/journal.ts). The built CLI is run
 * with a require hook that lists every module it loads, and which of them had loaded when stdout was first written.
 */
import { isAscii } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempTree } from './support/tmp.js';
import { BUILT_BIN } from './support/built.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKILL = path.join(ROOT, 'examples/skills/changelog-writer');

const tree = tempTree('plugin-eval-startup-');

const HOOK = `
const Module = require('node:module');
const load = Module._load;
const seen = new Set();
Module._load = function (request, parent, isMain) {
  try { seen.add(Module._resolveFilename(request, parent, isMain)); } catch { seen.add(request); }
  return load.apply(this, arguments);
};
let printed;
// The CLI writes a piped stdout with fs.writeSync (src/cli/output-writer.ts), a terminal through process.stdout.
const fs = require('node:fs');
const writeSync = fs.writeSync;
fs.writeSync = function (fd) {
  if (fd === 1) printed ??= [...seen];
  return writeSync.apply(this, arguments);
};
const write = process.stdout.write;
process.stdout.write = function () {
  printed ??= [...seen];
  return write.apply(this, arguments);
};
process.on('exit', () =>
  require('node:fs').writeFileSync(process.env.MODULES_OUT, JSON.stringify({ printed: printed ?? [], all: [...seen] })),
);
`;

const packagesOf = (files: string[]): Set<string> =>
  new Set(
    files.map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1]).filter((p): p is string => p !== undefined),
  );

/** The packages a run loaded before it first wrote to stdout, and in all. */
function packagesLoaded(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { printed: Set<string>; all: Set<string>; files: string[]; data: string; stderr: string } {
  const hook = tree.write('hook.cjs', HOOK);
  const out = path.join(tree.fresh('run-'), 'modules.txt');
  const data = tree.fresh('data-');
  const run = spawnSync(process.execPath, ['--require', hook, BUILT_BIN, ...args], {
    env: { ...process.env, MODULES_OUT: out, PLUGIN_EVAL_DATA_DIR: data, ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('"kind": "score-run"');
  const modules = JSON.parse(readFileSync(out, 'utf8')) as { printed: string[]; all: string[] };
  return {
    printed: packagesOf(modules.printed),
    all: packagesOf(modules.all),
    files: modules.all,
    data,
    stderr: run.stderr,
  };
}

describe('a one-skill score', () => {
  // One store-on run serves both cases below.
  let storeOn: ReturnType<typeof packagesLoaded> | undefined;
  const storeOnRun = () => (storeOn ??= packagesLoaded(['score', SKILL, '--output', 'json']));

  it('loads neither zod nor an SDK nor the SQLite driver, and the run is recorded (store on, the default)', () => {
    const { printed, all, files, data } = storeOnRun();
    // The hook sees the run's own modules (the CLI's chunks: the lists are not empty by accident); the run is in the
    // store's journal.
    expect(files.some((f) => f.includes(`${path.sep}dist${path.sep}`))).toBe(true);
    expect(printed.size).toBe(0);
    expect([...all].filter((p) => p.includes('libsql'))).toEqual([]);
    expect(readdirSync(data, { recursive: true }).map(String)).toContain('results.db.pending-1.jsonl');
    for (const heavy of ['zod', '@anthropic-ai/sdk', 'openai', '@anthropic-ai/claude-agent-sdk'])
      expect(all.has(heavy), `${heavy} was loaded`).toBe(false);
  });

  // The recorder and the reuse key are in the core chunk, which compiles from the code cache; as chunks of their own
  // they were ~10 files compiled from source on every recording run (scripts/bundle-cli.mjs, eagerInBundle).
  it('records with the code of the core chunk: beyond a store-off run it loads only the recorder import() stub', () => {
    const chunksOf = (files: string[]) =>
      files.filter((f) => f.startsWith(path.join(ROOT, 'dist', 'bin'))).map((f) => path.basename(f));
    const on = chunksOf(storeOnRun().files);
    const off = chunksOf(packagesLoaded(['score', SKILL, '--output', 'json'], { PLUGIN_EVAL_STORE: 'off' }).files);
    expect(off).toContain('cli.cjs');
    expect(on.filter((f) => !off.includes(f))).toEqual([expect.stringMatching(/^recorder-\w+\.cjs$/)]);
    const stub = readFileSync(path.join(ROOT, 'dist', 'bin', on.find((f) => f.startsWith('recorder-'))!), 'utf8');
    // The stub re-exports the core chunk's recorder (the chunk the bin loads with the code cache).
    const core = /"\.\/(chunk-\w+\.cjs)"/.exec(readFileSync(BUILT_BIN, 'utf8'))![1]!;
    expect(stub).toContain(`require("./${core}")`);
    expect(stub).not.toMatch(/\bclass\b/);
  });

  // The bin reads an ASCII chunk as one-byte text; one non-ASCII character makes it decode UTF-8 into a two-byte
  // string of twice the size (scripts/lib/ascii-source.mjs).
  it('loads a core chunk that is ASCII', () => {
    const core = /"\.\/(chunk-\w+\.cjs)"/.exec(readFileSync(BUILT_BIN, 'utf8'))![1]!;
    const bytes = readFileSync(path.join(ROOT, 'dist', 'bin', core));
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(isAscii(bytes)).toBe(true);
  });
});

describe('a score that opens the results store (two skills: it writes to the database directly)', () => {
  const SKILLS = [SKILL, path.join(ROOT, 'examples/skills/csv-profiler')];
  const packageScripts = (files: string[]) =>
    files.filter((f) => /node_modules\/(@libsql|libsql|js-base64|@neon-rs|detect-libc)\//.test(f) && f.endsWith('.js'));

  // The client's JavaScript is bundled into the store's chunk, which the bin loads with a code cache of its own
  // (scripts/bundle-cli.mjs, bundledSqliteClient); from node_modules only the native part is loaded.
  it("loads the SQLite client's JavaScript from the store's chunk, compiled from its code cache on the next run", () => {
    const cache = tree.fresh('code-cache-');
    const env = { PLUGIN_EVAL_CODE_CACHE: cache };
    const first = packagesLoaded(['score', ...SKILLS, '--output', 'json'], env);
    expect(packageScripts(first.files)).toEqual([]);
    expect(first.files.some((f) => f.endsWith('.node') && f.includes('libsql'))).toBe(true);
    expect(readdirSync(first.data)).toContain('results.db');
    const storeCache = readdirSync(cache).find((name) => /^chunk-score-sqlite-store-\w+-v[\d.]+\.bin$/.test(name));
    expect(storeCache, readdirSync(cache).join(', ')).toBeDefined();
    const written = readFileSync(path.join(cache, storeCache!));
    // A hit leaves the cache as it was (a refused cache is written again).
    packagesLoaded(['score', ...SKILLS, '--output', 'json'], env);
    expect(readFileSync(path.join(cache, storeCache!)).equals(written)).toBe(true);
  });

  // A package manager may nest the native package under the client's own folder, where a require from dist/bin does
  // not find it: the installed client is used then, and the run is recorded as before.
  it('records through the installed client when the bundled one cannot find the native part', () => {
    const hidden = tree.write(
      'hide-native.cjs',
      `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent) {
  if (/^@libsql\\/(linux|darwin|win32)-/.test(request) && parent && parent.filename.includes('${path.sep}dist${path.sep}')) {
    throw Object.assign(new Error('Cannot find module ' + request), { code: 'MODULE_NOT_FOUND' });
  }
  return resolve.apply(this, arguments);
};`,
    );
    const run = packagesLoaded(['score', ...SKILLS, '--output', 'json'], { NODE_OPTIONS: `--require ${hidden}` });
    expect(packageScripts(run.files)).toContain(path.join(ROOT, 'node_modules/@libsql/client/lib-cjs/sqlite3.js'));
    expect(run.stderr).not.toContain('not recorded');
    expect(readdirSync(run.data)).toContain('results.db');
  });
});

/** Node's own modules a run loaded by its exit (process.moduleLoadList). */
function builtinsLoaded(args: string[], input: string, env: NodeJS.ProcessEnv = {}): string[] {
  const hook = tree.write(
    'builtins.cjs',
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.MODULES_OUT, JSON.stringify(process.moduleLoadList)));",
  );
  const out = path.join(tree.fresh('builtins-'), 'modules.json');
  const run = spawnSync(process.execPath, ['--require', hook, BUILT_BIN, ...args], {
    input,
    env: { ...process.env, ...env, MODULES_OUT: out },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as string[];
}

describe('a one-skill score with the store off', () => {
  it('loads no crypto or stream module (nothing is hashed), nor fs/promises (nothing read on the thread pool), nor net, tty, child_process or perf_hooks', () => {
    const loaded = builtinsLoaded(['score', SKILL, '--no-store', '--output', 'json'], '');
    // The code cache's loader: the list is the run's own.
    expect(loaded).toContain('NativeModule vm');
    // The run id is read from the random device (src/util/run-id.ts): Web Crypto's randomUUID() loads Node's crypto
    // and stream modules.
    expect(
      loaded.filter((m) => /crypto|^NativeModule (fs\/promises|stream|internal\/streams\/readable)$/.test(m)),
    ).toEqual([]);
    // Its piped stdout is written with fs.writeSync, and commander's child_process loads only to run one.
    expect(
      loaded.filter((m) => /^NativeModule (net|tty|child_process)$|^Internal Binding (tty|pipe|tcp)_wrap$/.test(m)),
    ).toEqual([]);
    // Durations come from process.hrtime (src/util/clock.ts): the `performance` global loads eleven perf modules.
    expect(loaded.filter((m) => /^NativeModule (perf_hooks|internal\/perf\/performance)$/.test(m))).toEqual([]);
  });
});

describe('a hook process (started on every skill call Claude Code makes)', () => {
  it("logs a call without loading Node's crypto modules, nor net, the stream modules or tty to read its stdin", () => {
    const logs = tree.fresh('logs-');
    const call = {
      session_id: 'startup-session',
      transcript_path: path.join(logs, 'none.jsonl'),
      cwd: ROOT,
      hook_event_name: 'PreToolUse',
      tool_name: 'Skill',
      tool_input: { skill: 'startup:skill' },
      tool_use_id: 'toolu_startup',
    };
    const cacheDir = tree.fresh('cache-');
    const loaded = builtinsLoaded(['hook', 'pre', '--logs-dir', logs], JSON.stringify(call), {
      PLUGIN_EVAL_CODE_CACHE: cacheDir,
    });
    // The pre hook writes its pending record (an atomic write, with a temporary name): the run did its work.
    expect(readdirSync(path.join(logs, '.pending', 'startup-session'))).toEqual(['toolu_startup.json']);
    // The code cache's loader: the list is the run's own.
    expect(loaded).toContain('NativeModule vm');
    expect(loaded.filter((m) => /crypto/.test(m))).toEqual([]);
    // Its piped stdin (a socket, as Claude Code's) is read with fs.read: process.stdin would load net, the stream
    // modules and tty, about 6.5 ms of every skill call. (Node's bootstrap itself holds internal/net and
    // internal/streams/utils.)
    expect(
      loaded.filter((m) =>
        /^NativeModule (net|tty|stream|internal\/streams\/(?!utils$).*)$|^Internal Binding (tty|pipe|tcp|stream)_wrap$/.test(
          m,
        ),
      ),
    ).toEqual([]);
    // The bundle was loaded with a code cache of its own, written after the call was handled.
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^hook-pre-hook-v.*\.bin$/)]);
  });

  // What the hook bundle holds is what every skill call compiles and runs: a module that comes in through an import
  // (the shared writer's error classes, a hashing helper, the whole secret catalogue once) is seen here, not in a
  // benchmark weeks later. esbuild names each module's code in the bundle with a `// src/...` line.
  it('runs a bundle made of the modules a hook needs, and no others', () => {
    const bundle = readFileSync(path.join(ROOT, 'dist/bin/hook.cjs'), 'utf8');
    const modules = [...new Set([...bundle.matchAll(/^\/\/ (\S+\.ts)$/gm)].map((m) => m[1]))].sort();
    expect(modules).toEqual([
      'src/data/secret-formats.ts',
      'src/errors.ts',
      'src/logs/append.ts',
      'src/logs/hook-entry.ts',
      'src/logs/hook-stdin.ts',
      'src/logs/hook.ts',
      'src/logs/lock.ts',
      'src/logs/names.ts',
      'src/logs/paths.ts',
      'src/logs/redact.ts',
      'src/logs/secret-keys.ts',
      'src/util/atomic-write.ts',
      'src/util/bounded-read.ts',
      'src/util/iso-time.ts',
      'src/util/make-dir.ts',
    ]);
    // No package, and no file URL computed at load (node:url).
    expect(bundle).not.toMatch(/node_modules|require\("node:url"\)/);
  });
});
