/** The corpus folder from the resolved settings, as `init` and `certify` both read it. */
import { settingPath, type ResolvedSettings } from '../config/resolve.js';
import { expandHome } from '../rank/corpus/paths.js';

/** `~/` expanded; a relative folder from a config file is relative to that file, else to the working folder. */
export function corpusDirOf(resolved: ResolvedSettings): string {
  return settingPath(resolved, 'corpusDir', expandHome(resolved.settings.corpusDir));
}
