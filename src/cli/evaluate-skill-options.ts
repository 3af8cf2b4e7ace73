/** The `evaluate-skill` command's flags; the work (readline, the store) is imported only when the command runs. */
import { Option, type Command } from 'commander';
import type { Ui } from './ui.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS } from '../reporters/summary-output.js';

/** A repeatable flag's values, in the order given. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function registerEvaluateSkill(program: Command, ui: Ui, setExit: (code: number) => void): void {
  program
    .command('evaluate-skill')
    .description(
      'rate logged executions of a skill (1-5, friction, suggestions, notes): on a terminal, or one at a time ' +
        'with --invocation',
    )
    .argument('<skill>', 'plugin:skill-name, as logged')
    .option('--recent', 'unevaluated executions of the last --days days (the default)')
    .option('--days <n>', 'the --recent window in days (default: 7)')
    .option('--all', 'every unevaluated execution')
    .option('--date <YYYY-MM-DD>', 'unevaluated executions of one UTC day')
    .option('--batch', 'review every selected execution in turn (default: the newest only)')
    .option('--list', 'list the selected executions and their invocation IDs; asks nothing')
    .option('--invocation <id>', 'rate this execution without questions (needs --rating)')
    .option('--rating <n>', 'with --invocation: 1 Failed, 2 Poor, 3 Adequate, 4 Effective, 5 Exceptional')
    .option('--friction <text>', 'with --invocation: a friction point (repeatable)', collect)
    .option('--suggestion <text>', 'with --invocation: an improvement suggestion (repeatable)', collect)
    .option('--notes <text>', 'with --invocation: other observations')
    .option('--replace', 'with --invocation: overwrite an existing evaluation')
    .option('--logs-dir <dir>', 'logs folder (default: $CLAUDE_HOME/skills/logs, else ~/.claude/skills/logs)')
    .addOption(
      new Option('--output <format>', 'for --invocation and --list')
        .choices(SUMMARY_OUTPUTS)
        .default(DEFAULT_SUMMARY_OUTPUT),
    )
    .action(async (skill: string, flags) =>
      setExit(await (await import('./commands/evaluate-skill.js')).runEvaluateSkill(skill, flags, ui)),
    );
}
