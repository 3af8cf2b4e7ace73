/** `plugin-eval config init`: a commented starter config file, written whole or not at all, never over another. */
import type { Command } from 'commander';
import { CONFIG_FILE_NAMES } from '../../config/find.js';
import { starterConfigText } from '../../config/starter.js';
import { InputError } from '../../errors.js';
import { createFileAtomic, writeFileAtomic } from '../../util/atomic-write.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';

export async function runConfigInit(
  flags: { force?: boolean },
  ui: Ui,
  configFile: string | undefined,
): Promise<number> {
  const file = configFile ?? CONFIG_FILE_NAMES[0];
  const text = starterConfigText();
  if (flags.force === true) await writeFileAtomic(file, text);
  else if (!(await createFileAtomic(file, text)))
    throw new InputError(`${file} exists; nothing was written (--force replaces it)`, file);
  ui.stdout(`wrote ${file}: edit it, or see docs/configuration.md; plugin-eval schema config lists every key\n`);
  return EXIT.OK;
}

/** `config init [--force]`; the global --config names the file to write (default: plugin-eval.config.json here). */
export function registerConfigCommand(program: Command, ui: Ui, setExit: (code: number) => void): void {
  const config = program.command('config').description('the config file: init writes a commented starter');
  config
    .command('init')
    .description(`write a commented starter config (the global --config file, else ./${CONFIG_FILE_NAMES[0]})`)
    .option('--force', 'replace the file if it exists')
    .action(async (flags: { force?: boolean }) =>
      setExit(await runConfigInit(flags, ui, program.opts<{ config?: string }>().config)),
    );
}
