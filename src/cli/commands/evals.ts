/**
 * `plugin-eval evals ...`: skill-creator's eval workflow, one command per step (run, grade, aggregate, compare,
 * history, triggers, optimize-description), over workspaces skill-creator's own scripts and viewer also read.
 * Loaded only when `evals` is the command asked for (it pulls in the agent runner and the judge toolkit).
 * Each step lives in its own file (evals-<step>-command.ts) and registers itself here.
 */
import type { Command } from 'commander';
import { registerGradeCommand } from './evals-grade.js';
import { registerRunCommand } from './evals-run.js';
import { registerOptimizeCommand } from './evals-optimize.js';
import { registerTriggersCommand } from './evals-triggers.js';
import type { Ui } from '../ui.js';
import { registerAggregateCommand } from './evals-aggregate.js';
import { registerCompareCommand } from './evals-compare.js';
import { registerHistoryCommand } from './evals-history.js';

export interface EvalsCommandContext {
  ui: Ui;
  setExit: (code: number) => void;
  /** The global --config file, if one was given. */
  configFile: () => string | undefined;
}

/** The `evals` command group with every step registered. */
export function registerEvalsCommands(program: Command, ctx: EvalsCommandContext): Command {
  const evals = program
    .command('evals')
    .description(
      "skill-creator's eval workflow: run evals with and without the skill, grade, aggregate, compare, trigger " +
        'evals (see plugin-eval evals --help)',
    );
  registerRunCommand(evals, ctx);
  registerGradeCommand(evals, ctx);
  registerAggregateCommand(evals, ctx);
  registerCompareCommand(evals, ctx);
  registerHistoryCommand(evals, ctx);
  registerTriggersCommand(evals, ctx);
  registerOptimizeCommand(evals, ctx);
  return evals;
}
