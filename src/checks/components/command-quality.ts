import { ScoreBuilder } from '../shared/score-builder.js';
import type { ComponentCheck } from './types.js';

export const commandQuality: ComponentCheck = {
  id: 'command-quality',
  kind: 'command',
  methodology: 'default',
  description: 'Slash command with a description, an argument hint when it takes arguments, allowed tools, and concrete steps.',
  run(command) {
    const fm = command.data;
    const b = new ScoreBuilder(0.4, 'base');
    const description = typeof fm.description === 'string' ? fm.description.trim() : '';
    b.add(0.2, 'has a description', description.length >= 20);
    if (description.length === 0) b.find({ ruleId: 'command-quality/description', severity: 'warning', message: 'command has no description (it shows as blank in /help)', file: command.file, line: 1 });
    // $ARGUMENTS is substituted anywhere, code included; $1..$9 inside code are usually shell or awk fields.
    const prose = command.markdown.proseLines.join('\n');
    const usesArgs = /\$ARGUMENTS/.test(command.body) || /\$\d\b/.test(prose);
    const hint = typeof fm['argument-hint'] === 'string';
    b.add(0.1, usesArgs ? 'argument hint for its arguments' : 'takes no arguments', !usesArgs || hint);
    if (usesArgs && !hint) b.find({ ruleId: 'command-quality/argument-hint', severity: 'warning', message: 'command uses $ARGUMENTS but has no argument-hint', file: command.file, line: 1 });
    b.add(0.1, 'declares allowed tools', fm['allowed-tools'] !== undefined);
    const proseLineCount = command.markdown.proseLines.filter((l) => l.trim() !== '').length;
    b.add(0.1, `${proseLineCount} lines of instructions`, proseLineCount >= 5);
    b.add(0.1, 'structured into steps or sections', command.markdown.headings.length >= 2 || /^\s*\d+\.\s/m.test(command.body));
    return b.done();
  },
};
