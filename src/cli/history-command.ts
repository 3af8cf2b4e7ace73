import { existsSync } from 'node:fs';
import { resolveSettings, settingPath } from '../config/resolve.js';
import { optionalNumberFlag } from '../config/numbers.js';
import { InputError, MissingPackageError, UsageError } from '../errors.js';
import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';

export interface HistoryFlags {
  output: 'text' | 'json';
  limit?: string;
  store?: string;
}

/** `plugin-eval history SKILL`: the recorded trend of one skill or plugin, as text (sparkline and table) or JSON. */
export async function runHistory(query: string, flags: HistoryFlags, ui: Ui, options: { configFile?: string | undefined; explicit?: (flag: string) => boolean } = {}): Promise<number> {
  const limit = optionalNumberFlag('--limit', flags.limit, { whole: true, min: 1, max: 100_000 });
  const resolved = await resolveSettings({
    command: 'history',
    given: flags.store !== undefined && (options.explicit?.('store') ?? true) ? { store: flags.store } : {},
    ...(options.configFile !== undefined ? { config: options.configFile } : {}),
  });
  const setting = resolved.settings.store;
  if (setting === false) throw new UsageError('history reads the results store, which is off (PLUGIN_EVAL_STORE=off or store: false in the config file); give one with --store PATH');
  const location = settingPath(resolved, 'store', setting);
  // Reading must not create an empty store where the user mistyped a path.
  if (!existsSync(location)) throw new InputError(`${location}: no results store here (nothing recorded yet, or another --store path)`, location);
  const [{ openResultsStore }, { formatHistoryText }, { SkillHistory }] = await Promise.all([
    import('../store/sqlite-store.js'),
    import('../store/history-text.js'),
    import('../store/schema.js'),
  ]);
  const store = await openResultsStore({ location }).catch((error: unknown) => {
    // The store's own message offers --no-store, which reading the store cannot do without.
    if (error instanceof MissingPackageError) throw new MissingPackageError(error.packageName, 'history (it reads the results store)', error.cause);
    throw error;
  });
  try {
    const history = await store.history(query, limit !== undefined ? { limit } : {});
    if (history === undefined) throw new InputError(`${query}: nothing recorded for this skill or plugin in ${location} (neither a recorded path nor a recorded name)`, location);
    if (flags.output === 'json') ui.stdout(`${JSON.stringify(SkillHistory.parse(history), null, 2)}\n`);
    else ui.stdout(formatHistoryText(history));
    return EXIT.OK;
  } finally {
    await store.close();
  }
}
