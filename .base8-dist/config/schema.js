import { z } from 'zod';
import { priceOverridesSchema } from '../providers/pricing.js';
/** `plugin-eval.config.json`: defaults for the CLI. Flags win over the file; the file wins over the environment. */
export const PluginEvalConfig = z
    .strictObject({
    $schema: z.string().optional(),
    methodology: z.enum(['default', 'compat']).optional(),
    depth: z.enum(['quick', 'standard', 'deep', 'thorough']).optional(),
    threshold: z.number().min(0).max(100).optional(),
    provider: z.string().optional().describe('anthropic | openai | openai-compatible | ollama | claude-code'),
    model: z.string().optional().describe('judge model or alias (haiku, sonnet, opus)'),
    judgeModels: z.array(z.string()).min(1).optional(),
    judges: z.number().int().min(1).max(20).optional(),
    baseURL: z.string().url().optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    cache: z.strictObject({ enabled: z.boolean().optional(), ttlDays: z.number().positive().optional() }).optional(),
    prices: priceOverridesSchema.optional().describe('USD per million tokens, per model id: {input, output, cacheRead?, cacheWrite?}'),
})
    .meta({ id: 'PluginEvalConfig', title: 'plugin-eval.config.json' });
//# sourceMappingURL=schema.js.map