/**
 * Which commands a command line needs built. Building all ~20 commands and their options cost a one-skill `score`
 * about 4 ms of its start-up, and a run only ever reaches the command it names: that command's help, errors and
 * suggestions come from it alone. A command line that names none of them (`--help`, `help score`, a typo) still
 * gets every command, so the command list and "did you mean" stay whole.
 */

/** The top-level commands, in the order buildProgram registers them (and `plugin-eval --help` lists them). */
export const COMMAND_NAMES: readonly string[] = [
  'score',
  'certify',
  'worker',
  'compare',
  'validate',
  'lsp',
  'init',
  'history',
  'view',
  'report',
  'schema',
  'cache',
  'hooks',
  'evaluate-skill',
  'validity',
  'config',
  'judge',
  'logs',
  'evals',
];

/** Global options that take a value: their value is not the command name. */
const GLOBAL_OPTIONS_WITH_VALUE = new Set(['--config']);

/** The subcommand named in argv: the first word that is neither an option nor a global option's value. */
export function commandNameOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1];
    if (GLOBAL_OPTIONS_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/** Whether the program for `argv` registers the command `name`: the named command alone, else every one. */
export function commandsToBuild(argv: readonly string[]): (name: string) => boolean {
  const named = commandNameOf(argv);
  if (named === undefined || !COMMAND_NAMES.includes(named)) return () => true;
  return (name) => name === named;
}
