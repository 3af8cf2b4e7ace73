/**
 * What a one-skill `score` loads before it prints. Start-up is most of that run's cost (npm run bench), and zod alone
 * adds about 90 ms of CPU: the fast path keeps it, and the agent and provider SDKs, out; the results store's SQLite
 * driver loads after the report is printed. The built CLI is run with a require hook that lists every module it
 * loads, and which of them had loaded when stdout was first written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempTree } from './support/tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'dist/bin/plugin-eval.cjs');
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
function packagesLoaded(args: string[]): { printed: Set<string>; all: Set<string> } {
  const hook = tree.write('hook.cjs', HOOK);
  const out = path.join(tree.fresh('run-'), 'modules.txt');
  const run = spawnSync(process.execPath, ['--require', hook, BIN, ...args], {
    env: { ...process.env, MODULES_OUT: out, PLUGIN_EVAL_DATA_DIR: tree.fresh('data-') },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('"kind": "score-run"');
  const modules = JSON.parse(readFileSync(out, 'utf8')) as { printed: string[]; all: string[] };
  return { printed: packagesOf(modules.printed), all: packagesOf(modules.all) };
}

describe('a one-skill score', () => {
  it('loads neither zod nor an SDK, and the store records after it prints (store on, the default)', () => {
    const { printed, all } = packagesLoaded(['score', SKILL, '--output', 'json']);
    // The hook sees the run's own modules: the results store's driver loads to record, so the list is not empty by
    // accident; and it loads only once the report is out.
    expect([...all].some((p) => p.includes('libsql'))).toBe(true);
    expect([...printed].filter((p) => p.includes('libsql'))).toEqual([]);
    for (const heavy of ['zod', '@anthropic-ai/sdk', 'openai', '@anthropic-ai/claude-agent-sdk'])
      expect(all.has(heavy), `${heavy} was loaded`).toBe(false);
  });
});
