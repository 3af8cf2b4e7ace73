import { describeSettings, type ResolvedSettings } from '../config/resolve.js';
import type { Ui } from './ui.js';

/**
 * Say on stderr what the resolver decided: its notes always; the settings line (each setting that came from the
 * environment or a config file, with where) unless quiet, and every setting with --verbose. stdout stays the report.
 */
export function reportSettings(
  resolved: ResolvedSettings,
  ui: Ui,
  options: { verbose?: boolean; hide?: readonly string[] } = {},
): void {
  for (const note of resolved.notes) ui.stderr(`plugin-eval: note: ${note}`);
  const only = options.hide ? Object.keys(resolved.provenance).filter((k) => !options.hide!.includes(k)) : undefined;
  const line = describeSettings(resolved.provenance, { all: options.verbose === true, ...(only ? { only } : {}) });
  if (line && (!ui.quiet || options.verbose)) ui.stderr(`plugin-eval: settings: ${line}`);
}
