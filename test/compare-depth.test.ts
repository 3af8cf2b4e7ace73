import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { judgeScript } from './judge/judge-script.js';
import { cli } from './support/cli.js';
import { startModelServer, type ModelServer } from './support/model-server.js';

/** compare --depth standard judges both sides (the scripted model server, as score's own judge tests use). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = path.join(ROOT, 'examples/skills/csv-profiler');
let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer(
    judgeScript({ candidate: 'csv-profiler', shouldTrigger: [], nearMisses: [], score: () => 0.5 }),
  );
  vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-test');
  vi.stubEnv('ANTHROPIC_BASE_URL', server.url);
  vi.stubEnv('PLUGIN_EVAL_CACHE', 'off');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

it('compare --depth standard measures more of each side than quick, through the judge', async () => {
  type Side = { coverage: { share: number } };
  const quick = await cli('compare', EXAMPLE, EXAMPLE, '--output', 'json');
  expect(quick.code, quick.stderr).toBe(0);
  const standard = await cli('compare', EXAMPLE, EXAMPLE, '--depth', 'standard', '--output', 'json');
  expect(standard.code, standard.stderr).toBe(0);
  const q = JSON.parse(quick.stdout) as { a: Side; b: Side };
  const s = JSON.parse(standard.stdout) as { a: Side; b: Side };
  expect(s.a.coverage.share).toBeGreaterThan(q.a.coverage.share);
  expect(s.b.coverage.share).toBeGreaterThan(q.b.coverage.share);
  expect(server.requests.length).toBeGreaterThan(0);
});
