/** `plugin-eval judge score` through the scripted model server is recorded in the store as one judge run. */
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
    const out = await cli('judge', 'score', '--criteria', 'accuracy:3,clarity', '--prompt', 'Q?', '--response', 'A [accuracy=5] [clarity=3]', '--output', 'json', '--no-cache');
    expect(out.code, out.stderr).toBe(0);
    const bad = await cli('judge', 'score', '--provider', 'nope', '--criteria', 'a', '--prompt', 'Q', '--response', 'A', '--no-cache');
    expect(bad.code).toBe(2);
    const db = rawClient(store);
    const rows = (await db.execute('SELECT command, status, input_tokens, cost_usd, summary_json FROM runs')).rows;
    db.close();
    expect(rows.map((r) => [r.command, r.status, r.input_tokens, r.cost_usd])).toEqual([['judge', 'success', null, null]]);
    expect(JSON.parse(String(rows[0]!.summary_json))).toMatchObject({ step: 'judge score', exitCode: 0 });
  });
});
