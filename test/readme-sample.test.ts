import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { cli } from './support/cli.js';

/** The README's sample output is what the command prints today (80 columns, no colours, as when piped). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MARKER = '<!-- sample: plugin-eval score examples/skills/csv-profiler';

it("the README's first sample is a real run of the command it names", async () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(MARKER);
  expect(at).toBeGreaterThan(0);
  // It is on the first screen: before the full usage.
  expect(at).toBeLessThan(readme.indexOf('## Usage'));
  const block = /```text\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
  const out = await cli('score', path.join(ROOT, 'examples/skills/csv-profiler'), '--no-store');
  expect(out.code, out.stderr).toBe(0);
  expect(out.stdout.replaceAll(`${ROOT}/`, '')).toBe(block);
});
