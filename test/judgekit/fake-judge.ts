/**
 * Scripted judges for the scripted model server. They READ the real prompts judgekit sends (the
 * response between its tags, the criteria headings) and decide from the content, so a swapped
 * pass really sees the responses in the other order. Responses carry markers the judges read:
 * `[accuracy=4]` sets that criterion's score, `[q=7]` sets a response's overall quality.
 */
import { createAnthropicProvider } from '../../src/providers/index.js';
import type { Provider } from '../../src/providers/index.js';
import { requestText } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { anthropicEnv } from '../support/provider-fixtures.js';

export function between(text: string, open: string, close: string): string {
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start === -1 || end === -1) throw new Error(`no ${open}...${close} in the prompt`);
  return text.slice(start + open.length, end).trim();
}

/** Name of the structured output asked for: Anthropic's forced tool or OpenAI's json_schema. */
export function toolOf(request: ScriptRequest): string | undefined {
  const openai = (request.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  return openai ?? (request.body.tool_choice as { name?: string } | undefined)?.name;
}

export function criteriaOf(text: string): string[] {
  return [...text.matchAll(/^### (.+?) \(weight [\d.]+\)$/gm)].map((m) => m[1] as string);
}

export function marker(text: string, key: string): number | undefined {
  const m = new RegExp(`\\[${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=(-?[\\d.]+)\\]`).exec(text);
  return m ? Number(m[1]) : undefined;
}

/** A direct-scoring reply built from the response's markers (default 3). */
export function directReply(text: string, options: { reverse?: boolean; upperCase?: boolean } = {}): Reply {
  const response = between(text, '<response>', '</response>');
  let scores = criteriaOf(text).map((name) => ({
    criterion: options.upperCase ? name.toUpperCase() : name,
    evidence: [`"${response.slice(0, 20)}"`],
    justification: `read ${name}`,
    score: marker(response, name) ?? 3,
    improvement: `improve ${name}`,
  }));
  if (options.reverse) scores = scores.reverse();
  return {
    json: {
      scores,
      summary: {
        assessment: `assessed ${response.length} chars`,
        strengths: ['s'],
        weaknesses: ['w'],
        priorities: ['p'],
      },
    },
  };
}

export interface PairJudgeOptions {
  /** Always name the response shown first (a maximally position-biased judge). */
  alwaysFirst?: boolean;
  likert?: boolean;
  confidence?: number;
  evidence?: number;
  /** Reverse the per-criterion list so only name matching keeps criteria straight. */
  reverseCriteria?: boolean;
}

/** A pairwise reply that prefers the response with the higher `[q=N]` marker, as shown. */
export function pairReply(text: string, options: PairJudgeOptions = {}): Reply {
  const first = between(text, '<response_a>', '</response_a>');
  const second = between(text, '<response_b>', '</response_b>');
  const qa = marker(first, 'q') ?? 0;
  const qb = marker(second, 'q') ?? 0;
  const winner = options.alwaysFirst ? 'A' : qa > qb ? 'A' : qb > qa ? 'B' : 'TIE';
  const gap = Math.abs(qa - qb);
  const verdict = !options.likert
    ? winner
    : winner === 'TIE'
      ? 'A=B'
      : winner === 'A'
        ? gap >= 3
          ? 'A>>B'
          : 'A>B'
        : gap >= 3
          ? 'B>>A'
          : 'B>A';
  let comparison = criteriaOf(text).map((criterion) => {
    // Per criterion the judge reads `[name=N]` markers, so criteria can disagree with the overall verdict.
    const ca = marker(first, criterion) ?? qa;
    const cb = marker(second, criterion) ?? qb;
    return {
      criterion,
      aAssessment: `A ${ca}`,
      bAssessment: `B ${cb}`,
      reasoning: `${criterion}: ${ca} vs ${cb}`,
      winner: ca > cb ? 'A' : cb > ca ? 'B' : 'TIE',
    };
  });
  if (options.reverseCriteria) comparison = comparison.reverse();
  return {
    json: {
      analysis: { responseA: `first: ${first.slice(0, 30)}`, responseB: `second: ${second.slice(0, 30)}` },
      comparison,
      differentiators: ['quality marker'],
      evidence: Array.from({ length: options.evidence ?? 3 }, (_u, i) => `evidence ${i + 1}`),
      reasoning: `shown first q=${qa}, shown second q=${qb}`,
      verdict,
      confidence: options.confidence ?? 0.8,
    },
  };
}

export function rubricReply(text: string, scale: number, options: { skip?: number[] } = {}): Reply {
  const name = /Name: (.+)/.exec(text)?.[1] ?? 'criterion';
  const levels = Array.from({ length: scale }, (_u, i) => i + 1)
    .filter((s) => !(options.skip ?? []).includes(s))
    .map((score) => ({
      score,
      label: `L${score}`,
      description: `${name} at level ${score}`,
      characteristics: [`trait ${score}`],
      example: `example ${score}`,
    }));
  return {
    json: {
      levels,
      scoringGuidelines: [`apply ${name} consistently`],
      edgeCases: [{ situation: 'empty answer', guidance: 'score 1' }],
    },
  };
}

/** One script for every judge kind, dispatching on the forced tool name. */
export function judgeScript(
  options: { pair?: PairJudgeOptions; direct?: { reverse?: boolean; upperCase?: boolean }; scale?: number } = {},
) {
  return (request: ScriptRequest): Reply => {
    const text = requestText(request);
    switch (toolOf(request)) {
      case 'direct_score':
        return directReply(text, options.direct);
      case 'pairwise_verdict':
        // Answer in the verdict format the prompt asks for.
        return pairReply(text, { likert: text.includes('A>>B (A much better)'), ...options.pair });
      case 'rubric':
        return rubricReply(text, Number(/1 to (\d+)\./.exec(text)?.[1] ?? options.scale ?? 5));
      default:
        return { text: 'unexpected request' };
    }
  };
}

export function anthropicJudge(server: ModelServer): Provider {
  return createAnthropicProvider({ env: anthropicEnv(server) });
}

/** The user prompt of a recorded request. */
export function promptOf(server: ModelServer, index: number): string {
  const request = server.requests[index];
  if (request === undefined) throw new Error(`no request ${index}`);
  return requestText(request);
}
