import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importLazily, LAZY_PACKAGES, missingPackageOf } from '../../src/util/optional-package.js';
import { tempTree } from '../support/tmp.js';

const DIST_HELPER = resolve(import.meta.dirname, '../../dist/util/optional-package.js');
// Outside the repo, with no node_modules above it: importing a package from here fails as a broken install would.
const SCRATCH = tempTree('plugin-eval-lazy-').root;

/**
 * Import, in a plain Node process (vitest resolves imports through Vite, which would find the repo's packages),
 * a chunk that imports `pkg`, through the built importLazily; report what was thrown.
 */
function failedImportOf(pkg: string): { name: string; message: string; packageName?: string; code?: string } {
  const chunk = join(SCRATCH, `${pkg.replace(/\W/g, '_')}.mjs`);
  writeFileSync(chunk, `import '${pkg}';\nexport const loaded = true;\n`);
  const script = `const { importLazily } = await import(${JSON.stringify(pathToFileURL(DIST_HELPER).href)});
try { await importLazily(() => import(${JSON.stringify(pathToFileURL(chunk).href)}), 'the judge layer'); console.log('{"name":"loaded","message":""}'); }
catch (e) { console.log(JSON.stringify({ name: e.name, message: e.message, packageName: e.packageName, code: e.code })); }`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: SCRATCH, encoding: 'utf8' }),
  ) as ReturnType<typeof failedImportOf>;
}

describe('lazily loaded heavy packages', () => {
  it('needs the build', () => expect(existsSync(DIST_HELPER), 'run `npm run build` first (npm test does)').toBe(true));

  it.each(LAZY_PACKAGES)('a missing %s is named with the command that installs it', (pkg) => {
    expect(failedImportOf(pkg)).toEqual({
      name: 'MissingPackageError',
      code: 'NOT_MEASURED',
      packageName: pkg,
      message:
        `could not measure: the judge layer needs the package ${pkg}, which is not installed; install it with ` +
        (pkg === '@anthropic-ai/claude-agent-sdk'
          ? '`npm i @anthropic-ai/claude-agent-sdk` (it brings its own Claude Code), or, to run a `claude` you have ' +
            'installed (on PATH or --claude-path), `npm i --omit=optional @anthropic-ai/claude-agent-sdk`'
          : `\`npm i ${pkg}\``),
    });
  });

  it('leaves other failures alone: a package that is not one of the lazy ones, a thrown error', async () => {
    expect(failedImportOf('left-pad-not-installed')).toMatchObject({ name: 'Error', code: 'ERR_MODULE_NOT_FOUND' });
    const boom = new Error('boom');
    await expect(importLazily(() => Promise.reject(boom), 'x')).rejects.toBe(boom);
    expect(missingPackageOf("Cannot find package 'openai'")).toBeUndefined();
    expect(
      missingPackageOf(
        Object.assign(new Error("Cannot find package 'openai/resources' imported from /x.js"), {
          code: 'ERR_MODULE_NOT_FOUND',
        }),
      ),
    ).toBe('openai');
  });

  it('passes a successful import through', async () => {
    await expect(importLazily(() => Promise.resolve({ ok: 1 }), 'x')).resolves.toEqual({ ok: 1 });
  });
});
