// The scripted model server lives in test/support as TypeScript. Rather than copy it, benchmarks transpile those
// two files with the TypeScript compiler (a dev dependency) into a temporary folder and import them, so the
// benchmarks and the tests share one server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function loadModelServer() {
  const out = mkdtempSync(path.join(tmpdir(), 'plugin-eval-bench-'));
  writeFileSync(path.join(out, 'package.json'), '{"type":"module"}');
  for (const name of ['model-server', 'model-wire']) {
    const source = readFileSync(path.join(here, '..', '..', 'test', 'support', `${name}.ts`), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(path.join(out, `${name}.js`), outputText);
  }
  const module = await import(pathToFileURL(path.join(out, 'model-server.js')).href);
  rmSync(out, { recursive: true, force: true });
  return module;
}
