import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandsToBuild } from '../../src/cli/command-set.js';
import { buildProgram } from '../../src/cli/run.js';

/**
 * A command line that names a command builds only that command (start-up): what that command prints, its help
 * included, must be what the whole program printed for it.
 */
const ui = { stdout() {}, stderr() {}, color: false, stderrIsTTY: false, quiet: true, width: 80, signal: undefined };
const names = (program: Command): string[] => program.commands.map((c) => c.name());

/** A command's help and that of each of its subcommands, as commander prints them. */
function helpTexts(command: Command): string[] {
  return [command.helpInformation(), ...command.commands.flatMap(helpTexts)];
}

describe('the commands a command line builds', () => {
  it('lists every command the whole program registers, in its order', async () => {
    expect(names(await buildProgram(ui, () => {}))).toEqual(COMMAND_NAMES);
  });

  it('builds only the named command, with the help and options the whole program gives it', async () => {
    const whole = await buildProgram(ui, () => {});
    // judge, logs and evals register their subcommands only when named: the whole program holds stubs of them.
    for (const name of COMMAND_NAMES.filter((n) => !['judge', 'logs', 'evals'].includes(n))) {
      const alone = await buildProgram(ui, () => {}, ['--config', 'x.json', name, 'arg']);
      expect(names(alone), name).toEqual([name]);
      const full = whole.commands.find((c) => c.name() === name)!;
      expect(helpTexts(alone.commands[0]!), name).toEqual(helpTexts(full));
      expect(alone.helpInformation()).not.toEqual(whole.helpInformation());
    }
  });

  it('builds every command for a command line that names none of them', async () => {
    const whole = names(await buildProgram(ui, () => {}));
    for (const argv of [[], ['--help'], ['help', 'score'], ['scroe', 'x'], ['--config', 'score']])
      expect(names(await buildProgram(ui, () => {}, argv)), argv.join(' ')).toEqual(whole);
    expect(commandsToBuild(['score', 'x'])('certify')).toBe(false);
    expect(commandsToBuild(['--', 'score'])('score')).toBe(true);
  });
});
