/**
 * commands/*.md rules. A command needs no frontmatter; `CommandFrontmatter` (src/model/manifests.ts) is the single
 * source of the types of the keys it may have.
 */
import { defineRule, issuesAt, keyLine, readableFrontmatter, report } from '../define.js';
import type { ComponentFacts, CommandRule } from '../types.js';

export const commandDescription: CommandRule = defineRule<CommandRule>(
  {
    id: 'command/description',
    appliesTo: 'command',
    severity: 'warning',
    description: 'A command has a `description` (what /help shows).',
    rationale:
      'Reported for every command without one, frontmatter or not (a command without frontmatter has no ' +
      'description either); Claude Code falls back to the first line of the prompt, so it is a warning.',
  },
  ({ component }: ComponentFacts) => {
    const data = readableFrontmatter(component.frontmatter, true);
    if (!data || (typeof data.description === 'string' && data.description.trim() !== '')) return [];
    return [
      report(
        commandDescription.meta,
        component.file,
        commandDescriptionMessage,
        keyLine(component.frontmatter, 'description'),
        1,
      ),
    ];
  },
);
export const commandDescriptionMessage = 'command has no description (it shows as blank in /help)';

/** Reported by the command-quality check, which knows where the body uses its arguments (listed here for its id). */
export const commandArgumentHint: CommandRule = defineRule<CommandRule>({
  id: 'command/argument-hint',
  appliesTo: 'command',
  severity: 'warning',
  description: 'A command that uses $ARGUMENTS or $1..$9 has an `argument-hint`.',
  reportedBy: 'command-quality',
});

const TYPED_KEYS = ['description', 'argument-hint', 'allowed-tools', 'model'];

export const commandFrontmatterType: CommandRule = defineRule<CommandRule>(
  {
    id: 'command/frontmatter-type',
    appliesTo: 'command',
    severity: 'error',
    description: 'description, argument-hint and model are strings; allowed-tools a string or a list.',
  },
  ({ component, schemaIssues }: ComponentFacts) => {
    if (!readableFrontmatter(component.frontmatter, true)) return [];
    return TYPED_KEYS.filter((key) => issuesAt(schemaIssues, key).length > 0).map((key) =>
      report(
        commandFrontmatterType.meta,
        component.file,
        `${key} must be ${key === 'allowed-tools' ? 'a string or a list of tool names' : 'a string'}`,
        keyLine(component.frontmatter, key),
        1,
      ),
    );
  },
);

export const COMMAND_RULES: readonly CommandRule[] = [commandDescription, commandArgumentHint, commandFrontmatterType];
