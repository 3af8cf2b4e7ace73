import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { HANG_LIMIT_MS } from './support/cpu-time.js';
import { tempTree } from './support/tmp.js';

/**
 * The package as a user gets it (issue 8 item 8): `npm pack`, install the tarball into an empty folder, run
 * `npx plugin-eval score` there. The tarball is packed from the dist/ that `npm test` built, with
 * --ignore-scripts: `prepack` would rebuild dist/ (deleting it first) under the other test files that run
 * dist/bin at the same time. The install is offline from npm's cache and omits the optional dependencies (the
 * LLM SDKs and the SQLite client): a static score needs none of them, it keeps the install to a few seconds,
 * and it is how a user gets the "install it with npm i X" message this file also checks.
 */
const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const SKILL = join(ROOT, 'examples/skills/csv-profiler');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  main: string;
  types: string;
  exports: Record<string, { types: string; import: string }>;
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

const WORK = tempTree('plugin-eval-pack-').root;
const APP = join(WORK, 'app');
let tarball = '';
let shipped: string[] = [];

/** npm with the environment a user would have here: no token, no lifecycle noise, no update check. */
const NPM_ENV = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'dist/bin/plugin-eval.js')), 'run `npm run build` first (npm test does)').toBe(true);
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', WORK], {
    cwd: ROOT,
    env: NPM_ENV,
    maxBuffer: 64 << 20,
  });
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (info === undefined) throw new Error('npm pack printed no package');
  tarball = join(WORK, info.filename);
  shipped = info.files.map((f) => f.path);
  mkdirSync(APP);
  writeFileSync(join(APP, 'package.json'), JSON.stringify({ name: 'pack-smoke', version: '1.0.0', private: true }));
  const install = ['install', '--omit=optional', '--ignore-scripts', '--no-package-lock', '--loglevel=error', tarball];
  try {
    await run('npm', [...install, '--offline'], { cwd: APP, env: NPM_ENV });
  } catch {
    // A package npm's cache lacks (a fresh machine): the registry is allowed, the rest of the internet is not needed.
    await run('npm', [...install, '--prefer-offline'], { cwd: APP, env: NPM_ENV });
  }
}, HANG_LIMIT_MS);

/** The installed bin, run directly: what `npx plugin-eval` runs, without starting npm (the first case uses npx). */
const INSTALLED_BIN = join(APP, 'node_modules/.bin/plugin-eval');

/** The in-repo CLI's `score SKILL --output json`, run once for the cases that compare against it. */
let inRepoScore: Promise<{ stdout: string }> | undefined;
const scoreInRepo = () =>
  (inRepoScore ??= run(process.execPath, [join(ROOT, 'dist/bin/plugin-eval.js'), 'score', SKILL, '--output', 'json'], {
    cwd: ROOT,
  }));

/**
 * Relative chunk imports (static and dynamic) of one bundled file, and the files the CommonJS bin names as
 * runtime strings (`const HOOK_BUNDLE = "./hook.cjs"`): any quoted `./x.js` or `./x.cjs` in a bundled file.
 */
function chunkImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/["'](\.\/[^"'\s]+\.c?js)["']/g)].map((m) => posix.join(posix.dirname(file), m[1] ?? ''));
}

describe('the packed files', () => {
  it('ships no source maps and no file that refers to one', () => {
    expect(shipped.filter((f) => f.endsWith('.map'))).toEqual([]);
    const referring = shipped.filter(
      (f) => f.endsWith('.js') && /\/\/# sourceMappingURL=/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(referring).toEqual([]);
  });

  it('ships only bundle chunks the CLI can reach (no stale chunk of an earlier build)', () => {
    // The bin, and the ES module entry that hooks installed by earlier versions name (it requires the bin).
    const entries = [`dist/bin/${PKG.bin['plugin-eval']?.split('/').pop() ?? ''}`, 'dist/bin/plugin-eval.js'];
    const reached = new Set<string>(entries);
    const queue = [...entries];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      for (const next of chunkImports(file)) {
        if (reached.has(next)) continue;
        reached.add(next);
        queue.push(next);
      }
    }
    const bundled = shipped.filter((f) => f.startsWith('dist/bin/'));
    expect(bundled.length).toBeGreaterThan(5);
    expect(bundled.filter((f) => !reached.has(f))).toEqual([]);
    expect([...reached].filter((f) => !shipped.includes(f))).toEqual([]);
  });

  it('ships every entry point package.json names, and the README documents exactly those subpaths', () => {
    const targets = [
      PKG.main,
      PKG.types,
      ...Object.values(PKG.bin),
      ...Object.values(PKG.exports).flatMap((e) => [e.types, e.import]),
    ];
    expect(targets.map((t) => posix.normalize(t)).filter((t) => !shipped.includes(t))).toEqual([]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/`plugin-eval\/([a-z]+)`/g)].map((m) => `./${m[1]}`));
    const exported = new Set(Object.keys(PKG.exports).filter((k) => k !== '.'));
    expect([...exported].sort()).toEqual([...documented].sort());
    // The CLI is the bundle; tsc's per-module copy of src/cli would be a second, unused entry.
    expect(shipped.filter((f) => f.startsWith('dist/cli/'))).toEqual([]);
  });

  it('builds from an empty dist/ and builds before packing', () => {
    expect(PKG.scripts.build?.startsWith('node scripts/clean-dist.mjs && ')).toBe(true);
    expect(PKG.scripts.prepack).toBe('npm run build');
  });
});

describe('installed from the tarball into an empty folder', () => {
  it('npx plugin-eval score gives the same result as the in-repo CLI', async () => {
    const installed = await run('npx', ['--no-install', 'plugin-eval', 'score', SKILL, '--output', 'json'], {
      cwd: APP,
      env: NPM_ENV,
    });
    const inRepo = await scoreInRepo();
    // --output json is the run log (ScoreRun); one skill, one result.
    type Scored = { results: { composite: { score: number; badge: string }; dimensions: unknown }[] };
    const a = (JSON.parse(installed.stdout) as Scored).results[0]!;
    const b = (JSON.parse(inRepo.stdout) as Scored).results[0]!;
    expect(a.composite.score).toBeGreaterThan(0);
    expect(a.composite).toEqual(b.composite);
    expect(a.dimensions).toEqual(b.dimensions);
  });

  it('the library entry point loads and scores without the optional SDKs', async () => {
    const script = `const { score } = await import('plugin-eval'); const r = await score([${JSON.stringify(SKILL)}]); console.log(JSON.stringify(r.results[0].composite.score));`;
    const library = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: APP });
    const cli = JSON.parse((await scoreInRepo()).stdout) as { results: { composite: { score: number } }[] };
    expect(Number(library.stdout)).toBe(cli.results[0]!.composite.score);
  });

  it('every entry point imports without the optional SDKs; a provider or cache needing one throws MissingPackageError naming it', async () => {
    // The subpaths the README offers to library users; before, plugin-eval/providers and plugin-eval/cache died
    // at import with Node's ERR_MODULE_NOT_FOUND for @anthropic-ai/sdk and @libsql/client.
    const names = Object.keys(PKG.exports).map((k) => (k === '.' ? PKG.name : `${PKG.name}/${k.slice(2)}`));
    const script = `
      const counts = {};
      for (const name of ${JSON.stringify(names)}) counts[name] = Object.keys(await import(name)).length;
      const { createProvider } = await import('plugin-eval/providers');
      const { ResponseCache } = await import('plugin-eval/cache');
      const failures = {};
      const provider = createProvider({ kind: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1' }, { env: {} });
      await provider.complete({ model: 'm', messages: [{ role: 'user', content: 'hi' }], maxTokens: 5 }).catch((e) => (failures.provider = [e.name, e.code, e.packageName]));
      await ResponseCache.open({ url: ':memory:' }).catch((e) => (failures.cache = [e.name, e.code, e.packageName]));
      console.log(JSON.stringify({ counts, failures }));`;
    const out = JSON.parse(
      (await run(process.execPath, ['--input-type=module', '-e', script], { cwd: APP })).stdout,
    ) as { counts: Record<string, number>; failures: Record<string, unknown> };
    expect(Object.keys(out.counts).sort()).toEqual([...names].sort());
    for (const [name, count] of Object.entries(out.counts)) expect(count, name).toBeGreaterThan(0);
    expect(out.failures).toEqual({
      provider: ['MissingPackageError', 'NOT_MEASURED', 'openai'],
      cache: ['MissingPackageError', 'NOT_MEASURED', '@libsql/client'],
    });
  });

  // The two compiles are independent processes: side by side, each with its own expect.
  it.concurrent.for(['nodenext', 'bundler'])(
    "a TypeScript user compiles against every entry point's types (moduleResolution %s, no skipLibCheck)",
    // A type check of the whole declaration tree is seconds of CPU, more in wall time on a shared machine: what is
    // checked is its output, and the limit only catches a hang.
    { timeout: HANG_LIMIT_MS },
    async (resolution, { expect }) => {
      // The declarations must be complete as shipped: no import of an unshipped file or of an optional SDK's types
      // (not installed here), and the values typed from the zod schemas, not any.
      const dir = join(APP, `ts-${resolution}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'use.ts'),
        [
          ...Object.keys(PKG.exports).map(
            (k, i) => `import * as entry${i} from '${k === '.' ? PKG.name : `${PKG.name}/${k.slice(2)}`}';`,
          ),
          `import { score, validate, ScoreRun, type ValidationReport, UsageError } from '${PKG.name}';`,
          `export const entries = [${Object.keys(PKG.exports)
            .map((_, i) => `entry${i}`)
            .join(', ')}];`,
          'export async function use(): Promise<number> {',
          "  const run: ScoreRun = await score(['skill'], { depth: 'quick' });",
          "  const report: ValidationReport = await validate(['skill']);",
          // null when nothing was scored: a typed consumer has to say what it does then.
          '  const score0: number = run.results[0]!.composite.score ?? 0;',
          '  // @ts-expect-error: a typed result, not any',
          '  const wrong: string = run.results[0]!.composite.score;',
          "  return score0 + report.errors + wrong.length + (new UsageError('x').code === 'USAGE' ? 1 : 0);",
          '}',
        ].join('\n'),
      );
      const module = resolution === 'nodenext' ? 'nodenext' : 'esnext';
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module,
            moduleResolution: resolution,
            target: 'es2022',
            strict: true,
            noEmit: true,
            // Every declaration is checked, ours and our dependencies'; only TypeScript's own lib files are not.
            skipLibCheck: false,
            skipDefaultLibCheck: true,
            // The nodenext user is a Node project without the DOM library (as @tsconfig/node20 has it), so the
            // declarations must not need DOM types; the bundler user has TypeScript's default libraries, DOM included.
            ...(resolution === 'nodenext' ? { lib: ['es2023'] } : {}),
            types: ['node'],
            typeRoots: [join(ROOT, 'node_modules/@types')],
          },
          files: ['use.ts'],
        }),
      );
      if (resolution === 'nodenext') writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const out = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
      expect(out).toBe('');
    },
  );

  it('a run that needs a missing SDK says which package to install, exits 3, and prints no stack', async () => {
    expect(existsSync(join(APP, 'node_modules/openai')), 'the optional SDKs are omitted').toBe(false);
    const env = {
      ...NPM_ENV,
      OPENAI_API_KEY: 'unused',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      ANTHROPIC_API_KEY: '',
    };
    /** The installed CLI's exit code and stderr; every run here is expected to fail. */
    const failing = (args: string[], runEnv: NodeJS.ProcessEnv = env) =>
      run(process.execPath, [INSTALLED_BIN, ...args], { cwd: APP, env: runEnv }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
    const judge = ['score', SKILL, '--depth', 'standard'];
    // history has no layer: its stop line says what stopped it, not "a result without this layer".
    // A store file that exists (history refuses a missing one before it opens it), whatever this machine has recorded.
    const storeFile = join(WORK, 'results.db');
    writeFileSync(storeFile, '');
    // Five independent processes: run side by side.
    const [judged, anthropic, cache, cached, history] = await Promise.all([
      failing([...judge, '--provider', 'openai', '--model', 'm', '--no-cache']),
      failing([...judge, '--provider', 'anthropic', '--no-cache', '--no-store'], {
        ...env,
        ANTHROPIC_API_KEY: 'unused',
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
      }),
      failing(['cache', 'stats']),
      // With the cache on, a judged run says how to do without it.
      failing([...judge, '--provider', 'openai', '--model', 'm', '--no-store']),
      failing(['history', SKILL, '--store', storeFile]),
    ]);
    expect(judged.code).toBe(3);
    // The package the chosen provider needs, and only that one: the Anthropic SDK used to be asked for first.
    expect(judged.stderr).toContain('needs the package openai, which is not installed; install it with `npm i openai`');
    expect(judged.stderr).not.toContain('@anthropic-ai/sdk');
    expect(judged.stderr).not.toMatch(/\n\s+at /);
    expect(anthropic.code).toBe(3);
    expect(anthropic.stderr).toContain(
      'needs the package @anthropic-ai/sdk, which is not installed; install it with `npm i @anthropic-ai/sdk`',
    );
    expect(anthropic.stderr).not.toMatch(/needs the package openai|\n\s+at /);
    expect(cache.code).toBe(3);
    expect(cache.stderr).toContain(
      'the response cache needs the package @libsql/client, which is not installed; install it with `npm i ' +
        '@libsql/client`',
    );
    expect(cached.code).toBe(3);
    expect(cached.stderr).toContain('the response cache (or pass --no-cache) needs the package @libsql/client');
    expect(history.code).toBe(3);
    expect(history.stderr).toContain('history (it reads the results store) needs the package @libsql/client');
    expect(history.stderr).not.toContain('--no-store');
    expect(history.stderr).toContain(
      'plugin-eval: stopped: @libsql/client is an optional dependency this command needs here (exit 3)',
    );
    expect(history.stderr).not.toContain('layer');
  });

  it('omitted only the optional dependencies, which are the heavy SDKs', () => {
    expect(Object.keys(PKG.optionalDependencies).sort()).toEqual([
      '@anthropic-ai/sdk',
      '@libsql/client',
      'bullmq',
      'ioredis',
      'openai',
    ]);
    expect(existsSync(join(APP, 'node_modules/zod'))).toBe(true);
    const installed = JSON.parse(readFileSync(join(APP, 'node_modules/plugin-eval/package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });
});
