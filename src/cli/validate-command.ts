import { ruleConfigOf } from '../lint/apply-rule-config.js';
import { VALIDATE_REPORTERS, type ValidateOutput } from '../reporters/validate/index.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { validate } from '../validate/index.js';
import { VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { loadCliConfig } from './config-file.js';
import type { Ui } from './ui.js';

/** `validate`: the rule configuration of the config file applied, the report in the asked format, exit 1 on errors. */
export async function runValidate(paths: string[], flags: { output: ValidateOutput; quiet?: boolean; out?: string }, ui: Ui, options: { configFile?: string } = {}): Promise<number> {
  const { config, file } = await loadCliConfig(options.configFile);
  const ruleConfig = ruleConfigOf(config, file);
  const report = await validate(paths, ruleConfig ? { ruleConfig } : {});
  const text = VALIDATE_REPORTERS[flags.output](report, { color: ui.color && !flags.out && flags.output === 'text', quiet: flags.quiet === true, toolVersion: VERSION });
  if (flags.out) await writeFileAtomic(flags.out, text);
  else ui.stdout(text);
  return report.errors > 0 ? EXIT.FAILED : EXIT.OK;
}
