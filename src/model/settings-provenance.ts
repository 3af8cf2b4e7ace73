import { z } from 'zod';

/**
 * The contract for where settings came from, as the run log records it. Kept apart from the resolver so
 * resolving options never loads zod.
 */
export const SettingOrigin = z
  .strictObject({
    value: z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.array(z.string()),
      z.record(z.string(), z.unknown()),
      z.null(),
    ]),
    source: z.enum(['flag', 'env', 'config', 'default']),
    detail: z.string().optional().describe('the flag, the environment variable, or "file:line key" of the config file'),
  })
  .meta({ id: 'SettingOrigin' });

export const SettingsProvenance = z
  .record(z.string(), SettingOrigin)
  .describe(
    'per setting: its value (a credential only as "set") and whether a flag, the environment, the config file ' +
      'or a default set it',
  )
  .meta({ id: 'SettingsProvenance' });
export type SettingsProvenance = z.infer<typeof SettingsProvenance>;
