/**
 * The post-hoc analyzer (skill-creator's analyzer role, comparison mode): un-blinded, it reads the comparator's
 * verdict, both skills' SKILL.md and both transcripts, and says why the winner won and what to change in the loser.
 * One structured call; comparison_summary is filled from the comparison itself, not by the model.
 */
import { z } from 'zod';
import { PluginEvalError } from '../../errors.js';
import { dataNotInstructions, wrapUntrusted } from '../../judge/envelope.js';
import type { Provider } from '../../providers/index.js';
import { cut, type CompareSide } from './compare-read.js';
import type { Analysis, Comparison } from '../schemas/index.js';

const Following = z.object({ score: z.number().int().min(1).max(10), issues: z.array(z.string()) });
export const AnalyzerReply = z.object({
  winner_strengths: z.array(z.string()),
  loser_weaknesses: z.array(z.string()),
  instruction_following: z.object({ winner: Following, loser: Following }),
  improvement_suggestions: z.array(
    z.object({
      priority: z.enum(['high', 'medium', 'low']),
      category: z.enum(['instructions', 'tools', 'examples', 'error_handling', 'structure', 'references']),
      suggestion: z.string(),
      expected_impact: z.string(),
    }),
  ),
  transcript_insights: z.object({ winner_execution_pattern: z.string(), loser_execution_pattern: z.string() }),
});

const ANALYZER_SYSTEM = [
  'You are the post-hoc analyzer of a blind comparison between two runs of an AI agent on the same task, each run',
  'using a different version of a skill (a SKILL.md the agent could read). The comparison has been un-blinded: you',
  "know which skill produced the winning output. Using both skills, both transcripts and the comparator's verdict,",
  "explain why the winner won: its skill's strengths that mattered, the loser skill's weaknesses, how well each",
  'agent followed its skill (1-10, with the issues), and concrete, prioritized improvements to the LOSING skill',
  '(categories: instructions, tools, examples, error_handling, structure, references). Ground every claim in the',
  'material. Reply with the JSON object asked for.',
].join('\n');

export interface AnalyzeRequest {
  comparison: Comparison;
  a: CompareSide;
  b: CompareSide;
  skills: { A: { path: string; text: string } | undefined; B: { path: string; text: string } | undefined };
}

/** analysis.json for a decided comparison; a TIE has no winner to explain (the caller skips it). */
export async function analyzeComparison(
  provider: Provider,
  request: AnalyzeRequest,
  options: { model: string; signal?: AbortSignal },
): Promise<Analysis> {
  const winner = request.comparison.winner;
  if (winner === 'TIE') throw new Error('internal: analyzeComparison needs a winner');
  const loser = winner === 'A' ? 'B' : 'A';
  const sides = { A: request.a, B: request.b };
  const skillOf = (label: 'A' | 'B') => request.skills[label]?.text ?? '(the skill text was not given)';
  const blocks = [
    wrapUntrusted('WINNER_SKILL', cut(skillOf(winner))),
    wrapUntrusted('LOSER_SKILL', cut(skillOf(loser))),
    wrapUntrusted('WINNER_TRANSCRIPT', cut(sides[winner].transcript ?? '(no transcript.md)')),
    wrapUntrusted('LOSER_TRANSCRIPT', cut(sides[loser].transcript ?? '(no transcript.md)')),
    wrapUntrusted('WINNER_OUTPUT', sides[winner].outputs),
    wrapUntrusted('LOSER_OUTPUT', sides[loser].outputs),
  ];
  const verdict = JSON.stringify(
    {
      winner,
      rubric: request.comparison.rubric,
      reasoning: request.comparison.reasoning,
      expectation_results: request.comparison.expectation_results,
    },
    null,
    1,
  );
  const comparatorBlock = wrapUntrusted('COMPARATOR_VERDICT', cut(verdict));
  const [winnerSkill, loserSkill, winnerTranscript, loserTranscript, winnerOutput, loserOutput] = blocks.map(
    (b) => b.text,
  );
  const result = await provider.complete({
    model: options.model,
    system: `${ANALYZER_SYSTEM}\n\n${dataNotInstructions([...blocks, comparatorBlock])}`,
    messages: [
      {
        role: 'user',
        content: [
          `The comparator's verdict (its "A"/"B" are the caller's labels; the winner ` +
            `is ${winner}):\n${comparatorBlock.text}`,
          `The winning skill:\n${winnerSkill}`,
          `The losing skill:\n${loserSkill}`,
          `The winner's transcript:\n${winnerTranscript}`,
          `The loser's transcript:\n${loserTranscript}`,
          `The winner's output:\n${winnerOutput}`,
          `The loser's output:\n${loserOutput}`,
        ].join('\n\n'),
      },
    ],
    schema: AnalyzerReply,
    schemaName: 'post_hoc_analysis',
    maxTokens: 4096,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!result.ok)
    throw new PluginEvalError(
      'NOT_MEASURED',
      `could not measure: the analyzer's reply was unusable: ${result.reason}; analysis.json was not written`,
    );
  const pathOf = (label: 'A' | 'B') => request.skills[label]?.path ?? `(skill of ${sides[label].runDir} not given)`;
  return {
    comparison_summary: {
      winner,
      winner_skill: pathOf(winner),
      loser_skill: pathOf(loser),
      comparator_reasoning: request.comparison.reasoning,
    },
    ...result.value,
  };
}
