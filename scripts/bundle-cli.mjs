// Bundles the CLI into dist/bin/ (the package's bin). Why: loading ~80 small ES modules and three small
// packages one by one cost ~35 ms of a ~180 ms one-skill run; one bundle with split chunks for the lazily
// loaded parts (judge, providers, validate, ...) starts in about 145 ms on the 2-core reference machine.
// The chunks are CommonJS so that the bin can load the core one with a V8 code cache (see asCommonJs below).
// Heavy or optional packages stay external and load only when used; `yaml` is bundled (see bundledYamlPackage).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { asciiOnly } from './lib/ascii-source.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The module the entry imports everything else through: its static graph is what every run loads. */
const eagerRoot = path.join(root, 'src/cli/run.ts');

/**
 * esbuild splits code by which entries (the bin and every `import()` target) reach a module, so the eager
 * graph of a plain `score` came out as ~35 chunks (one per combination of lazy parts that share a piece
 * of it), and resolving and linking each module cost a one-skill run ~0.4 ms. Every lazily loaded part is
 * only ever loaded after the bin's eager graph has run, so telling esbuild that each of them imports that
 * graph changes nothing at run time (those modules are already evaluated when the part loads) and puts the
 * whole eager graph in one chunk. Only the bundle sees the extra import; src/ and the library are unchanged.
 */
function lazyPartsImportTheEagerGraph(lazyTargets) {
  return {
    name: 'lazy-parts-import-the-eager-graph',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!lazyTargets.has(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return {
          contents: `${source}\nimport ${JSON.stringify(eagerRoot)};\n`,
          loader: 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/**
 * Lazily loaded parts that a store-on one-skill `score` always loads (the store's default is on): put in the eager
 * graph so that they sit in the core chunk and compile from its code cache. Loaded as lazy chunks they were ~10 small
 * files compiled from source on every recording run, most of the ~16 ms a store-on run cost above `--no-store`. What
 * they import at load must stay cheap (no node:crypto, no package: src/util/node-crypto.ts loads crypto on first use).
 */
const eagerInBundle = [path.join(root, 'src/store/recorder.ts')];
const eagerRootImportsThem = {
  name: 'eager-root-imports-them',
  setup(b) {
    b.onLoad({ filter: /run\.ts$/ }, async (args) => {
      if (args.path !== eagerRoot) return undefined;
      const source = await readFile(args.path, 'utf8');
      const imports = eagerInBundle.map((file) => `import ${JSON.stringify(file)};`).join('\n');
      return { contents: `${source}\n${imports}\n`, loader: 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * src/parse/yaml-package.ts loads `yaml` through createRequire (the library's ES modules have no require()), which
 * esbuild cannot follow; in the bundle the module requires it plainly instead, so the package is bundled into the
 * core chunk (each of its modules evaluated on first use, as before) and compiled from the chunk's code cache.
 */
const yamlPackageModule = path.join(root, 'src/parse/yaml-package.ts');
const bundledYamlPackage = {
  name: 'bundled-yaml-package',
  setup(b) {
    b.onLoad({ filter: /yaml-package\.ts$/ }, (args) => {
      if (args.path !== yamlPackageModule) return undefined;
      return {
        contents: "let loaded;\nexport function yamlPackage() {\n  return (loaded ??= require('yaml'));\n}\n",
        loader: 'js',
      };
    });
  },
};

/**
 * The SQLite client's JavaScript (@libsql/client/sqlite3 and the packages it requires, ~70 KB in 12 files) is bundled
 * into the chunk of the store module that loads it, so that a run that opens the store compiles it from that chunk's
 * code cache (see cachedChunkCall) instead of resolving and compiling 12 files from source. The native part stays
 * where it is installed: the bundled loader requires it by name on first use; where that name does not resolve from
 * dist/bin (a package manager nested it under the client's own folder), or the client is not installed at all, the
 * installed package's client is required as before, so a missing client is named as before.
 */
const nativeClientModule = path.join(root, 'src/store/native-client.ts');
const installedClientLoad = "return requireCjs('@libsql/client/sqlite3') as typeof SqliteClientModule;";
const bundledSqliteClient = {
  name: 'bundled-sqlite-client',
  setup(b) {
    // The package's main entry (the response cache, history's check) stays external: it holds the network clients too.
    b.onResolve({ filter: /^@libsql\/client$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /native-client\.ts$/ }, async (args) => {
      if (args.path !== nativeClientModule) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(installedClientLoad))
        throw new Error(`bundle-cli: ${args.path} no longer holds ${installedClientLoad}: see bundledSqliteClient`);
      const bundledLoad =
        "try { return require('@libsql/client/sqlite3'); } catch (error) { " +
        "if ((error as { code?: unknown })?.code !== 'MODULE_NOT_FOUND') throw error; " +
        `${installedClientLoad} }`;
      return {
        contents: source.replace(installedClientLoad, bundledLoad),
        loader: 'ts',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};
const bundledClientInput = 'node_modules/@libsql/client/lib-cjs/sqlite3.js';

/**
 * Bundled packages that do work at load that a command never uses, and it loads Node's net and stream modules (a few
 * ms of every run): commander requires child_process for executable subcommands, which the CLI has none of, and
 * picocolors reads process.stdout.isTTY for its default colours, while the CLI only calls createColors(on) with its
 * own decision (src/cli/process-cli.ts). detect-libc (in the bundled SQLite client) requires child_process for its
 * last resort, running `getconf`, which the ELF interpreter test before it answers on Linux (src/store/native-client.ts):
 * ~2 ms of every run that opens the store. The edits make child_process lazy and picocolors not read stdout; a package
 * update that changes one of these lines fails the build here instead of quietly loading them again.
 */
const PACKAGE_EDITS = [
  {
    file: /node_modules[\\/]commander[\\/]lib[\\/]command\.js$/,
    from: "const childProcess = require('node:child_process');",
    to: "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  },
  {
    file: /node_modules[\\/]detect-libc[\\/]lib[\\/]detect-libc\.js$/,
    from: "const childProcess = require('child_process');",
    to:
      'const childProcess = { exec: (...args) => require("child_process").exec(...args), ' +
      'execSync: (...args) => require("child_process").execSync(...args) };',
  },
  {
    file: /node_modules[\\/]picocolors[\\/]picocolors\.js$/,
    from: '((p.stdout || {}).isTTY && env.TERM !== "dumb")',
    to: 'false',
  },
];
const editedPackages = {
  name: 'edited-packages',
  setup(b) {
    for (const edit of PACKAGE_EDITS)
      b.onLoad({ filter: edit.file }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes(edit.from))
          throw new Error(`bundle-cli: ${args.path} no longer holds ${edit.from}: see PACKAGE_EDITS`);
        return { contents: source.replace(edit.from, edit.to), loader: 'js' };
      });
  },
};

const outdir = path.join(root, 'dist/bin');
const options = {
  // The CLI proper; src/cli/main.ts (the ES module entry) and src/cli/bin.ts (the bin) only dispatch to it.
  // The scoring thread (src/pipeline/scoring-threads.ts starts it beside the chunk that holds the pipeline).
  entryPoints: { cli: 'src/cli/process-cli.ts', 'scoring-thread': 'src/pipeline/scoring-thread.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // No source maps: they would point at src/, which the package does not ship (see docs/architecture.md, Packaging).
  sourcemap: false,
  logLevel: 'warning',
  external: [
    'zod',
    '@anthropic-ai/sdk',
    '@anthropic-ai/claude-agent-sdk',
    'openai',
    'bullmq',
    'ioredis',
    // Loaded only by --fix-dry-run's diff and by `plugin-eval lsp`.
    'diff',
    'vscode-languageserver',
    'vscode-languageserver-textdocument',
  ],
};

// A first pass (nothing written) finds the `import()` targets under src/ and the eager graph (what the
// entry reaches by static imports).
const { metafile } = await build({
  ...options,
  write: false,
  metafile: true,
  logLevel: 'silent',
  plugins: [bundledYamlPackage, bundledSqliteClient, editedPackages, eagerRootImportsThem],
});
const staticImports = new Map();
const lazy = new Set();
for (const [file, input] of Object.entries(metafile.inputs)) {
  staticImports.set(
    file,
    input.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path),
  );
  for (const i of input.imports)
    if (i.kind === 'dynamic-import' && !i.external && i.path.startsWith('src/')) lazy.add(i.path);
}
const eager = new Set();
const visit = (file) => {
  if (eager.has(file)) return;
  eager.add(file);
  for (const next of staticImports.get(file) ?? []) visit(next);
};
// The hook entry is bundled on its own (below): it runs on every skill call, so it must not import the eager graph.
const hookEntry = 'src/logs/hook-entry.ts';
visit('src/cli/process-cli.ts');
// The scoring thread's entry is treated as one more lazy part: what it runs is the pipeline, which is in the eager
// graph, so it loads the core chunk rather than a second copy of the pipeline split across new chunks.
// A target already in the eager graph imports it too: an import() target is an entry of its own, and without the
// extra import the modules it shares with the eager graph would be split off into a chunk that every run loads.
const lazyTargets = new Set(
  [...[...lazy].filter((file) => file !== hookEntry), 'src/pipeline/scoring-thread.ts'].map((file) =>
    path.join(root, file),
  ),
);

const split = await build({
  ...options,
  write: false,
  metafile: true,
  plugins: [
    bundledYamlPackage,
    bundledSqliteClient,
    editedPackages,
    eagerRootImportsThem,
    lazyPartsImportTheEagerGraph(lazyTargets),
  ],
});

/**
 * The split build is ES modules, but Node 20 has a code cache only for scripts (vm.Script), not for ES modules,
 * so every chunk is turned into a CommonJS file (`.cjs`: the package is "type": "module") and the core chunk (the
 * one holding the eager graph) is loaded with a code cache by the bin (src/cli/code-cache.ts). Chunk references
 * are renamed to `.cjs`, and a lazy part's `import("./x.js")` becomes a require() behind a resolved promise: the
 * core chunk runs inside vm.Script, where import() has no loader, and requiring keeps one instance of every chunk.
 * A static import of a package becomes a require() of it (its CommonJS build: zod and the LLM SDKs all ship
 * one); a package loaded with import() keeps it (the agent SDK is an ES module only), and so do Node built-ins.
 */
const chunkReference = /\b(require|import)\("(\.\/[\w.-]+)\.js"\)/g;

/**
 * A lazy chunk that loads with a code cache of its own: the store's chunk (it holds the bundled SQLite client, see
 * bundledSqliteClient). A reference to it calls the loader the bin puts on globalThis under this symbol
 * (src/cli/bin.ts); where there is none (a scoring thread, the library's tests), it is a plain require.
 */
const CACHED_CHUNK_LOADER = 'Symbol.for("plugin-eval.load-cached-chunk")';
const cachedChunks = new Set(
  split.outputFiles
    .filter((file) => split.metafile.outputs[path.relative(root, file.path)]?.inputs[bundledClientInput] !== undefined)
    .map((file) => `./${path.basename(file.path, '.js')}`),
);
if (cachedChunks.size !== 1)
  throw new Error(`bundle-cli: expected one chunk to hold ${bundledClientInput}, found ${cachedChunks.size}`);
const chunkRequire = (name) =>
  cachedChunks.has(name) ? `(globalThis[${CACHED_CHUNK_LOADER}] ?? require)("${name}.cjs")` : `require("${name}.cjs")`;

async function asCommonJs(code) {
  const converted = await transform(code, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // import.meta does not exist in CommonJS: the chunk's own URL is what it stood for (parse/frontmatter.ts).
    define: { 'import.meta.url': '__pluginEvalModuleUrl' },
    banner: 'const __pluginEvalModuleUrl = require("node:url").pathToFileURL(__filename).href;',
    logLevel: 'warning',
  });
  return converted.code.replace(chunkReference, (_, how, name) =>
    how === 'require' ? chunkRequire(name) : `Promise.resolve().then(() => ${chunkRequire(name)})`,
  );
}

/**
 * Packages the eager graph must not load: zod alone added ~50 ms to every one-skill run when a schema slipped into a
 * module the CLI loads at start (src/api/check-options.ts importing the plan schema). They are external, so a slip
 * shows as a static import of the package in the core chunk. The static path builds no schema and calls no model;
 * a module that needs one loads it lazily. A slip fails the build here, not a benchmark weeks later.
 */
const NOT_EAGER = [...options.external, '@libsql/client'];

let coreChunk;
let coreOutput;
await mkdir(outdir, { recursive: true });
for (const file of split.outputFiles) {
  const name = path.basename(file.path).replace(/\.js$/, '.cjs');
  const output = split.metafile.outputs[path.relative(root, file.path)];
  const isCore = output?.inputs[path.relative(root, eagerRoot)] !== undefined;
  if (isCore) {
    coreChunk = name;
    coreOutput = output;
  }
  const code = await asCommonJs(file.text);
  // The core chunk in ASCII: the code-cache loader then reads it as one-byte text instead of decoding UTF-8 into a
  // two-byte string (~1.5 MB, a few ms of every run).
  await writeFile(path.join(outdir, name), isCore ? asciiOnly(code, name) : code);
}
if (coreChunk === undefined) throw new Error(`bundle-cli: no chunk holds ${path.relative(root, eagerRoot)}`);
const isStatic = (kind) => kind === 'import-statement' || kind === 'require-call';
const eagerPackages = [
  ...new Set(
    coreOutput.imports.filter((i) => i.external && isStatic(i.kind) && NOT_EAGER.includes(i.path)).map((i) => i.path),
  ),
];
if (eagerPackages.length > 0) {
  // Which src/ modules import it: esbuild's metafile keeps each input's imports (type-only imports are gone by then).
  const importers = Object.keys(coreOutput.inputs).filter((file) =>
    split.metafile.inputs[file]?.imports.some((i) => isStatic(i.kind) && eagerPackages.includes(i.path)),
  );
  throw new Error(
    `bundle-cli: the CLI's core chunk imports ${eagerPackages.join(', ')} at start, so every run would load it; ` +
      `imported by ${importers.join(', ') || '(see the metafile)'}: load it lazily (import()), or import types ` +
      `only`,
  );
}
// The bundled SQLite client belongs to the store's chunk: in the core chunk every run would read and pre-parse it.
const coreClientInputs = Object.keys(coreOutput.inputs).filter((file) =>
  /^node_modules\/(@libsql|libsql)\//.test(file),
);
if (coreClientInputs.length > 0)
  throw new Error(`bundle-cli: the CLI's core chunk holds ${coreClientInputs.join(', ')}: see bundledSqliteClient`);
const coreText = await readFile(path.join(outdir, coreChunk), 'utf8');
if (/\bimport\(/.test(coreText.replace(chunkReference, '')))
  throw new Error(`bundle-cli: ${coreChunk} still calls import(), which vm.Script cannot run`);
// Node's crypto module loads ~30 of Node's own modules, its streams among them (a few ms): the core chunk, which holds
// the store's recorder and key modules (eagerInBundle), loads it on first use only (src/util/node-crypto.ts).
if (coreText.includes('require("node:crypto")'))
  throw new Error(`bundle-cli: ${coreChunk} loads node:crypto at start: use nodeCrypto() (src/util/node-crypto.ts)`);

// The bin (package.json) is a CommonJS dispatcher, and the hook a one-file CommonJS bundle: a hook runs as a new
// process on every skill call Claude Code makes, and this saves ~8 ms of its start-up (src/cli/bin.ts says why).
const commonJs = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  logLevel: 'warning',
};
// The hook bundle: only what a hook run executes. No banner computes a file URL for import.meta.url (node:url, on
// every skill call): what the bundle holds that reads it is src/util/node-crypto.ts's createRequire, which takes a
// path as well. The modules listed here must leave no code in it (a hook never hashes nor writes a page); a slip fails
// the build, and test/startup-modules.test.ts checks what a hook run loads.
const NOT_IN_HOOK = ['src/util/node-crypto.ts', 'src/util/html-page.ts'];
const hookBuild = await build({
  ...commonJs,
  entryPoints: [hookEntry],
  outfile: 'dist/bin/hook.cjs',
  metafile: true,
  define: { 'import.meta.url': '__filename' },
});
const hookInputs = Object.values(hookBuild.metafile.outputs)[0].inputs;
const slipped = Object.keys(hookInputs).filter(
  (file) => hookInputs[file].bytesInOutput > 0 && (NOT_IN_HOOK.includes(file) || file.startsWith('node_modules/')),
);
if (slipped.length > 0) throw new Error(`bundle-cli: the hook bundle must not hold ${slipped.join(', ')}`);
await build({
  ...commonJs,
  entryPoints: ['src/cli/bin.ts'],
  outfile: 'dist/bin/plugin-eval.cjs',
  banner: { js: '#!/usr/bin/env node' },
  define: { PLUGIN_EVAL_CORE_CHUNK: JSON.stringify(`./${coreChunk}`) },
});
// The ES module entry, for hooks of earlier versions that name it: it requires the bin.
await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/bin/plugin-eval.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  logLevel: 'warning',
});
