/**
 * Fluent nonsense (real sentences in shuffled order) passes every static test, so the judge's output-quality
 * rubric must say how it scores. This checks that the request the judge actually receives, through the real
 * Anthropic SDK client and the scripted model server, carries that rule next to the skill.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runJudgeLayer } from '../../src/judge/index.js';
import { rubricText } from '../../src/judge/rubric-judge.js';
import { OUTPUT_QUALITY_RUBRIC } from '../../src/judge/dimensions/output-quality.js';
import { rubricAnchors } from '../../src/judge/rubrics.js';
import { parseSkill } from '../../src/parse/skill.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { ReliableProvider } from '../../src/providers/reliable.js';
import { requestText, startModelServer, type ModelServer } from '../support/model-server.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { enveloped, judgeScript, schemaNameOf } from './judge-script.js';

const SHUFFLED = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'content-free-control',
  'shuffled-sentences',
);

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('output-quality rubric and incoherent text', () => {
  it('judges coherence before structure and anchors shuffled or contentless instructions at 0', () => {
    const text = rubricText(OUTPUT_QUALITY_RUBRIC);
    expect(text).toMatch(
      /- First read the prose as a whole: .*Shuffled sentences, word salad, generated babble and stock filler cannot be followed, however complete the headings, code blocks, examples and reference files/,
    );
    expect(text).toMatch(
      /- 0\.00: .*text that reads as sentences but does not cohere into followable instructions \(sentences in shuffled order, word salad, babble, filler\), whatever its structure/,
    );
  });

  it('the output-quality request for the shuffled-sentences fixture carries the rule beside the skill', async () => {
    const parsed = await parseSkill(SHUFFLED);
    if (!parsed.ok) throw new Error('fixture does not parse');
    server = await startModelServer(
      judgeScript({ candidate: 'shuffled-sentences', shouldTrigger: [], nearMisses: [], score: () => 0 }),
    );
    const provider = new ReliableProvider(createAnthropicProvider({ env: anthropicEnv(server) }), fastReliability());
    const out = await runJudgeLayer(parsed.skill, { provider, model: 'sonnet', dimensions: ['output_quality'] });
    expect(out.measurements.output_quality?.score).toBe(0);
    const request = server.requests.find((r) => schemaNameOf(r) === 'judge_output_quality');
    expect(request).toBeDefined();
    const text = requestText(request!);
    expect(text).toContain(`Dimension: ${OUTPUT_QUALITY_RUBRIC.criterion}`);
    expect(text).toContain(OUTPUT_QUALITY_RUBRIC.scoringGuidelines[0]);
    expect(text).toContain(rubricAnchors(OUTPUT_QUALITY_RUBRIC).find((a) => a.score === 0)!.description);
    // The skill itself is in the envelope, as data.
    expect(enveloped(text, 'SKILL')).toContain('name: shuffled-sentences');
  });
});
