/**
 * `plugin-eval judge` batches through the main CLI, real Anthropic SDK, scripted server: one item the judge
 * cannot measure is listed with its reason (in the output and on stderr), every other item is written, and
 * the exit code (3) says the run was partial. A fatal failure (401) stops the run with exit 3 and writes nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { CompareBatch, ScoreBatch, scoreDirect } from '../../src/judge/kit/index.js';
import { createAnthropicProvider } from '../../src/providers/index.js';
import { ReliableProvider } from '../../src/providers/reliable.js';
import { requestText, startModelServer, type ModelServer, type Script } from '../support/model-server.js';
import { cli } from '../support/cli.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { directReply, judgeScript } from './fake-judge.js';
import { tempTree } from '../support/tmp.js';

const dir = tempTree('plugin-eval-partial-batch-').root;
const saved = { ...process.env };
let server: ModelServer | undefined;

/** The fake judge, except that it answers 7 on the 1-5 scale (or an unusable verdict) for items marked [fail]. */
const failingOnMarker = (): Script => {
  const base = judgeScript();
  return (request) => {
    const text = requestText(request);
    if (text.includes('[fail]')) {
      if (text.includes('<response>')) {
        const reply = directReply(text) as { json: { scores: { score: number }[] } };
        for (const s of reply.json.scores) s.score = 7;
        return reply;
      }
      return { json: { verdict: 'neither' } };
    }
    return base(request);
  };
};

const write = (name: string, rows: object[]): string => {
  const file = path.join(dir, name);
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
  return file;
};

beforeAll(() => {
  process.env.PLUGIN_EVAL_CACHE_DIR = path.join(dir, 'cache');
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => {
  process.env = saved;
});

function useServer(s: ModelServer): void {
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
  process.env.ANTHROPIC_BASE_URL = s.url;
}

describe('judge batches keep every item that succeeded', () => {
  it('judge score --input: the out-of-scale item is listed with its reason, the other two are written, exit 3', async () => {
    server = await startModelServer(failingOnMarker());
    useServer(server);
    const input = write('score.jsonl', [
      { id: 'a', prompt: 'Q1', response: 'A [accuracy=4]' },
      { id: 'b', prompt: 'Q2', response: 'A [fail]' },
      { id: 'c', prompt: 'Q3', response: 'A [accuracy=2]' },
    ]);
    const out = path.join(dir, 'score-out.json');
    const run = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--input',
      input,
      '--output',
      'json',
      '--out',
      out,
      '--no-cache',
    );
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const batch = ScoreBatch.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(batch.items).toHaveLength(3);
    expect(batch.items.map((i) => (i.kind === 'direct' ? i.status : null))).toEqual(['scored', 'unmeasured', 'scored']);
    expect(batch.failed).toEqual([
      { index: 1, id: 'b', reason: expect.stringMatching(/does not match the schema[\s\S]*after one repair request/) },
    ]);
    expect(batch.meanWeightedScore).toBeCloseTo((4 + 2) / 2, 12);
    expect(run.stderr).toMatch(/plugin-eval: judge: not measured: item 2 \(id b\): reply does not match the schema/);
    expect(run.stderr).toContain('the run was partial (exit 3): 1 not measured, everything else written');
    // 7 on 1-5 was never clamped to 5: the first reply and the single repair request, both refused.
    expect(server.requests.filter((r) => requestText(r).includes('[fail]'))).toHaveLength(2);
  });

  it('text output of a partial batch says PARTIAL and names the item', async () => {
    server = await startModelServer(failingOnMarker());
    useServer(server);
    const input = write('score2.jsonl', [
      { prompt: 'Q1', response: 'A [accuracy=4]' },
      { prompt: 'Q2', response: 'A [fail]' },
    ]);
    const run = await cli('judge', 'score', '--criteria', 'accuracy', '--input', input, '--no-cache');
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    expect(run.stdout).toMatch(/PARTIAL: 1 item\(s\) not measured \(exit code 3\)/);
    expect(run.stdout).toMatch(/item 2: reply does not match the schema/);
  });

  it('judge compare --input: the pair no pass could judge is listed, the others are written, exit 3', async () => {
    server = await startModelServer(failingOnMarker());
    useServer(server);
    const input = write('pairs.jsonl', [
      { id: 'p1', prompt: 'Q', responseA: 'x [q=8]', responseB: 'y [q=3]' },
      { id: 'p2', prompt: 'Q', responseA: 'x [fail]', responseB: 'y [q=3]' },
    ]);
    const run = await cli('judge', 'compare', '--input', input, '--output', 'json', '--no-cache');
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    const batch = CompareBatch.parse(JSON.parse(run.stdout));
    expect(batch.items.map((i) => i.status)).toEqual(['judged', 'unmeasured']);
    expect(batch.items[0]!.winner).toBe('A');
    expect(batch.failed).toHaveLength(1);
    expect(batch.failed[0]).toMatchObject({ index: 1, id: 'p2' });
    expect(batch.failed[0]!.reason).toMatch(/^pass 1: .*does not match the schema/s);
    expect(run.stderr).toMatch(/not measured: item 2 \(id p2\)/);
  });

  it('a complete batch exits 0 with an empty failure list', async () => {
    server = await startModelServer(failingOnMarker());
    useServer(server);
    const input = write('ok.jsonl', [{ prompt: 'Q1', response: 'A [accuracy=4]' }]);
    const run = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--input',
      input,
      '--output',
      'json',
      '--no-cache',
    );
    expect(run.code, run.stderr).toBe(EXIT.OK);
    expect(ScoreBatch.parse(JSON.parse(run.stdout)).failed).toEqual([]);
  });

  it('a fatal failure (every call 401) stops the batch: exit 3, provider, endpoint and cause named, nothing written', async () => {
    server = await startModelServer([{ fault: 'status', status: 401, message: 'invalid x-api-key' }]);
    useServer(server);
    const input = write(
      'dead.jsonl',
      Array.from({ length: 12 }, (_, i) => ({ prompt: `Q${i}`, response: 'A' })),
    );
    const out = path.join(dir, 'dead-out.json');
    const run = await cli(
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--input',
      input,
      '--output',
      'json',
      '--out',
      out,
      '--no-cache',
    );
    expect(run.code).toBe(EXIT.NOT_MEASURED);
    expect(run.stderr).toContain(
      `could not measure: the anthropic provider at ${server.url}: authentication failed (HTTP 401`,
    );
    expect(existsSync(out)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.requests.length).toBeLessThanOrEqual(4);
  });
});

describe('judgekit library: a provider failure that outlived the retries is one unmeasured item, not a thrown batch', () => {
  it('scoreDirect returns unmeasured with the reason', async () => {
    server = await startModelServer([{ fault: 'status', status: 503 }]);
    const provider = new ReliableProvider(
      createAnthropicProvider({ env: anthropicEnv(server) }),
      fastReliability({ maxRetries: 1 }),
    );
    const result = await scoreDirect(
      provider,
      { prompt: 'Q', response: 'A' },
      { model: 'sonnet', criteria: [{ name: 'accuracy' }] },
    );
    expect(result.status).toBe('unmeasured');
    expect(result.reason).toMatch(
      /^provider failure \(not a property of the response\): anthropic: HTTP 503.*gave up after 2 attempts/,
    );
    expect(result.weightedScore).toBeNull();
  });
});
