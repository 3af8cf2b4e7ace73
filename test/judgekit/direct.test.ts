import { afterEach, describe, expect, it } from 'vitest';
import {
  DIRECT_TEMPLATE,
  DirectScoreResult,
  lengthPenalty,
  promptVersion,
  scoreDirect,
  scoreDirectBatch,
} from '../../src/judge/kit/index.js';
import type { Rubric } from '../../src/judge/kit/index.js';
import { createOpenAiCompatibleProvider } from '../../src/providers/index.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { openaiEnv } from '../support/provider-fixtures.js';
import { anthropicJudge, directReply, judgeScript, promptOf } from './fake-judge.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const criteria = [
  { name: 'accuracy', description: 'Facts are correct', weight: 3 },
  { name: 'clarity', description: 'Easy to follow', weight: 1 },
];
const item = {
  prompt: 'Explain TCP slow start.',
  response: 'Slow start doubles cwnd each RTT. [accuracy=5] [clarity=2]',
};

describe('direct scoring through the real Anthropic client', () => {
  it('scores from the real prompt, with mean and weighted score', async () => {
    server = await startModelServer(judgeScript());
    const result = await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria, scale: 5 });
    expect(DirectScoreResult.parse(result)).toEqual(result);
    expect(result.status).toBe('scored');
    expect(result.scores.map((s) => [s.criterion, s.score])).toEqual([
      ['accuracy', 5],
      ['clarity', 2],
    ]);
    expect(result.overallScore).toBeCloseTo(3.5, 12);
    expect(result.weightedScore).toBeCloseTo((5 * 3 + 2 * 1) / 4, 12);
    expect(result.normalisedScore).toBeCloseTo((17 / 4 - 1) / 4, 12);
    expect(result.judge).toEqual({
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      prompt: promptVersion(DIRECT_TEMPLATE),
    });
    const prompt = promptOf(server, 0);
    expect(prompt).toContain('<response>\nSlow start doubles cwnd');
    expect(prompt).toContain('1-5 scale');
    expect(prompt).toMatch(/Do NOT prefer or reward a response because it is longer/);
  });

  it('works the same through the OpenAI-compatible client (json_schema), with context and reference', async () => {
    server = await startModelServer(judgeScript());
    const provider = createOpenAiCompatibleProvider({ env: openaiEnv(server) });
    const result = await scoreDirect(
      provider,
      { ...item, context: 'RFC 5681', reference: 'cwnd grows exponentially' },
      { model: 'llama3.1:8b', criteria, scale: 10 },
    );
    expect(result.scores.map((s) => s.score)).toEqual([5, 2]);
    expect(result.normalisedScore).toBeCloseTo((17 / 4 - 1) / 9, 12);
    const format = server.requests[0]?.body.response_format as { json_schema: { name: string; strict: boolean } };
    expect(format.json_schema).toMatchObject({ name: 'direct_score', strict: true });
    const prompt = promptOf(server, 0);
    expect(prompt).toContain('## Context\nRFC 5681');
    expect(prompt).toContain('## Reference Answer\ncwnd grows exponentially');
    expect(prompt).toContain('an integer from 1 to 10');
  });

  it('asks for evidence and justification BEFORE each score in the tool schema', async () => {
    server = await startModelServer(judgeScript());
    await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria });
    const tools = server.requests[0]?.body.tools as {
      input_schema: { properties: { scores: { items: { properties: Record<string, { maximum?: number }> } } } };
    }[];
    const entry = tools[0]?.input_schema.properties.scores.items.properties ?? {};
    expect(Object.keys(entry)).toEqual(['criterion', 'evidence', 'justification', 'score', 'improvement']);
    expect(entry.score?.maximum).toBe(5);
  });

  it('matches criteria by name, not position (reordered, upper-cased reply)', async () => {
    server = await startModelServer(judgeScript({ direct: { reverse: true, upperCase: true } }));
    const result = await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria });
    expect(result.scores.map((s) => [s.criterion, s.score, s.justification])).toEqual([
      ['accuracy', 5, 'read accuracy'],
      ['clarity', 2, 'read clarity'],
    ]);
  });

  it('rounds in-scale fractions and says so per criterion', async () => {
    server = await startModelServer((request) => {
      const reply = directReply(requestText(request)) as { json: { scores: { criterion: string; score: number }[] } };
      reply.json.scores[1]!.score = 2.6;
      return reply;
    });
    const result = await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria, scale: 5 });
    expect(result.scores[1]).toMatchObject({ criterion: 'clarity', score: 3, adjustments: ['2.6 rounded to 3'] });
    expect(server.requests).toHaveLength(1);
  });

  it('an out-of-scale score (7 on 1-5) is invalid, not clamped: one repair request, then unmeasured with the reason', async () => {
    server = await startModelServer((request) => {
      const reply = directReply(requestText(request)) as { json: { scores: { criterion: string; score: number }[] } };
      reply.json.scores[0]!.score = 7;
      return reply;
    });
    const result = await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria, scale: 5 });
    expect(result.status).toBe('unmeasured');
    expect(result.reason).toMatch(/scores\[0\]\.score|<=5/);
    expect(result.reason).toMatch(/after one repair request/);
    expect(result.scores.every((s) => s.score === null)).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('leaves a criterion the judge skipped unmeasured and out of the averages', async () => {
    server = await startModelServer((request) => {
      const reply = directReply(requestText(request)) as { json: { scores: { criterion: string }[] } };
      reply.json.scores = reply.json.scores.filter((s) => s.criterion !== 'clarity');
      reply.json.scores.push({ criterion: 'style' } as never);
      return reply;
    });
    const result = await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria });
    // `style` lacks fields -> invalid reply -> repair request -> same reply -> unmeasured, not a low score.
    expect(result.status).toBe('unmeasured');
    expect(result.weightedScore).toBeNull();
    expect(result.reason).toMatch(/after one repair request/);
    expect(server.requests).toHaveLength(2);
  });

  it('skipped criterion with a valid reply: null score, warning, weighted mean over the rest', async () => {
    server = await startModelServer((request) => {
      const reply = directReply(requestText(request)) as { json: { scores: { criterion: string }[] } };
      reply.json.scores = reply.json.scores.filter((s) => s.criterion !== 'clarity');
      return reply;
    });
    const result = await scoreDirect(anthropicJudge(server), item, { model: 'sonnet', criteria });
    expect(result.scores[1]).toMatchObject({ criterion: 'clarity', score: null });
    expect(result.weightedScore).toBe(5);
    expect(result.warnings).toContain('the judge did not score "clarity"');
  });

  it("puts each criterion's OWN rubric under that criterion in the prompt", async () => {
    server = await startModelServer(judgeScript());
    const rubric = (criterion: string, word: string): Rubric => ({
      criterion,
      description: '',
      scale: { min: 1, max: 5 },
      strictness: 'balanced',
      scoringGuidelines: [],
      edgeCases: [],
      warnings: [],
      levels: [
        { score: 1, label: `${word}-low`, description: `${word} poor`, characteristics: [] },
        { score: 5, label: `${word}-high`, description: `${word} great`, characteristics: [] },
      ],
    });
    await scoreDirect(anthropicJudge(server), item, {
      model: 'sonnet',
      criteria: [
        { ...criteria[0]!, rubric: rubric('accuracy', 'FACT') },
        { ...criteria[1]!, rubric: rubric('clarity', 'PROSE') },
      ],
    });
    const prompt = promptOf(server, 0);
    const accuracySection = prompt.slice(prompt.indexOf('### accuracy'), prompt.indexOf('### clarity'));
    const claritySection = prompt.slice(prompt.indexOf('### clarity'), prompt.indexOf('## Instructions'));
    expect(accuracySection).toContain('5 (FACT-high): FACT great');
    expect(accuracySection).not.toContain('PROSE');
    expect(claritySection).toContain('1 (PROSE-low): PROSE poor');
    expect(claritySection).not.toContain('FACT');
  });

  it('applies the optional length penalty and records it', async () => {
    server = await startModelServer(judgeScript());
    const long = { prompt: 'p', response: `${'x'.repeat(2987)} [accuracy=5]` };
    const result = await scoreDirect(anthropicJudge(server), long, {
      model: 'sonnet',
      criteria,
      lengthNormalise: { targetLength: 500 },
    });
    // ratio 6 -> (6 - 2) x 0.1 = 0.4 points on a 1-5 scale
    expect(result.scores[0]?.score).toBeCloseTo(4.6, 12);
    expect(result.scores[0]?.adjustments).toContain('length penalty 0.40');
    expect(result.lengthNormalised).toBe(true);
    expect(lengthPenalty(100, 5)).toBeCloseTo(0.05, 12);
    expect(lengthPenalty(500, 10)).toBe(0);
  });

  it('scores a batch in input order', async () => {
    server = await startModelServer(judgeScript());
    const items = [1, 2, 3, 4, 5].map((n) => ({
      id: `i${n}`,
      prompt: 'p',
      response: `answer [accuracy=${n}] [clarity=${n}]`,
    }));
    const results = await scoreDirectBatch(anthropicJudge(server), items, { model: 'sonnet', criteria });
    expect(results.map((r) => [r.id, r.weightedScore])).toEqual([
      ['i1', 1],
      ['i2', 2],
      ['i3', 3],
      ['i4', 4],
      ['i5', 5],
    ]);
  });

  it('a changed template gets a different version hash', () => {
    const v1 = promptVersion(DIRECT_TEMPLATE);
    const v2 = promptVersion({ ...DIRECT_TEMPLATE, user: `${DIRECT_TEMPLATE.user} ` });
    expect(v1.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(v2.hash).not.toBe(v1.hash);
  });

  it('refuses duplicate criteria', async () => {
    server = await startModelServer(judgeScript());
    await expect(
      scoreDirect(anthropicJudge(server), item, { model: 'm', criteria: [{ name: 'A' }, { name: 'a' }] }),
    ).rejects.toThrow(/listed twice/);
  });
});
