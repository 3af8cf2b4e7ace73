import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectScoreResult } from '../src/judge/kit/index.js';
import { startModelServer, type ModelServer } from './support/model-server.js';
import { cli } from './support/cli.js';
import { judgeScript } from './judgekit/fake-judge.js';

/**
 * `plugin-eval judge ...` through the main CLI: real provider selection from the environment, real SDK, scripted
 * server.
 */
let server: ModelServer;
const saved = { ...process.env };
beforeAll(async () => {
  server = await startModelServer(judgeScript());
  process.env.ANTHROPIC_API_KEY = 'test-key';
  process.env.ANTHROPIC_BASE_URL = server.url;
});
afterAll(async () => {
  process.env = saved;
  await server.close();
});

describe('main CLI wiring of the judge toolkit', () => {
  it('selects the Anthropic provider from ANTHROPIC_API_KEY and scores through the scripted server', async () => {
    const out = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy:3,clarity',
      '--prompt',
      'Q?',
      '--response',
      'A [accuracy=5] [clarity=3]',
      '--output',
      'json',
      '--no-cache',
    );
    expect(out.code, out.stderr).toBe(0);
    const result = DirectScoreResult.parse(JSON.parse(out.stdout));
    expect(result.weightedScore).toBeCloseTo((5 * 3 + 3) / 4, 12);
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it('an unknown provider is a usage error (exit 2), not a crash', async () => {
    const out = await cli(
      'judge',
      'score',
      '--provider',
      'nope',
      '--criteria',
      'a',
      '--prompt',
      'Q',
      '--response',
      'A',
      '--no-cache',
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/Unknown provider "nope"/);
  });
});
