/**
 * The analyst model's notes in `evals aggregate`: one structured call, marked as the model's; a failure keeps the
 * figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Benchmark } from '../../src/evals/index.js';
import { cli } from '../support/cli.js';
import {
  requestText,
  startModelServer,
  type ModelServer,
  type Reply,
  type ScriptRequest,
} from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { toolOf } from '../judgekit/fake-judge.js';
import { writeGoldenIteration } from './golden-workspace.js';

const tree = tempTree('plugin-eval-analyst-');
let server: ModelServer;
const saved = { ...process.env };
let reply: unknown = [];

beforeAll(async () => {
  server = await startModelServer((request: ScriptRequest): Reply => {
    if (toolOf(request) !== 'analyst_notes') return { text: 'unexpected' };
    // The scripted analyst reads the figures it was sent and names the flaky eval it finds there.
    const flaky = /"flaky_evals": \[\s*\{\s*"eval_id": (\d+)/.exec(requestText(request));
    return { json: reply === 'echo' ? [`eval ${flaky?.[1] ?? '?'} needs more runs`] : reply };
  });
  process.env.ANTHROPIC_API_KEY = 'test-key';
  process.env.ANTHROPIC_BASE_URL = server.url;
});
afterAll(async () => {
  process.env = saved;
  await server.close();
});

describe('evals aggregate with a judge configured', () => {
  const ws = tree.dir('skill-workspace');
  writeGoldenIteration(path.join(ws, 'iteration-1'));
  const read = () => JSON.parse(readFileSync(path.join(ws, 'iteration-1', 'benchmark.json'), 'utf8')) as Benchmark;

  it("adds the model's notes after the deterministic ones, each marked, and records the analyzer model", async () => {
    reply = 'echo';
    const out = await cli('evals', 'aggregate', ws, '--no-cache', '--model', 'claude-sonnet-4-6');
    expect(out.code, out.stderr).toBe(0);
    const b = read();
    expect(b.notes.at(-1)).toBe('Analyst model: eval 2 needs more runs');
    expect(b.notes[0]).toMatch(/^with_skill minus old_skill/);
    expect(b.metadata.analyzer_model).toBe('claude-sonnet-4-6');
    expect(out.stdout).toMatch(/analyst: deterministic notes and claude-sonnet-4-6's/);
    // The benchmark reached the model as data between envelope markers.
    expect(requestText(server.requests.at(-1)!)).toMatch(/<<<BEGIN BENCHMARK \w+>>>/);
  });

  it('an unusable reply: the deterministic notes only, said on stderr, exit 0 (the figures were measured)', async () => {
    reply = { not: 'an array' };
    const out = await cli('evals', 'aggregate', ws, '--no-cache');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(
      /warning: analyst: deterministic notes only: the analyst model failed: the analyst model's reply was unusable/,
    );
    expect(read().notes.some((n) => n.startsWith('Analyst model:'))).toBe(false);
    expect(read().metadata.analyzer_model).toBeUndefined();
  });

  it('no judge configured: deterministic notes only, said, no request sent', async () => {
    const keep = { ...process.env };
    for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'PLUGIN_EVAL_PROVIDER'])
      delete process.env[name];
    const before = server.requests.length;
    try {
      const out = await cli('evals', 'aggregate', ws, '--no-cache');
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(/analyst: deterministic notes only: no judge provider configured/);
      expect(server.requests.length).toBe(before);
    } finally {
      process.env = keep;
    }
  });
});
