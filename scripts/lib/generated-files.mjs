// Shared by the scripts that write checked-in files derived from src/ (rules-doc.mjs, generate-tables.mjs).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The exports of `source` (an `export ... from './src/...'` line), read from src/ through esbuild rather than dist/: a
 * new row is a type error until the generated file lists it, so the build could not run first.
 */
export async function importFromSource(source, name) {
  // Inside node_modules so that the bundle's external packages resolve from the project.
  const scratch = path.join(root, 'node_modules', '.cache', name);
  mkdirSync(scratch, { recursive: true });
  const bundle = path.join(scratch, `derived-${process.pid}.mjs`);
  try {
    await build({
      stdin: { contents: source, resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: bundle,
      logLevel: 'error',
    });
    return await import(pathToFileURL(bundle).href);
  } finally {
    rmSync(bundle, { force: true });
  }
}

/**
 * Writes each `[file, text]` whose text changed (atomically), or with `--check` writes nothing and sets exit code 1
 * naming each stale file and the command that brings it up to date.
 */
export function writeOrCheck(outputs, command) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [target, text] of outputs) {
    const rel = path.relative(root, target);
    let current;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === text) continue;
    if (check) {
      console.error(`${rel} is out of date: run ${command}`);
      stale++;
      continue;
    }
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, target);
    console.log(`wrote ${rel}`);
  }
  if (stale > 0) process.exitCode = 1;
}
