import path from 'node:path';
import { resolveSettings, settingPath } from '../../config/resolve.js';
import { optionalNumberFlag } from '../../config/numbers.js';
import { InputError, MissingPackageError, UsageError } from '../../errors.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';
import { renderSummary } from '../../reporters/summary-output.js';

export interface HistoryFlags {
  output: 'text' | 'json';
  limit?: string;
  store?: string;
}

/** `plugin-eval history SKILL`: the recorded trend of one skill or plugin, as text (sparkline and table) or JSON. */
export async function runHistory(
  query: string,
  flags: HistoryFlags,
  ui: Ui,
  options: { configFile?: string | undefined; explicit?: (flag: string) => boolean } = {},
): Promise<number> {
  const limit = optionalNumberFlag('--limit', flags.limit, { whole: true, min: 1, max: 100_000 });
  const resolved = await resolveSettings({
    command: 'history',
    given: flags.store !== undefined && (options.explicit?.('store') ?? true) ? { store: flags.store } : {},
    ...(options.configFile !== undefined ? { config: options.configFile } : {}),
  });
  const setting = resolved.settings.store;
  if (setting === false)
    throw new UsageError(
      'history reads the results store, which is off (PLUGIN_EVAL_STORE=off or store: false in the config ' +
        'file); give one with --store PATH',
    );
  const location = settingPath(resolved, 'store', setting);
  // Reading must not create an empty store where the user mistyped a path.
  const { storeExists } = await import('../../store/journal.js');
  if (!storeExists(location)) {
    // Without the SQLite client score records nothing (quietly, for the default store): that is the reason to give.
    const { missingPackageOf } = await import('../../util/optional-package.js');
    const driverMissing = await import('@libsql/client').then(
      () => false,
      (error: unknown) => missingPackageOf(error) === '@libsql/client',
    );
    if (driverMissing)
      throw new MissingPackageError('@libsql/client', 'the results store (score records nothing without it)');
    throw new InputError(
      `${location}: no results store here (nothing recorded yet, or another --store path)`,
      location,
    );
  }
  const [{ openResultsStore }, { formatHistoryText }, { SkillHistory }] = await Promise.all([
    import('../../store/sqlite-store.js'),
    import('../../store/history-text.js'),
    import('../../store/schema.js'),
  ]);
  const store = await openResultsStore({ location, warn: (line) => ui.stderr(line) }).catch((error: unknown) => {
    // The store's own message offers --no-store, which reading the store cannot do without.
    if (error instanceof MissingPackageError)
      throw new MissingPackageError(error.packageName, 'history (it reads the results store)', error.cause);
    throw error;
  });
  try {
    const history = await store.history(query, limit !== undefined ? { limit } : {});
    if (history === undefined)
      throw new InputError(
        `${query}: nothing recorded for this skill or plugin in ${location} (neither a recorded path nor a ` +
          `recorded name)`,
        location,
      );
    // Checked for both formats: a row the schema does not know (edited by hand, or a value a later plugin-eval
    // writes at the same schema version) was an "unexpected error" with zod's dump in JSON and a NaN in text.
    const checked = SkillHistory.safeParse(history);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const point =
        issue.path[0] === 'points' && typeof issue.path[1] === 'number' ? history.points[issue.path[1]] : undefined;
      const what =
        point !== undefined
          ? `the result of run ${point.runId} (${point.recordedAt}) at ${issue.path.slice(2).join('.')}`
          : issue.path.join('.');
      throw new InputError(
        `${location}: ${history.target.key}: a recorded value this plugin-eval cannot read: ${what}: ${issue.message}`,
        location,
      );
    }
    const asked = path.resolve(query);
    if (history.target.kind === 'plugin' && asked.startsWith(`${history.target.key}${path.sep}`))
      ui.stderr(`plugin-eval: ${query} was scored as part of the plugin ${history.target.key}: its history follows`);
    ui.stdout(renderSummary(flags.output, checked.data, () => formatHistoryText(checked.data)));
    return EXIT.OK;
  } finally {
    await store.close();
  }
}
