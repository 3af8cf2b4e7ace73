// Writes what derives from the rule table (src/rules/checks/table.ts) and is committed (`npm run docs:rules`):
//   docs/rules.md                                  every rule, from the registry
//   src/model/anti-pattern-flags.generated.ts      the anti-pattern flags, for the result schema (the model sits below
//                                                  the rules, so it cannot import the table)
// It reads src/ through esbuild rather than dist/: a new flag is a type error until this file lists it, so the build
// could not run first. `--check` writes nothing and exits 1 when either file is out of date.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside node_modules so that the bundle's external packages resolve from the project.
const scratch = path.join(root, 'node_modules', '.cache', 'rules-doc');
mkdirSync(scratch, { recursive: true });
const bundle = path.join(scratch, `derived-${process.pid}.mjs`);
try {
  await build({
    stdin: {
      contents: "export { rulesMarkdown, antiPatternFlagsModule } from './src/rules/registry/doc.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: bundle,
    logLevel: 'error',
  });
  const { rulesMarkdown, antiPatternFlagsModule } = await import(pathToFileURL(bundle).href);
  const outputs = [
    [path.join(root, 'docs', 'rules.md'), rulesMarkdown()],
    [path.join(root, 'src', 'model', 'anti-pattern-flags.generated.ts'), antiPatternFlagsModule()],
  ];
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
      console.error(`${rel} is out of date: run npm run docs:rules`);
      stale++;
      continue;
    }
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, target);
    console.log(`wrote ${rel}`);
  }
  if (stale > 0) process.exitCode = 1;
} finally {
  rmSync(bundle, { force: true });
}
