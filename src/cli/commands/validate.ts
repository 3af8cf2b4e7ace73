import path from 'node:path';
import { ruleConfigOf } from '../../rules/config/apply-rule-config.js';
import { VALIDATE_OUTPUT_FORMATS, VALIDATE_REPORTERS, type ValidateOutput } from '../../reporters/validate/index.js';
import { checkWritable, refuseInputAsOutput, writeFileAtomic } from '../../util/atomic-write.js';
import { validate } from '../../rules/validate/index.js';
import { resolveSettings } from '../../config/resolve.js';
import { VERSION } from '../../version.js';
import { EXIT } from '../exit-codes.js';
import { reportSettings } from '../settings-line.js';
import type { Ui } from '../ui.js';
import { runFixes } from '../fix-run.js';
import { SOURCE_SETTINGS, typedSettings } from '../setting-flags.js';

/**
 * `validate`: the rule configuration of the config file applied, the report in the asked format, exit 1 on errors.
 * With `--fix` the report is of the fixed files; with `--fix-dry-run` stdout holds the diff, and the report of the
 * fixed texts goes to `--out` when one is given (the exit code is theirs either way).
 */
export async function runValidate(
  paths: string[],
  flags: {
    output: ValidateOutput;
    quiet?: boolean;
    out?: string;
    verbose?: boolean;
    listFiles?: boolean;
    fix?: boolean;
    fixDryRun?: boolean;
  },
  ui: Ui,
  context: {
    configFile?: string | undefined;
    typed?: (attribute: string) => boolean;
    /** Under --watch: the `--out` file is added, so its writes start no run. */
    written?: Set<string>;
  } = {},
): Promise<number> {
  // The config file is read (and a bad one stops here, naming file, line and key) before anything is linted.
  const resolved = await resolveSettings({
    command: 'validate',
    given: typedSettings(flags, SOURCE_SETTINGS, context.typed),
    ...(context.configFile !== undefined ? { config: context.configFile } : {}),
  });
  reportSettings(resolved, ui, { verbose: flags.verbose === true });
  if (flags.out !== undefined) {
    await checkWritable(flags.out, '--out');
    refuseInputAsOutput(flags.out, '--out', paths);
    context.written?.add(path.resolve(flags.out));
  }
  const ruleConfig = ruleConfigOf(resolved.settings, resolved.configFile);
  const options = { ...(ruleConfig ? { ruleConfig } : {}), ...(ui.signal ? { signal: ui.signal } : {}) };
  const fixed = await runFixes(paths, resolved.settings, ui, options);
  const report = fixed?.report ?? (await validate(paths, options));
  if (resolved.settings.fixDryRun && !flags.out) return report.errors > 0 ? EXIT.FAILED : EXIT.OK;
  const text = VALIDATE_REPORTERS[flags.output](report, {
    color: ui.color && !flags.out && VALIDATE_OUTPUT_FORMATS[flags.output].forTerminal,
    quiet: flags.quiet === true,
    listFiles: flags.listFiles === true,
    toolVersion: VERSION,
  });
  if (flags.out) await writeFileAtomic(flags.out, text);
  else ui.stdout(text);
  return report.errors > 0 ? EXIT.FAILED : EXIT.OK;
}
