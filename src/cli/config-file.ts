import type { PluginEvalConfig } from '../config/schema.js';

/** The config file, loaded only when one exists (it needs zod, which a plain `score` never loads). */
export async function loadCliConfig(explicitFile: string | undefined): Promise<{ config: PluginEvalConfig; file?: string | undefined }> {
  const { findConfigFile } = await import('../config/find.js');
  const file = explicitFile ?? findConfigFile(process.cwd());
  if (!file) return { config: {} };
  const { resolveConfig } = await import('../config/load.js');
  return resolveConfig(file);
}
