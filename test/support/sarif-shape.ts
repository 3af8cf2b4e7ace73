import { z } from 'zod';

/**
 * The parts of the SARIF 2.1.0 JSON Schema (sarif-schema-2.1.0.json, OASIS) that our logs use: required properties,
 * enums and minimums as the schema states them. No network in tests, so the schema's constraints are written out
 * here; unknown properties are allowed, as the schema allows them in property bags only, which we check by name.
 */
const message = z.object({ text: z.string().min(1) }).or(z.object({ id: z.string() }));
const region = z.strictObject({ startLine: z.number().int().min(1), startColumn: z.number().int().min(1).optional() });
const physicalLocation = z.strictObject({
  artifactLocation: z.strictObject({
    uri: z
      .string()
      .min(1)
      .refine((u) => !/\s/.test(u) && !/\\/.test(u), 'a URI reference (no spaces, no backslashes)'),
  }),
  region: region.optional(),
});
const level = z.enum(['none', 'note', 'warning', 'error']);
const reportingDescriptor = z.strictObject({
  id: z.string().min(1),
  shortDescription: z.strictObject({ text: z.string() }).optional(),
  defaultConfiguration: z.strictObject({ level }).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
const result = z.strictObject({
  ruleId: z.string().min(1).optional(),
  ruleIndex: z.number().int().min(-1).optional(),
  level: level.optional(),
  message,
  locations: z.array(z.strictObject({ physicalLocation })).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
const invocation = z.object({
  executionSuccessful: z.boolean(),
  toolExecutionNotifications: z
    .array(z.object({ level: level.optional(), message, descriptor: z.object({ id: z.string() }).optional() }))
    .optional(),
});
export const SarifLog = z.strictObject({
  $schema: z.string().url().optional(),
  version: z.literal('2.1.0'),
  runs: z.array(
    z.strictObject({
      tool: z.strictObject({
        driver: z.strictObject({
          name: z.string().min(1),
          version: z.string().optional(),
          semanticVersion: z.string().optional(),
          rules: z.array(reportingDescriptor).optional(),
        }),
      }),
      invocations: z.array(invocation).optional(),
      results: z.array(result).optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type SarifLog = z.infer<typeof SarifLog>;

/** Parse a SARIF log against the schema's constraints and check every result's ruleIndex points at its rule. */
export function checkSarif(text: string): SarifLog {
  const log = SarifLog.parse(JSON.parse(text));
  for (const run of log.runs) {
    const rules = run.tool.driver.rules ?? [];
    for (const r of run.results ?? [])
      if (r.ruleIndex !== undefined && r.ruleIndex >= 0) {
        if (rules[r.ruleIndex]?.id !== r.ruleId)
          throw new Error(`result ruleIndex ${r.ruleIndex} does not point at rule ${r.ruleId}`);
      }
  }
  return log;
}
