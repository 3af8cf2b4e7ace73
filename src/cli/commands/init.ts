import { resolveSettings } from '../../config/resolve.js';
import type { InitCorpusReport } from '../../rank/corpus/schema.js';
import { corpusDirOf } from '../corpus-dir.js';
import { EXIT } from '../exit-codes.js';
import { reportSettings } from '../settings-line.js';
import type { Ui } from '../ui.js';
import { renderSummary } from '../../reporters/summary-output.js';

/** Changed paths listed per kind in the text report; the rest are counted (the JSON report has them all). */
const LISTED = 20;

export function renderInitReport(r: InitCorpusReport): string {
  const lines = [
    `corpus index ${r.indexFile}`,
    `  source     ${r.source}`,
    `  added      ${r.added}`,
    `  updated    ${r.updated}`,
    `  unchanged  ${r.unchanged}`,
    `  removed    ${r.removed} (kept, marked missing)`,
    `  total      ${r.total} indexed, ${r.missing} missing`,
  ];
  const list = (sign: string, paths: readonly string[]) => {
    lines.push(...paths.slice(0, LISTED).map((p) => `  ${sign} ${p}`));
    if (paths.length > LISTED) lines.push(`  ${sign} ... and ${paths.length - LISTED} more`);
  };
  if (r.changes.added.length + r.changes.updated.length + r.changes.removed.length > 0) lines.push('');
  list('+', r.changes.added);
  list('~', r.changes.updated);
  list('-', r.changes.removed);
  if (r.skipped.length > 0) {
    lines.push('', `not indexed (${r.skipped.length}):`);
    lines.push(...r.skipped.map((s) => `  ! ${s.path}: ${s.reason}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `plugin-eval init SOURCE [--corpus-dir DIR]`: the corpus index for Elo that PluginEval's methodology describes (not a
 * config-file generator). Exit 0; 2 for a missing SOURCE, a corrupt index, or a skill whose SKILL.md could not be read
 * (the index is still written with the others, and the report names it).
 */
export async function runInit(
  source: string,
  flags: { corpusDir?: string; output: 'text' | 'json'; verbose?: boolean },
  ui: Ui,
  context: { configFile?: string | undefined } = {},
): Promise<number> {
  const resolved = await resolveSettings({
    command: 'init',
    given: flags.corpusDir !== undefined ? { corpusDir: flags.corpusDir } : {},
    ...(context.configFile !== undefined ? { config: context.configFile } : {}),
  });
  reportSettings(resolved, ui, { verbose: flags.verbose === true });
  const corpusDir = corpusDirOf(resolved);
  const { initCorpus } = await import('../../rank/corpus/init.js');
  const report = await initCorpus(source, { corpusDir, ...(ui.signal ? { signal: ui.signal } : {}) });
  ui.stdout(renderSummary(flags.output, report, () => renderInitReport(report)));
  if (report.skipped.length > 0) {
    ui.stderr(
      `plugin-eval: ${report.skipped.length} skill(s) or plugin(s) could not be read and were not indexed; the ` +
        `index holds the others (exit 2)`,
    );
    return EXIT.INPUT;
  }
  return EXIT.OK;
}
