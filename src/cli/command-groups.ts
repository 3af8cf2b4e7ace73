/**
 * judge, logs and evals: commands with subcommands whose modules pull in the LLM SDKs, the agent runner or many
 * schemas. Each is registered in full only when it is the command asked for; otherwise `plugin-eval --help` lists a
 * stub of it.
 */
import type { Command } from 'commander';
import { commandNameOf } from './command-set.js';
import type { Ui } from './ui.js';

export async function registerCommandGroups(
  program: Command,
  ui: Ui,
  setExit: (code: number) => void,
  argv: readonly string[],
  built: (name: string) => boolean,
): Promise<void> {
  // The judge toolkit pulls in the LLM SDKs and many schemas; load it only when it is the command asked for,
  // so `score` starts fast. `plugin-eval --help` still lists it.
  if (commandNameOf(argv) === 'judge') {
    const [{ registerJudgeCommands }, { makeProvider }] = await Promise.all([
      import('./commands/judge.js'),
      import('./provider-setup.js'),
    ]);
    registerJudgeCommands(program, {
      makeProvider,
      stdout: { write: (t: string) => ui.stdout(t) },
      stderr: { write: (t: string) => ui.stderr(t.replace(/\n$/, '')) },
      setExit,
      settings: { configFile: () => program.opts<{ config?: string }>().config },
      ...(ui.signal ? { signal: ui.signal } : {}),
    });
  } else if (built('judge')) {
    program
      .command('judge')
      .description('LLM-as-judge toolkit: score, compare, rubric, calibrate, bias (see plugin-eval judge --help)')
      .allowUnknownOption()
      .argument('[args...]');
  }
  if (commandNameOf(argv) === 'logs')
    (await import('./commands/logs.js')).registerLogsCommands(program, { ui, setExit });
  else if (built('logs'))
    program
      .command('logs')
      .description('skill execution logs: aggregate (LEARNINGS.md), stats, improve (see plugin-eval logs --help)')
      .allowUnknownOption()
      .argument('[args...]');
  // The eval workflow loads the agent runner and the judge toolkit: only when it is the command asked for.
  if (commandNameOf(argv) === 'evals') {
    const { registerEvalsCommands } = await import('./commands/evals.js');
    registerEvalsCommands(program, { ui, setExit, configFile: () => program.opts<{ config?: string }>().config });
  } else if (built('evals')) {
    program
      .command('evals')
      .description(
        "skill-creator's eval workflow: run, grade, aggregate, compare, history, triggers, optimize-description " +
          '(see plugin-eval evals --help)',
      )
      .allowUnknownOption()
      .argument('[args...]');
  }
}
