/**
 * `plugin-eval judge score` through the scripted model server is recorded in the store as one judge run, with its
 * usage.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { envForEachTest } from '../support/env.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { judgeScript } from '../judgekit/fake-judge.js';
import { rawClient } from './support.js';

const tree = tempTree('plugin-eval-store-judge-');
const store = path.join(tree.root, 'judge.db');
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(judgeScript());
});
afterAll(async () => {
  await server.close();
});
envForEachTest(() => ({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, PLUGIN_EVAL_STORE: store }));

describe('judge steps in the results store', () => {
  it('a judged response is one judge run; a usage error records nothing', async () => {
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
    const bad = await cli(
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
    expect(bad.code).toBe(2);
    const db = rawClient(store);
    const rows = (
      await db.execute(
        'SELECT command, status, provider, models_json, input_tokens, output_tokens, cost_usd, summary_json FROM runs',
      )
    ).rows;
    db.close();
    // Its model calls as the command itself reported them (every provider the CLI builds records into the command's
    // ledger).
    const usage = (
      JSON.parse(out.stdout) as { cost: { inputTokens: number; outputTokens: number; costUsd: number | null } }
    ).cost;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(
      rows.map((r) => [
        r.command,
        r.status,
        r.provider,
        JSON.parse(String(r.models_json)),
        r.input_tokens,
        r.output_tokens,
        r.cost_usd,
      ]),
    ).toEqual([
      ['judge', 'success', 'anthropic', [expect.any(String)], usage.inputTokens, usage.outputTokens, usage.costUsd],
    ]);
    expect(JSON.parse(String(rows[0]!.summary_json))).toMatchObject({ step: 'judge score', exitCode: 0 });
  });
});
