import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePair,
  judgeSchemas,
  renderJson,
  renderMarkdown,
  renderText,
  scoreDirect,
  summariseCompareBatch,
} from '../../src/judge/kit/index.js';
import type { DirectScoreResult, PairwiseResult } from '../../src/judge/kit/index.js';
import { z } from 'zod';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicJudge, judgeScript } from './fake-judge.js';

let server: ModelServer;
let direct: DirectScoreResult;
let pairwise: PairwiseResult;
beforeAll(async () => {
  server = await startModelServer(judgeScript());
  const provider = anthropicJudge(server);
  direct = await scoreDirect(
    provider,
    { id: 'd1', prompt: 'p', response: 'a | piped [accuracy=4]' },
    { model: 'sonnet', criteria: [{ name: 'accuracy', weight: 2 }, { name: 'clarity' }] },
  );
  pairwise = await comparePair(
    provider,
    { id: 'c1', prompt: 'p', responseA: 'x [q=1]', responseB: 'y [q=3]' },
    { model: 'sonnet' },
  );
});
afterAll(async () => {
  await server.close();
});

describe('renderers (pure functions of the results)', () => {
  it('text: scores table, summary and the prompt version', () => {
    const text = renderText(direct);
    expect(text).toMatch(/^Direct score d1\n=+\n/);
    expect(text).toMatch(/^accuracy +2\.00 +4 +read accuracy +improve accuracy$/m);
    expect(text).toContain(`prompt direct-score #${direct.judge.prompt.hash}`);
    expect(direct.judge.prompt.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(text).toMatch(/^Usage: 1 call\(s\), 0 from cache; \d+ input \/ \d+ output tokens; cost \$\d+\.\d{4}$/m);
  });

  it('markdown: escaped table cells and the verdict of every pass', () => {
    const md = renderMarkdown(direct);
    expect(md).toContain('| criterion | weight | score | justification | improvement |');
    expect(md).toContain('## Direct score d1');
    const compare = renderMarkdown(pairwise);
    expect(compare).toMatch(/\| 1 \| AB \| B \| B \| 0\.80 \|/);
    expect(compare).toMatch(/\| 2 \| BA \| A \| B \| 0\.80 \|/);
    expect(
      renderMarkdown({ ...direct, summary: { assessment: 'x|y', strengths: [], weaknesses: [], priorities: [] } }),
    ).toContain('x|y');
    expect(renderMarkdown({ ...direct, scores: [{ ...direct.scores[0]!, justification: 'a|b' }] })).toContain('a\\|b');
  });

  it('batch text names the LC win rate; JSON output validates against the exported schema', () => {
    const batch = summariseCompareBatch([pairwise, { ...pairwise, winner: 'A', lengthA: 50 }]);
    expect(renderText(batch)).toMatch(/Win rate of A 50\.0%, length-controlled [\d.]+%/);
    expect(judgeSchemas['compare-batch'].parse(JSON.parse(renderJson(batch)))).toEqual(batch);
    for (const [name, schema] of Object.entries(judgeSchemas)) {
      expect(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }), name).toHaveProperty('type');
    }
  });
});
