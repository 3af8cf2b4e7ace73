import path from 'node:path';
import type { MarkdownComponent } from '../../../parse/plugin.js';
import { readableFrontmatter } from '../../define.js';
import {
  commandArgumentHint,
  commandDescription as commandDescriptionRule,
  commandDescriptionMessage,
} from '../../validation/command.js';
import {
  commandDescription,
  firstProseSentence,
  numberedBullets,
  toolsNamedIn,
} from '../improvements/component-edits.js';
import type { Improvement } from '../types.js';
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
    proseLines: command.markdown.proseLines.filter((l) => l.trim() !== '').length,
    structured: command.markdown.headings.length >= 2 || /^\s*\d+\.\s/m.test(command.body),
  };
}

export const commandQuality: ComponentCheck = {
  id: 'command-quality',
  kind: 'command',
  methodology: 'default',
  description:
    'Slash command with a description, an argument hint when it takes arguments, allowed tools, and concrete steps.',
  run(command) {
    const f = commandFacts(command);
    const b = new ScoreBuilder(0.4, 'base');
    b.add(0.2, 'has a description', f.description.length >= 20);
    // command/description is the validation rule's (same id, severity and message as `validate`).
    const readable = readableFrontmatter(command.frontmatter, true) !== undefined;
    const at = (key: string) => ({ file: command.file, line: command.frontmatter.keyLines[key] ?? 1, column: 1 });
    if (readable && f.description.length === 0)
      b.report(commandDescriptionRule, commandDescriptionMessage, at('description'));
    b.add(
      0.1,
      f.usesArguments ? 'argument hint for its arguments' : 'takes no arguments',
      !f.usesArguments || f.hasHint,
    );
    if (f.usesArguments && !f.hasHint)
      b.report(commandArgumentHint, 'command uses $ARGUMENTS but has no argument-hint', {
        file: command.file,
        line: 1,
        column: 1,
      });
    b.add(0.1, 'declares allowed tools', f.declaresTools);
    b.add(0.1, `${f.proseLines} lines of instructions`, f.proseLines >= 5);
    b.add(0.1, 'structured into steps or sections', f.structured);
    return b.done();
  },
  /**
   * Only what the facts show missing: a description from the command's own first sentence, an argument hint
   * naming the arguments it uses, the tools its steps name, its bullet steps numbered. Never padding.
   */
  improve(command) {
    const f = commandFacts(command);
    const file = path.basename(command.abs);
    const out: Improvement[] = [];
    if (f.description.length < 20) {
      const rewritten = commandDescription(f.description, firstProseSentence(command), command.stem);
      if (rewritten) {
        out.push({
          id: 'command-quality/description',
          action:
            `Describe the command in one ` +
            `line: ${f.description.length === 0 ? 'it has no description, so /help shows it blank' : `"${f.description}" is ${f.description.length} characters (20 or more score)`}.`,
          example: `description: ${JSON.stringify(rewritten)}`,
          edits: [{ op: 'set-frontmatter', file, key: 'description', value: rewritten }],
        });
      }
    }
    if (f.usesArguments && !f.hasHint) {
      const hint =
        f.positional > 0 ? Array.from({ length: f.positional }, (_, i) => `<arg${i + 1}>`).join(' ') : '[arguments]';
      out.push({
        id: 'command-quality/argument-hint',
        action:
          `Add an argument hint: the command uses ${f.positional > 0 ? `$1..$${f.positional}` : '$ARGUMENTS'} and ` +
          `/help does not say what to pass.`,
        example: `argument-hint: ${hint}`,
        edits: [{ op: 'set-frontmatter', file, key: 'argument-hint', value: hint }],
      });
    }
    if (!f.declaresTools) {
      const named = toolsNamedIn(command);
      const tools = named.length > 0 ? named : ['Read', 'Grep', 'Glob'];
      out.push({
        id: 'command-quality/allowed-tools',
        action:
          named.length > 0
            ? `Declare the tools the command may use: it has no \`allowed-tools\`; its steps use ${named.join(', ')}.`
            : 'Declare the tools the command may use: it has no `allowed-tools` and names none, so a read-only ' +
              'set is shown; add what it really needs.',
        example: `allowed-tools: ${tools.join(', ')}`,
        edits: [{ op: 'set-frontmatter', file, key: 'allowed-tools', value: tools.join(', ') }],
      });
    }
    if (!f.structured) {
      const steps = numberedBullets(command, file);
      if (steps) {
        out.push({
          id: 'command-quality/steps',
          action:
            `Number the command's steps: it has ${command.markdown.headings.length} heading(s) and no numbered ` +
            `list, and its bullet list reads as a sequence.`,
          example: steps.example,
          edits: steps.edits,
        });
      }
    }
    return out;
  },
};
