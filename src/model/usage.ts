/** Model usage of a layer, a result or a run (its own file so the Elo and result schemas can both use it). */
import { z } from 'zod';

export const LayerUsage = z.object({
  provider: z.string().optional().describe('Which provider ran the calls, and why it was chosen'),
  models: z.array(z.string()),
  calls: z.number().int(),
  cachedCalls: z
    .number()
    .int()
    .describe(
      'Calls answered from the response cache: not charged, their tokens in cachedInputTokens/cachedOutputTokens',
    ),
  unpricedCalls: z.number().int().optional().describe('Charged calls whose model has no price (costUsd is then null)'),
  unreportedCalls: z
    .number()
    .int()
    .optional()
    .describe(
      'Charged calls whose server reported no token counts: their tokens are in no token field, and costUsd is ' +
        'then null',
    ),
  cachedUnreportedCalls: z
    .number()
    .int()
    .optional()
    .describe('Cache hits whose stored answer had no token counts reported: their tokens are in no cached token field'),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  cacheReadTokens: z.number().int(),
  cacheWriteTokens: z.number().int(),
  cachedInputTokens: z
    .number()
    .int()
    .optional()
    .describe('Input tokens of the answers served from the response cache (not charged)'),
  cachedOutputTokens: z
    .number()
    .int()
    .optional()
    .describe('Output tokens of the answers served from the response cache (not charged)'),
  costUsd: z
    .number()
    .nullable()
    .describe(
      'USD spent; null (unknown) when a charged call used a model without a price or had no usage reported, ' +
        'never a made-up 0',
    ),
});
export type LayerUsage = z.infer<typeof LayerUsage>;
