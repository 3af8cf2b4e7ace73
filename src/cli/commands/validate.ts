import { ruleConfigOf } from '../../rules/config/apply-rule-config.js';
import { VALIDATE_OUTPUT_FORMATS, VALIDATE_REPORTERS, type ValidateOutput } from '../../reporters/validate/index.js';
import { checkWritable, refuseInputAsOutput, writeFileAtomic } from '../../util/atomic-write.js';
import { validate } from '../../rules/validate/index.js';
import { resolveSettings } from '../../config/resolve.js';
import { VERSION } from '../../version.js';
import { EXIT } from '../exit-codes.js';
import { reportSettings } from '../settings-line.js';
import type { Ui } from '../ui.js';

/** `validate`: the rule configuration of the config file applied, the report in the asked format, exit 1 on errors. */
export async function runValidate(
  paths: string[],
  flags: { output: ValidateOutput; quiet?: boolean; out?: string; verbose?: boolean; listFiles?: boolean },
  ui: Ui,
  context: { configFile?: string | undefined } = {},
): Promise<number> {
  // The config file is read (and a bad one stops here, naming file, line and key) before anything is linted.
  const resolved = await resolveSettings({
    command: 'validate',
    ...(context.configFile !== undefined ? { config: context.configFile } : {}),
  });
  reportSettings(resolved, ui, { verbose: flags.verbose === true });
  if (flags.out !== undefined) {
    await checkWritable(flags.out, '--out');
    refuseInputAsOutput(flags.out, '--out', paths);
  }
  const ruleConfig = ruleConfigOf(resolved.settings, resolved.configFile);
  const report = await validate(paths, {
    ...(ruleConfig ? { ruleConfig } : {}),
    ...(ui.signal ? { signal: ui.signal } : {}),
  });
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
