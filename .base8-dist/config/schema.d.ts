import { z } from 'zod';
/** `plugin-eval.config.json`: defaults for the CLI. Flags win over the file; the file wins over the environment. */
export declare const PluginEvalConfig: z.ZodObject<{
    $schema: z.ZodOptional<z.ZodString>;
    methodology: z.ZodOptional<z.ZodEnum<{
        default: "default";
        compat: "compat";
    }>>;
    depth: z.ZodOptional<z.ZodEnum<{
        quick: "quick";
        standard: "standard";
        deep: "deep";
        thorough: "thorough";
    }>>;
    threshold: z.ZodOptional<z.ZodNumber>;
    provider: z.ZodOptional<z.ZodString>;
    model: z.ZodOptional<z.ZodString>;
    judgeModels: z.ZodOptional<z.ZodArray<z.ZodString>>;
    judges: z.ZodOptional<z.ZodNumber>;
    baseURL: z.ZodOptional<z.ZodString>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodObject<{
        enabled: z.ZodOptional<z.ZodBoolean>;
        ttlDays: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    prices: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        input: z.ZodNumber;
        output: z.ZodNumber;
        cacheRead: z.ZodOptional<z.ZodNumber>;
        cacheWrite: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strip>>>;
}, z.core.$strict>;
export type PluginEvalConfig = z.infer<typeof PluginEvalConfig>;
