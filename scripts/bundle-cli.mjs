// Bundles the CLI into dist/bin/ (the package's bin). Why: loading ~80 small ES modules and three small
// packages one by one cost ~35 ms of a ~180 ms one-skill run; one bundle with split chunks for the lazily
// loaded parts (judge, providers, validate, ...) starts in about 145 ms on the 2-core reference machine.
// Heavy or optional packages stay external and load only when used.
import { build } from 'esbuild';

await build({
  entryPoints: { 'plugin-eval': 'src/cli/main.ts' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // No source maps: they would point at src/, which the package does not ship (see docs/architecture.md, Packaging).
  sourcemap: false,
  logLevel: 'warning',
  external: ['zod', 'yaml', '@anthropic-ai/sdk', '@anthropic-ai/claude-agent-sdk', 'openai', '@libsql/client'],
  // Bundled CommonJS (commander) calls require() for Node built-ins; give the ES module a real one.
  banner: { js: "import { createRequire as __pluginEvalCreateRequire } from 'node:module';\nconst require = __pluginEvalCreateRequire(import.meta.url);" },
});
