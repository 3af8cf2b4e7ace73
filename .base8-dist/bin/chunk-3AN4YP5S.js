import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  priceOverridesSchema
} from "./chunk-INOI5UZU.js";

// src/config/schema.ts
import { z } from "zod";
var PluginEvalConfig = z.strictObject({
  $schema: z.string().optional(),
  methodology: z.enum(["default", "compat"]).optional(),
  depth: z.enum(["quick", "standard", "deep", "thorough"]).optional(),
  threshold: z.number().min(0).max(100).optional(),
  provider: z.string().optional().describe("anthropic | openai | openai-compatible | ollama | claude-code"),
  model: z.string().optional().describe("judge model or alias (haiku, sonnet, opus)"),
  judgeModels: z.array(z.string()).min(1).optional(),
  judges: z.number().int().min(1).max(20).optional(),
  baseURL: z.string().url().optional(),
  concurrency: z.number().int().min(1).max(64).optional(),
  cache: z.strictObject({ enabled: z.boolean().optional(), ttlDays: z.number().positive().optional() }).optional(),
  prices: priceOverridesSchema.optional().describe("USD per million tokens, per model id: {input, output, cacheRead?, cacheWrite?}")
}).meta({ id: "PluginEvalConfig", title: "plugin-eval.config.json" });

export {
  PluginEvalConfig
};
//# sourceMappingURL=chunk-3AN4YP5S.js.map
