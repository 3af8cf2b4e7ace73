/** The corpus folder from the resolved settings, as `init` and `certify` both read it. */
import path from 'node:path';
import type { ResolvedSettings } from '../config/resolve.js';
import { expandHome } from '../corpus/paths.js';

/** `~/` expanded; a relative folder from a config file is relative to that file (as ignorePatterns are), else to the working folder. */
export function corpusDirOf(resolved: ResolvedSettings): string {
  const dir = expandHome(resolved.settings.corpusDir);
  if (resolved.provenance.corpusDir?.source === 'config' && resolved.configFile !== undefined && !path.isAbsolute(dir)) {
    return path.resolve(path.dirname(resolved.configFile), dir);
  }
  return dir;
}
