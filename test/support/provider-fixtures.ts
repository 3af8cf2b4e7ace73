/**
 * Shared pieces for provider tests: a judge-like schema, env that points real SDK clients at the
 * scripted server, and reliability settings with near-zero backoff that record every wait.
 */
import { z } from 'zod';
import { CancelledError } from '../../src/errors.js';
import type { ReliabilityOptions } from '../../src/providers/reliable.js';
import type { ModelServer } from './model-server.js';

export const verdictSchema = z.object({
  reasons: z.string(),
  score: z.number().int().min(1).max(5),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const goodVerdict: Verdict = { reasons: 'clear trigger description', score: 4 };

export const judgeRequest = {
  model: 'sonnet',
  system: 'You grade skills.',
  messages: [{ role: 'user' as const, content: 'Grade this SKILL.md: ...' }],
  schema: verdictSchema,
  schemaName: 'verdict',
  maxTokens: 300,
};

/** Env for SDK clients: only what the scripted server needs, never a real key. */
export function anthropicEnv(server: ModelServer): NodeJS.ProcessEnv {
  return { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.url };
}

export function openaiEnv(server: ModelServer): NodeJS.ProcessEnv {
  return { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.openaiBaseURL };
}

/**
 * Fast retries: waits are recorded, not slept (except a token 1 ms to keep ordering realistic). No attempt is cut
 * by the clock unless a test asks for it (`timeoutMs`): on a busy machine a short cut turned a slow answer into a
 * retry, one request more than the test counted.
 */
export function fastReliability(overrides: ReliabilityOptions = {}): ReliabilityOptions & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    baseDelayMs: 10,
    maxDelayMs: 50,
    timeoutMs: 120_000,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      waits.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (signal?.aborted) throw new CancelledError();
    },
    ...overrides,
  };
}
