import path from 'node:path';
import type { MarkdownComponent } from '../../../parse/plugin.js';
import { readableFrontmatter } from '../../define.js';
import {
  commandArgumentHint,
  commandDescription as commandDescriptionRule,
  commandDescriptionMessage,
} from '../../validation/command.js';
import { numberedBullets, toolsNamedIn } from '../improvements/component-edits.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import type { CheckOutcome, Improvement } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import type { ComponentCheck } from './types.js';

const POSITIONAL = /\$(\d)\b/g;

/** What the command check reads, shared by `run` (the score) and `improve` (the tips), so they never disagree. */
export function commandFacts(command: MarkdownComponent) {
  const fm = command.data;
  // $ARGUMENTS is substituted anywhere, code included; $1..$9 inside code are usually shell or awk fields.
  const prose = command.markdown.proseLines.join('\n');
  const positional = Math.max(0, ...[...prose.matchAll(POSITIONAL)].map((m) => Number(m[1])));
  return {
    description: typeof fm.description === 'string' ? fm.description.trim() : '',
    usesArguments: /\$ARGUMENTS/.test(command.body) || positional > 0,
    positional,
    hasHint: typeof fm['argument-hint'] === 'string',
    declaresTools: fm['allowed-tools'] !== undefined,
    proseLines: command.markdown.proseTexts.length,
    structured: command.markdown.headings.length >= 2 || /^\s*\d+\.\s/m.test(command.body),
  };
}

type CommandFacts = ReturnType<typeof commandFacts>;

/** The command score's terms, from its facts alone: what `run` scores and what a tip's changed facts would score. */
function commandTerms(f: CommandFacts): ScoreBuilder {
  return new ScoreBuilder(0.4, 'base')
    .add(0.2, 'has a description', f.description.length >= 20)
    .add(0.1, f.usesArguments ? 'argument hint for its arguments' : 'takes no arguments', !f.usesArguments || f.hasHint)
    .add(0.1, 'declares allowed tools', f.declaresTools)
    .add(0.1, `${f.proseLines} lines of instructions`, f.proseLines >= 5)
    .add(0.1, 'structured into steps or sections', f.structured);
}

/** The rise in the command's score once its facts change as `change` says. */
function gainOf(f: CommandFacts, outcome: CheckOutcome, change: Partial<CommandFacts>): number {
  return Math.max(0, commandTerms({ ...f, ...change }).done().score - outcome.score);
}

export const commandQuality: ComponentCheck = {
  id: 'command-quality',
  kind: 'command',
  methodology: 'default',
  description:
    'Slash command with a description, an argument hint when it takes arguments, allowed tools, and concrete steps.',
  run(command) {
    const f = commandFacts(command);
    const b = commandTerms(f);
    // command/description is the validation rule's (same id, severity and message as `validate`).
    const readable = readableFrontmatter(command.frontmatter, true) !== undefined;
    const at = (key: string) => ({ file: command.file, line: command.frontmatter.keyLines[key] ?? 1, column: 1 });
    if (readable && f.description.length === 0)
      b.report(commandDescriptionRule, commandDescriptionMessage, at('description'));
    if (f.usesArguments && !f.hasHint)
      b.report(commandArgumentHint, 'command uses $ARGUMENTS but has no argument-hint', {
        file: command.file,
        line: 1,
        column: 1,
      });
    return b.done();
  },
  /**
   * Only what the facts show missing: the description's length, an argument hint naming the arguments it uses, the
   * tools its steps name, its bullet steps numbered. Never padding. Each gain is this formula's terms the change earns.
   */
  improve(command, outcome) {
    const f = commandFacts(command);
    const file = path.basename(command.abs);
    const name = command.stem;
    const out: Improvement[] = [];
    if (f.description.length < 20) {
      out.push({
        id: 'command-quality/description',
        action:
          f.description.length === 0
            ? tipText('commandDescriptionMissing')
            : tipText('commandDescriptionShort', f.description, f.description.length),
        example: tipExample('commandDescription', name),
        gain: gainOf(f, outcome, { description: f.description.padEnd(20) }),
      });
    }
    if (f.usesArguments && !f.hasHint) {
      const hint =
        f.positional > 0 ? Array.from({ length: f.positional }, (_, i) => `<arg${i + 1}>`).join(' ') : '[arguments]';
      out.push({
        id: 'command-quality/argument-hint',
        action: tipText('commandArgumentHint', f.positional > 0 ? `$1..$${f.positional}` : '$ARGUMENTS'),
        example: tipExample('commandArgumentHint', name, hint),
        edits: [{ op: 'set-frontmatter', file, key: 'argument-hint', value: hint }],
        gain: gainOf(f, outcome, { hasHint: true }),
      });
    }
    if (!f.declaresTools) {
      const named = toolsNamedIn(command);
      const tools = (named.length > 0 ? named : ['Read', 'Grep', 'Glob']).join(', ');
      out.push({
        id: 'command-quality/allowed-tools',
        action: named.length > 0 ? tipText('commandToolsNamed', named) : tipText('commandToolsNone'),
        example: tipExample('commandTools', name, tools),
        edits: [{ op: 'set-frontmatter', file, key: 'allowed-tools', value: tools }],
        gain: gainOf(f, outcome, { declaresTools: true }),
      });
    }
    if (!f.structured) {
      const steps = numberedBullets(command, file);
      if (steps) {
        out.push({
          id: 'command-quality/steps',
          action: tipText('commandSteps', command.markdown.headings.length),
          edits: steps,
          gain: gainOf(f, outcome, { structured: true }),
        });
      }
    }
    return out;
  },
};
